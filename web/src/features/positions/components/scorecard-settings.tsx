import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { CRITERION_GUIDE_MAX, CRITERION_NAME_MAX, MAX_CRITERIA } from '../../../../../lambdas/contracts/scorecard';
import { savePositionScorecard, usePositionScorecard, type Criterion, type CriterionInput } from '../../../api/scorecards';
import { Section } from './settings-section';
import './scorecard-settings.css';

interface Draft {
  /** The criterion's id once saved (its scores stay its own when it is renamed); a new one has none. */
  criterionId: string | null;
  /** A stable React key, also for criteria not saved yet. */
  key: string;
  name: string;
  guide1: string;
  guide3: string;
  guide5: string;
}

let drafts = 0;
const draftOf = (c: Criterion): Draft => ({
  criterionId: c.criterionId,
  key: c.criterionId,
  name: c.name,
  guide1: c.guide1 ?? '',
  guide3: c.guide3 ?? '',
  guide5: c.guide5 ?? '',
});
const blank = (): Draft => ({ criterionId: null, key: `new-${++drafts}`, name: '', guide1: '', guide3: '', guide5: '' });
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const comparable = (list: Draft[]) => JSON.stringify(list.map(({ key: _key, ...rest }) => rest));

const GUIDES = [
  ['guide1', 'What a 1 means'],
  ['guide3', 'What a 3 means'],
  ['guide5', 'What a 5 means'],
] as const;

/** What a save sends of the drafts: names and guides trimmed, a blank guide none. */
const inputsOf = (list: Draft[]): CriterionInput[] =>
  list.map((c) => ({ criterionId: c.criterionId, name: c.name.trim(), guide1: orNull(c.guide1), guide3: orNull(c.guide3), guide5: orNull(c.guide5) }));

/**
 * The position's criteria as the Settings view edits them (issue 43): the saved ones until
 * something changes, then the drafts. The view's one "Save changes" saves them with its other
 * settings (`save`), so criteria added or edited cannot be left behind when the page moves on.
 */
export const useScorecardDraft = (positionId: string) => {
  const scorecard = usePositionScorecard(positionId);
  // The edits; null while there are none (the saved criteria show).
  const [edited, setCriteria] = useState<Draft[] | null>(null);
  const saved = scorecard.data?.criteria;
  const criteria = edited ?? saved?.map(draftOf) ?? null;
  const list = criteria ?? [];
  return {
    /** Null while the saved criteria are read. */
    criteria,
    loadFailed: Boolean(scorecard.error),
    changed: saved !== undefined && comparable(list) !== comparable(saved.map(draftOf)),
    valid: list.every((c) => c.name.trim() !== ''),
    setCriteria,
    /** Saves the drafts; the saved criteria show afterwards. */
    save: async () => {
      const result = await savePositionScorecard(positionId, inputsOf(list));
      await scorecard.mutate(result, { revalidate: false });
      setCriteria(null);
    },
  };
};
export type ScorecardDraft = ReturnType<typeof useScorecardDraft>;

/**
 * Scorecard (issue 27): the position's criteria, each with a guide for a 1, a 3 and a 5. Saved
 * with the rest of the settings by the view's "Save changes" (issue 43); a criterion renamed keeps
 * its scores, and scores of a removed one stay readable on the candidates. Without criteria,
 * reviewers rate answers as before.
 */
export const ScorecardSettings = ({ draft }: { draft: ScorecardDraft }) => {
  const { criteria, setCriteria } = draft;
  const list = criteria ?? [];
  const update = (index: number, change: Partial<Draft>) => setCriteria(list.map((c, i) => (i === index ? { ...c, ...change } : c)));

  return (
    <Section
      title="Scorecard"
      description="Criteria every reviewer scores from 1 to 5, with a guide to what a 1, a 3 and a 5 mean. Without criteria, reviewers rate each answer."
    >
      {criteria === null ? (
        <Text color="font.secondary">{draft.loadFailed ? 'The scorecard could not be loaded.' : 'Loading the scorecard...'}</Text>
      ) : (
        <>
          {list.length === 0 && <Text color="font.secondary">No criteria yet: reviewers rate each answer from 1 to 5.</Text>}
          <ol className="scorecard-settings__list">
            {list.map((c, index) => (
              <li key={c.key}>
                <fieldset className="scorecard-settings__criterion">
                  <legend className="scorecard-settings__legend">Criterion {index + 1}</legend>
                  <TextField
                    label="Name"
                    placeholder="For example, Communication"
                    value={c.name}
                    maxLength={CRITERION_NAME_MAX}
                    hasError={c.name.trim() === ''}
                    errorMessage="Name the criterion."
                    onChange={(e) => update(index, { name: e.target.value })}
                  />
                  <div className="scorecard-settings__guides">
                    {GUIDES.map(([field, label]) => (
                      <TextField
                        key={field}
                        label={label}
                        descriptiveText="Optional"
                        size="small"
                        value={c[field]}
                        maxLength={CRITERION_GUIDE_MAX}
                        onChange={(e) => update(index, { [field]: e.target.value })}
                      />
                    ))}
                  </div>
                  <Flex justifyContent="flex-end">
                    <Button
                      size="small"
                      variation="link"
                      onClick={() => setCriteria(list.filter((_, i) => i !== index))}
                    >
                      Remove criterion {index + 1}
                    </Button>
                  </Flex>
                </fieldset>
              </li>
            ))}
          </ol>
          {list.length > 0 && (
            <Text fontSize="small" color="font.secondary">
              Renaming a criterion keeps its scores; scores of a removed criterion stay readable on the candidates.
            </Text>
          )}
          <Flex gap="small" wrap="wrap" alignItems="center">
            <Button size="small" isDisabled={list.length >= MAX_CRITERIA} onClick={() => setCriteria([...list, blank()])}>
              Add criterion
            </Button>
            {list.length >= MAX_CRITERIA && (
              <Text fontSize="small" color="font.secondary">
                A scorecard has at most {MAX_CRITERIA} criteria.
              </Text>
            )}
          </Flex>
        </>
      )}
    </Section>
  );
};
