import { Alert, Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import {
  deleteCandidate,
  evaluateCandidate,
  reinviteCandidate,
  useCandidatePages,
  type CandidateSummary,
  type ListQuery,
} from '../../../api/candidates';
import { LoadMore } from '../../../components/load-more';
import { CandidateCardsSkeleton } from '../../../components/skeleton';
import type { Notice } from '../../../components/snackbar';
import { CANDIDATE_PAGE_SIZE } from '../../../config/constants';
import { commonMessages } from '../../../config/messages';
import { messages } from '../messages';
import { CandidateCard } from './candidate-card';

/**
 * One tab's (or a search's) cards, 12 at a time with "Load more". The last visible card is kept in
 * the URL once more than a page shows, and a reload asks for every page through it. Resend and
 * delete take the card away at once and reload; a failure brings it back with the spec's message.
 * A tab's whole list of another length than its count (issue 43: a candidate deleted elsewhere, from
 * another tab or at their own request) reads the counts again, so the tab's label follows its list.
 */
export const CandidateList = ({
  positionId,
  list,
  lastCandidateId,
  onLastCandidate,
  candidateHref,
  evaluation,
  label,
  empty,
  revision,
  expected,
  onCountsStale,
  onChanged,
  notify,
}: {
  positionId: string;
  list: Omit<ListQuery, 'through'>;
  /** From the URL when the list mounts: the place to restore. */
  lastCandidateId: string | null;
  onLastCandidate: (candidateId: string | null) => void;
  candidateHref: (candidate: CandidateSummary) => string;
  /** Evaluation is enabled: responded, shortlisted and rejected cards can be moved from the list. */
  evaluation: boolean;
  label: string;
  empty: string;
  /** Changes when the tab's count does (an invite, a response): the pages are fetched again. */
  revision: number;
  /** The count the tab shows for this list, when the whole list should hold exactly that many (not a search, nor "scored only"). */
  expected?: number;
  /** The list, read in full, holds another number: the counts are read again. */
  onCountsStale?: () => void;
  onChanged: () => void;
  notify: (notice: Notice) => void;
}) => {
  const [through] = useState(lastCandidateId ?? undefined);
  const pages = useCandidatePages(positionId, { ...list, through });
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  // A list opened again (its tab pressed) with cards held from before is read again at once: SWR's
  // own read on mount waits for an animation frame and is skipped within 2 s of the last read of the
  // same list (its deduplication), so a candidate deleted or moved meanwhile would stay on the cards.
  // The cards from before show until the answer; a first opening (nothing held) is read once, by SWR.
  const { mutate } = pages;
  const heldAtMount = useRef(pages.data !== undefined);
  useEffect(() => {
    if (!heldAtMount.current) return;
    heldAtMount.current = false;
    void mutate();
  }, [mutate]);
  const seen = useRef(revision);
  useEffect(() => {
    if (seen.current === revision) return;
    seen.current = revision;
    void pages.mutate();
  }, [revision, pages]);
  const candidates = (pages.data ?? []).flatMap((p) => p.candidates).filter((c) => !hidden.has(c.candidateId));
  const hasMore = pages.data?.[pages.data.length - 1]?.hasMore ?? false;
  const last = candidates.length > CANDIDATE_PAGE_SIZE ? candidates[candidates.length - 1]!.candidateId : null;
  const loaded = pages.data !== undefined;
  useEffect(() => {
    if (loaded) onLastCandidate(last);
  }, [last, loaded, onLastCandidate]);
  // Once for each disagreement (the list's length against the count): counts read again that still
  // disagree (a list read before the change) are not asked for again until one of them moves.
  const listed = loaded && !hasMore ? (pages.data ?? []).reduce((n, page) => n + page.candidates.length, 0) : null;
  const reported = useRef<string | null>(null);
  const settling = hidden.size > 0;
  useEffect(() => {
    if (listed === null || expected === undefined || settling || listed === expected) return;
    const disagreement = `${listed}:${expected}`;
    if (reported.current === disagreement) return;
    reported.current = disagreement;
    onCountsStale?.();
  }, [listed, expected, settling, onCountsStale]);

  const act = async (candidate: CandidateSummary, action: () => Promise<unknown>, failure: string, success?: string) => {
    setHidden((h) => new Set(h).add(candidate.candidateId));
    try {
      await action();
      if (success) notify({ message: success, variation: 'success' });
      await pages.mutate();
      onChanged();
    } catch {
      notify({ message: failure, variation: 'error' });
    } finally {
      setHidden((h) => {
        const next = new Set(h);
        next.delete(candidate.candidateId);
        return next;
      });
    }
  };

  if (pages.error) return <Alert variation="error">{commonMessages.retrieveDataFailed}</Alert>;
  if (!pages.data) return <CandidateCardsSkeleton />;
  if (candidates.length === 0) {
    return (
      <Flex direction="column" alignItems="center" padding="xxl" gap="xs">
        <Heading level={5}>{label}</Heading>
        <Text color="font.secondary">{empty}</Text>
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="medium">
      <Grid templateColumns="repeat(auto-fill, minmax(220px, 1fr))" gap="medium">
        {candidates.map((candidate) => (
          <CandidateCard
            key={candidate.candidateId}
            candidate={candidate}
            href={candidateHref(candidate)}
            onCopy={() =>
              void navigator.clipboard.writeText(candidate.interviewHref).then(
                () => notify({ message: 'Copied to clipboard!', variation: 'success' }),
                () => notify({ message: 'Unable to copy to clipboard...', variation: 'error' }),
              )
            }
            onReinvite={() =>
              void act(
                candidate,
                () => reinviteCandidate(candidate.candidateId),
                messages.reinviteFailed(candidate.candidateName),
                `The invitation was sent to ${candidate.email} again.`,
              )
            }
            onDelete={() =>
              void act(candidate, () => deleteCandidate(candidate.candidateId), messages.deleteCandidateFailed(candidate.candidateName))
            }
            evaluation={evaluation}
            onEvaluate={(action) =>
              void act(candidate, () => evaluateCandidate(candidate.candidateId, action), messages.moveFailed(candidate.candidateName))
            }
          />
        ))}
      </Grid>
      {hasMore && <LoadMore pages={pages} />}
    </Flex>
  );
};
