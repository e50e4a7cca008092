import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { SCORECARD_NOTE_MAX } from '../../../../../lambdas/contracts/scorecard';
import { errorMessage } from '../../../api/client';
import { submitScorecard, useCandidateScorecards, type CandidateScorecards, type Criterion, type Scorecard } from '../../../api/scorecards';
import { LoadingRegion, Skeleton, SkeletonLines } from '../../../components/skeleton';
import { formatMean, reviewerLabel } from '../../../lib/scores';
import './scorecard-panel.css';

const SCORES = [1, 2, 3, 4, 5] as const;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The guide of a criterion as one hint line: "1: Hard to follow · 3: Clear · 5: Compelling". */
const guideText = (c: Criterion) =>
  (
    [
      [1, c.guide1],
      [3, c.guide3],
      [5, c.guide5],
    ] as const
  )
    .filter(([, text]) => text)
    .map(([n, text]) => `${n}: ${text}`)
    .join(' · ');

/** One criterion's 1–5 scale: a radio group (arrow keys move, Space picks), its guide as the group's description. */
const CriterionScale = ({ criterion, value, onChange }: { criterion: Criterion; value: number | undefined; onChange: (score: number) => void }) => {
  const hintId = useId();
  const guide = guideText(criterion);
  return (
    <fieldset className="scorecard__criterion" aria-describedby={guide ? hintId : undefined}>
      <legend className="scorecard__name">{criterion.name}</legend>
      <div className="scorecard__scale">
        {SCORES.map((n) => (
          <label key={n} className="scorecard__option">
            <input
              type="radio"
              className="scorecard__radio"
              name={`score-${criterion.criterionId}`}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
            />
            <span className="scorecard__value">
              {n}
              <span className="visually-hidden"> of 5</span>
            </span>
          </label>
        ))}
      </div>
      {guide && (
        <p id={hintId} className="scorecard__guide">
          {guide}
        </p>
      )}
    </fieldset>
  );
};

/** An address with a line break allowed before its "@". */
const breakable = (name: string) => {
  const at = name.indexOf('@');
  return at > 0 ? (
    <>
      {name.slice(0, at)}
      <wbr />
      {name.slice(at)}
    </>
  ) : (
    name
  );
};

/** Everyone's scorecards once the caller's is in: a row per criterion, a column per reviewer, and the mean. */
const ScoresTable = ({ revealed, myId }: { revealed: NonNullable<CandidateScorecards['revealed']>; myId: string | undefined }) => {
  const nameOf = (card: Scorecard) => reviewerLabel(card, myId);
  const scoreOf = (card: Scorecard, criterionId: string) => card.scores.find((s) => s.criterionId === criterionId)?.score;
  return (
    <>
      {/* Many reviewers scroll sideways: the region takes focus, so the keyboard scrolls it too. */}
      <div className="scorecard__table-wrap" role="region" aria-label="Scores by reviewer" tabIndex={0}>
        <table className="scorecard__table">
          <caption className="visually-hidden">Scores by reviewer, with the mean per criterion</caption>
          <thead>
            <tr>
              <th scope="col">Criterion</th>
              {revealed.scorecards.map((card) => (
                // The whole name, wrapped (best before the "@") rather than cut (issue 43).
                <th key={card.reviewerId} scope="col" className="scorecard__reviewer">
                  {breakable(nameOf(card))}
                </th>
              ))}
              <th scope="col">Mean</th>
            </tr>
          </thead>
          <tbody>
            {revealed.criteria.map((c) => (
              <tr key={c.criterionId}>
                <th scope="row">
                  {c.name}
                  {!c.current && <span className="scorecard__removed"> (removed)</span>}
                </th>
                {revealed.scorecards.map((card) => (
                  <td key={card.reviewerId}>{scoreOf(card, c.criterionId) ?? '–'}</td>
                ))}
                <td className="scorecard__mean">{formatMean(c.mean)}</td>
              </tr>
            ))}
          </tbody>
          {revealed.mean !== null && (
            <tfoot>
              <tr>
                <th scope="row">Overall</th>
                {revealed.scorecards.map((card) => (
                  <td key={card.reviewerId}>{formatMean(card.mean)}</td>
                ))}
                <td className="scorecard__mean">{formatMean(revealed.mean)}</td>
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      {revealed.scorecards
        .filter((card) => card.note)
        .map((card) => (
          <p key={card.reviewerId} className="scorecard__note">
            <span className="scorecard__note-author">{nameOf(card)}:</span> {card.note}
          </p>
        ))}
    </>
  );
};

/**
 * Scorecard (issue 27) in the candidate page's aside, for a position with criteria: each criterion
 * on a 1–5 scale with its guide, an optional note, Submit. Until the member has submitted, the other
 * reviewers' scores stay hidden (the server does not send them): only how many there are. After, a
 * table of everyone's scores and the mean per criterion; "Change my scores" edits theirs.
 */
export const ScorecardPanel = ({ candidateId, canScore }: { candidateId: string; canScore: boolean }) => {
  const scorecards = useCandidateScorecards(candidateId);
  const data = scorecards.data;
  // The member's choices; null until they change something (their submitted scorecard shows).
  const [edited, setDraft] = useState<Record<string, number> | null>(null);
  const [editedNote, setNote] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const mine = data?.mine ?? null;
  const draft: Record<string, number> = edited ?? Object.fromEntries((mine?.scores ?? []).map((s) => [s.criterionId, s.score]));
  const note = editedNote ?? mine?.note ?? '';

  // While it loads, the panel says so (issue 43); it goes once a position turns out to have no criteria.
  if (!data && !scorecards.error)
    return (
      <Card variation="outlined" as="section" aria-label="Scorecard" className="scorecard">
        <Flex direction="column" gap="small">
          <Heading level={6}>Scorecard</Heading>
          <LoadingRegion label="Loading the scorecard…">
            <SkeletonLines lines={2} />
            <Skeleton shape="button-small" width="6rem" />
          </LoadingRegion>
        </Flex>
      </Card>
    );
  // A position without criteria shows nothing new: reviewers rate answers (spec §9).
  if (!data || (data.criteria.length === 0 && !data.revealed)) return null;
  const criteria = data.criteria;
  const complete = criteria.length > 0 && criteria.every((c) => draft[c.criterionId] !== undefined);
  const showForm = criteria.length > 0 && canScore && (!mine || editing);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await submitScorecard(
        candidateId,
        criteria.map((c) => ({ criterionId: c.criterionId, score: draft[c.criterionId]! })),
        note.trim() || null,
      );
      await scorecards.mutate(result, { revalidate: false });
      setDraft(null);
      setNote(null);
      setEditing(false);
    } catch (e) {
      setError(errorMessage(e, 'Your scores could not be submitted. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variation="outlined" as="section" aria-label="Scorecard" className="scorecard">
      <Flex direction="column" gap="small">
        <Heading level={6}>Scorecard</Heading>
        {!mine && (
          <Text fontSize="small" color="font.secondary" role="status">
            {data.othersSubmitted > 0
              ? `Scores from ${plural(data.othersSubmitted, 'other reviewer', 'other reviewers')} are hidden until you submit yours.`
              : 'No one has scored this candidate yet. Scores stay hidden from other reviewers until they submit theirs.'}
          </Text>
        )}
        {!canScore && !mine && (
          <Text fontSize="small" color="font.tertiary">
            Candidates can be scored once they have responded.
          </Text>
        )}
        {showForm && (
          <form
            className="scorecard__form"
            onSubmit={(e) => {
              e.preventDefault();
              if (complete && !busy) void submit();
            }}
          >
            {criteria.map((c) => (
              <CriterionScale
                key={c.criterionId}
                criterion={c}
                value={draft[c.criterionId]}
                onChange={(score) => setDraft({ ...draft, [c.criterionId]: score })}
              />
            ))}
            <div className="scorecard__field">
              <label htmlFor={noteId} className="scorecard__label">
                Note (optional)
              </label>
              <textarea
                id={noteId}
                className="scorecard__textarea"
                value={note}
                maxLength={SCORECARD_NOTE_MAX}
                rows={2}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
            {error && <Alert variation="error">{error}</Alert>}
            <Flex gap="xs" wrap="wrap">
              <Button type="submit" size="small" variation="primary" isDisabled={!complete} isLoading={busy} loadingText="Submitting...">
                {mine ? 'Update scores' : 'Submit scores'}
              </Button>
              {mine && (
                <Button
                  size="small"
                  variation="link"
                  onClick={() => {
                    setDraft(null);
                    setNote(null);
                    setEditing(false);
                  }}
                >
                  Cancel
                </Button>
              )}
            </Flex>
            {!complete && (
              <Text fontSize="small" color="font.tertiary">
                Score every criterion to submit.
              </Text>
            )}
          </form>
        )}
        {data.revealed && !editing && (
          <>
            <ScoresTable revealed={data.revealed} myId={mine?.reviewerId} />
            {criteria.length > 0 && canScore && (
              <Button size="small" alignSelf="flex-start" onClick={() => setEditing(true)}>
                Change my scores
              </Button>
            )}
          </>
        )}
      </Flex>
    </Card>
  );
};
