import { Alert, Button, Flex, Heading, Menu, MenuItem, SearchField, SelectField, Tabs, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSearchParamsUpdate } from '../../../lib/search-params';
import { exportCandidateTable, sendPreview, type CandidateSummary } from '../../../api/candidates';
import { errorMessage } from '../../../api/client';
import { useOwnershipStatus, usePlanStatus } from '../../../api/companies';
import type { Position } from '../../../api/positions';
import { Snackbar, type Notice } from '../../../components/snackbar';
import { SEARCH_MIN_CHARS } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { downloadText } from '../../../lib/download';
import { messages } from '../messages';
import { AnswerSearch } from './answer-search';
import { CandidateList } from './candidate-list';
import { InviteDialog } from './invite-dialog';
import { tabCount, visibleTabs } from '../tab-counts';
import { usePositionScorecard } from '../../../api/scorecards';

const BulkInviteDialog = lazy(() => import('./bulk-invite-dialog'));
const PlanSelectionDialog = lazy(async () => ({ default: (await import('../../../components/billing/plan-selection-dialog')).PlanSelectionDialog }));

const tabs = {
  invited: { label: 'Invited', empty: 'Sent an interview to complete' },
  responded: { label: 'Responded', empty: 'Completed the interview' },
  shortlisted: { label: 'Shortlisted', empty: 'Promising to move forward' },
  rejected: { label: 'Rejected', empty: 'Not a good fit' },
} as const;
type Tab = keyof typeof tabs;
const SEARCH_DEBOUNCE_MS = 300;

/** The search box's text, applied to the URL (`searchText`) once it pauses and has 3 characters or none. */
const useSearchText = (params: URLSearchParams, apply: (text: string | null) => void) => {
  const [text, setText] = useState(params.get('searchText') ?? '');
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed.length > 0 && trimmed.length < SEARCH_MIN_CHARS) return;
    const timer = setTimeout(() => apply(trimmed || null), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, apply]);
  return [text, setText] as const;
};

/**
 * Candidates view (spec §2): the "Invite candidate" split button and its menu, the closed-position
 * and plan banners, tabs with counts (shortlisted and rejected only with evaluation), and each
 * tab's cards or empty state.
 */
export const CandidatesView = ({ position, evaluation, onChanged }: { position: Position; evaluation: boolean; onChanged: () => void }) => {
  const [params] = useSearchParams();
  const plan = usePlanStatus(position.companyId);
  const ownership = useOwnershipStatus(position.companyId);
  const [dialog, setDialog] = useState<'invite' | 'bulk' | 'plan' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const clearNotice = useCallback(() => setNotice(null), []);
  const update = useSearchParamsUpdate();
  const setParam = useCallback((name: string, value: string | null, also: Record<string, null> = {}) => update({ ...also, [name]: value }), [update]);
  const applySearch = useCallback(
    (text: string | null) => setParam('searchText', text, text === params.get('searchText') ? {} : { lastCandidateId: null }),
    [setParam, params],
  );
  const [searchInput, setSearchInput] = useSearchText(params, applySearch);
  const searchText = params.get('searchText');
  const tooShort = searchInput.trim().length > 0 && searchInput.trim().length < SEARCH_MIN_CHARS;
  const onLastCandidate = useCallback((id: string | null) => setParam('lastCandidateId', id), [setParam]);
  const candidateHref = useCallback(
    (candidate: CandidateSummary) => paths.candidate.to(position.companyId, position.positionId, candidate.candidateId),
    [position.companyId, position.positionId],
  );

  // Scorecards (issue 27): a position with criteria can list a tab's scored candidates by mean score.
  const scorecard = usePositionScorecard(position.positionId);
  const scored = (scorecard.data?.criteria.length ?? 0) > 0;
  const visible: Tab[] = visibleTabs(evaluation);
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && visible.includes(requested) ? requested : 'invited';
  const byScore = scored && tab !== 'invited' && params.get('sort') === 'score';
  const count = (t: Tab) => tabCount(position.candidates, t, evaluation);

  const open = position.currentStatus === 'open';
  const subscribed = plan.data && ['subscribed', 'complimentary'].includes(plan.data.subscriptionStatus);
  const needsPlan = Boolean(plan.data && !subscribed && plan.data.candidatePacksStatus.remaining === 0);
  const usedUp = needsPlan && (plan.data?.candidatePacksStatus.allocated ?? 0) > 0;
  const changed = () => {
    onChanged();
    void plan.mutate();
  };
  const startInvite = (kind: 'invite' | 'bulk') => setDialog(needsPlan ? 'plan' : kind);
  // An invite refused for want of credits (402: the plan status shown was out of date, or a bulk
  // list is longer than the credits left) goes to plan selection with what the server says now.
  const planRequired = () => {
    void plan.mutate();
    setDialog('plan');
  };
  // A dialog closes only itself: the native dialog reports its closing after another one may have opened.
  const closeDialog = (which: 'invite' | 'bulk' | 'plan') => () => setDialog((current) => (current === which ? null : current));
  const preview = async () => {
    try {
      await sendPreview(position.positionId);
      setNotice({ message: messages.previewSent, variation: 'success' });
    } catch (e) {
      setNotice({ message: errorMessage(e, messages.previewFailed), variation: 'error' });
    }
  };
  const download = async () => {
    try {
      const [{ rows, questions }, csv] = await Promise.all([exportCandidateTable(position.positionId), import('../csv')]);
      downloadText(csv.candidatesCsv(rows, questions), csv.exportFileName(position.jobTitle), 'text/csv;charset=utf-8');
      setNotice({ message: messages.checkDownloads, variation: 'success' });
    } catch (e) {
      setNotice({ message: errorMessage(e, messages.downloadFailed), variation: 'error' });
    }
  };
  const listProps = (label: string, empty: string, revision: number) => ({
    positionId: position.positionId,
    lastCandidateId: params.get('lastCandidateId'),
    onLastCandidate,
    candidateHref,
    evaluation,
    label,
    empty,
    revision,
    onChanged: changed,
    notify: setNotice,
  });

  return (
    <Flex direction="column" gap="medium">
      {!open && <Alert variation="warning">{messages.closedBanner}</Alert>}
      {usedUp && (
        <Alert variation="warning">
          {messages.creditsUsedUp} To invite more candidates,{' '}
          <Button variation="link" size="small" padding="0" onClick={() => setDialog('plan')}>
            select a plan
          </Button>
          .
        </Alert>
      )}
      <Flex justifyContent="flex-end">
        <Flex gap="0" role="group" aria-label="Invite candidates">
          <Button
            variation="primary"
            isDisabled={!open}
            onClick={() => startInvite('invite')}
            style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
          >
            Invite candidate
          </Button>
          <Menu
            menuAlign="end"
            trigger={
              <Button
                variation="primary"
                aria-label="More ways to invite"
                style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: '1px solid rgba(255,255,255,.4)' }}
              >
                ▾
              </Button>
            }
          >
            <MenuItem isDisabled={!open} onClick={() => startInvite('bulk')}>
              Invite candidates in bulk
            </MenuItem>
            <MenuItem isDisabled={!open} onClick={() => void preview()}>
              Send yourself a preview
            </MenuItem>
            <MenuItem onClick={() => void download()}>Download candidates</MenuItem>
          </Menu>
        </Flex>
      </Flex>
      <Flex direction="column" gap="xxs" maxWidth="420px">
        <SearchField
          label="Search candidates"
          labelHidden
          placeholder="Search by name or email"
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
          onClear={() => setSearchInput('')}
          onSubmit={(value) => setSearchInput(value)}
          title="Enter at least 3 characters to search..."
          size="small"
        />
        {tooShort && (
          <Text fontSize="small" color="font.secondary" role="status">
            Enter at least 3 characters to search...
          </Text>
        )}
      </Flex>
      <AnswerSearch companyId={position.companyId} positionId={position.positionId} />
      {searchText ? (
        <Flex direction="column" gap="small">
          <Heading level={5}>Search results</Heading>
          <CandidateList
            key={`search:${searchText}`}
            list={{ tab: 'invited', searchText }}
            {...listProps('Empty results', 'No matching candidates were found', position.candidates.invited + count('responded'))}
          />
        </Flex>
      ) : (
        <Tabs
          value={tab}
          onValueChange={(value) => setParam('tab', value, { lastCandidateId: null })}
          items={visible.map((t) => ({
            label: `${tabs[t].label} (${count(t)})`,
            value: t,
            content:
              t === tab ? (
                <Flex direction="column" gap="small">
                  {scored && t !== 'invited' && (
                    <Flex alignItems="center" gap="small" wrap="wrap">
                      <SelectField
                        label="Sort by"
                        size="small"
                        value={byScore ? 'score' : 'newest'}
                        onChange={(e) => setParam('sort', e.target.value === 'score' ? 'score' : null, { lastCandidateId: null })}
                      >
                        <option value="newest">Newest</option>
                        <option value="score">Highest score</option>
                      </SelectField>
                      {byScore && (
                        <Text fontSize="small" color="font.secondary">
                          Scored candidates, highest score first.
                        </Text>
                      )}
                    </Flex>
                  )}
                  <CandidateList
                    key={`${t}:${byScore ? 'score' : 'newest'}`}
                    list={{ tab: !evaluation && t === 'responded' ? 'done' : t, ...(byScore ? { sort: 'score' as const } : {}) }}
                    {...(byScore
                      ? listProps(tabs[t].label, 'No candidate in this tab has been scored yet', count(t))
                      : { ...listProps(tabs[t].label, tabs[t].empty, count(t)), expected: count(t), onCountsStale: onChanged })}
                  />
                </Flex>
              ) : null,
          }))}
        />
      )}
      <InviteDialog
        positionId={position.positionId}
        pacing={position.interview.pacing}
        open={dialog === 'invite'}
        onClose={closeDialog('invite')}
        onInvited={changed}
        onPlanRequired={planRequired}
      />
      {dialog === 'bulk' && (
        <Suspense fallback={null}>
          <BulkInviteDialog
            positionId={position.positionId}
            pacing={position.interview.pacing}
            open
            onClose={closeDialog('bulk')}
            onPlanRequired={planRequired}
            onInvited={(n) => {
              changed();
              setNotice({ message: `${n} candidate${n === 1 ? '' : 's'} invited.`, variation: 'success' });
            }}
          />
        </Suspense>
      )}
      {dialog === 'plan' && (
        <Suspense fallback={null}>
          <PlanSelectionDialog companyId={position.companyId} isOwner={ownership.data?.isOwner} open onClose={closeDialog('plan')} />
        </Suspense>
      )}
      <Snackbar notice={notice} onClose={clearNotice} />
    </Flex>
  );
};
