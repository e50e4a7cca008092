import type { CandidateScorecards, Criterion, CriterionInput } from '../../contracts/scorecard';
import { getUser } from '../../data/accounts';
import { itemRead } from '../../data/batch-get';
import {
  criteriaFromItem,
  getCriteria,
  putCriteria,
  ScoresChanged,
  scorecardsOf,
  writeScorecard,
  type StoredScorecard,
} from '../../data/candidates/scorecards';
import { keys } from '../../data/keys';
import { checkedScores, isScorable, savedCriteria, scorecardMean, scoreSummary } from '../../domain/scorecards';
import { newId } from '../../platform/crypto';
import { badRequest, conflict } from '../../platform/errors';
import { callerId, type Caller } from '../access/caller';
import { requireCandidateAccess } from '../access/candidate';
import { requirePositionAccess } from '../access/position';

/**
 * Scorecards (issue 27). A position's criteria are a setting of the position: whoever may edit the
 * position (updatePosition's rule: every member with access) may edit them. A reviewer's scores of
 * a candidate stay theirs alone until they have submitted: before, the server answers with their
 * own scorecard and how many others submitted, never the others' scores (anchoring bias).
 */

/** The position's criteria, read alongside the access check. */
export const getPositionScorecard = async (positionId: string, caller: Caller) => {
  const { position, read: criteria } = await requirePositionAccess(positionId, caller, (p) => getCriteria(p.positionId));
  return { positionId: position.positionId, criteria };
};

/** Replaces the position's criteria: named ones keep their ids (and their scores); scores of removed ones stay readable on the candidates. */
export const updatePositionScorecard = async (positionId: string, caller: Caller, inputs: CriterionInput[]) => {
  const { position, read: existing } = await requirePositionAccess(positionId, caller, (p) => getCriteria(p.positionId));
  const criteria = savedCriteria(inputs, existing, newId);
  if (typeof criteria === 'string') throw badRequest(criteria, 'duplicate_criterion');
  await putCriteria(position, criteria);
  return { positionId: position.positionId, criteria };
};

/**
 * What the caller may see of a candidate's scorecards: their own; everyone's, with the means,
 * only once theirs is in.
 */
export const scorecardsView = (candidateId: string, criteria: Criterion[], cards: StoredScorecard[], userId: string): CandidateScorecards => {
  const wire = (card: StoredScorecard) => ({
    reviewerId: card.reviewerId,
    reviewerName: card.reviewerName,
    scores: card.scores,
    note: card.note,
    mean: scorecardMean(card.scores),
    submittedAt: card.submittedAt,
  });
  const mine = cards.find((card) => card.reviewerId === userId) ?? null;
  const summary = mine ? scoreSummary(cards, criteria) : null;
  return {
    candidateId,
    criteria,
    mine: mine ? wire(mine) : null,
    othersSubmitted: cards.filter((card) => card.reviewerId !== userId).length,
    revealed:
      mine && summary
        ? {
            // The caller's first, then the others by submission.
            scorecards: [mine, ...cards.filter((c) => c !== mine).sort((a, b) => a.submittedAt.localeCompare(b.submittedAt))].map(wire),
            criteria: summary.criteria,
            mean: summary.mean,
          }
        : null,
  };
};

const criteriaRead = (positionId: string) => itemRead(keys.positionScorecard(positionId), criteriaFromItem);

/** A candidate's scorecards for the caller: the candidate, then the access check with the criteria (one BatchGetItem) alongside one Query of the scorecards. */
export const getCandidateScorecards = async (candidateId: string, caller: Caller) => {
  const {
    candidate,
    membership,
    read: cards,
    batched: criteria,
  } = await requireCandidateAccess(candidateId, caller, (c) => scorecardsOf(c.candidateId), { batch: (c) => criteriaRead(c.positionId) });
  return scorecardsView(candidate.candidateId, criteria ?? [], cards, membership.userId);
};

const ATTEMPTS = 3;

/**
 * Submits (or changes) the caller's scorecard of a responded candidate: every current criterion
 * scored 1 to 5, an optional note. The scorecard and the candidate's means are written in one
 * transaction; a concurrent scorecard of someone else's makes it read and try again.
 */
export const submitScorecard = async (
  candidateId: string,
  caller: Caller,
  body: { scores: { criterionId: string; score: number }[]; note: string | null },
) => {
  for (let attempt = 1; ; attempt++) {
    const {
      candidate,
      membership,
      read: [cards, user],
      batched: criteria,
    } = await requireCandidateAccess(candidateId, caller, (c) => Promise.all([scorecardsOf(c.candidateId), callerId(caller).then(getUser)]), {
      batch: (c) => criteriaRead(c.positionId),
    });
    if (!criteria || criteria.length === 0) throw conflict('This position has no scorecard.', 'no_scorecard');
    if (!isScorable(candidate.currentStatus)) throw conflict('A candidate can be scored once they have responded.', 'not_responded');
    const scores = checkedScores(criteria, body.scores);
    if (typeof scores === 'string') throw badRequest(scores, 'invalid_scores');
    const userId = membership.userId;
    const previous = cards.find((card) => card.reviewerId === userId) ?? null;
    const card: StoredScorecard = {
      reviewerId: userId,
      reviewerName: user?.email ?? 'A former member',
      scores,
      note: body.note || null,
      submittedAt: new Date().toISOString(),
    };
    const next = [...cards.filter((c) => c !== previous), card];
    try {
      await writeScorecard(candidate, previous, card, scoreSummary(next, criteria));
      return scorecardsView(candidate.candidateId, criteria, next, userId);
    } catch (error) {
      if (!(error instanceof ScoresChanged)) throw error;
      if (attempt >= ATTEMPTS) throw conflict('The candidate changed meanwhile. Reload and try again.', 'scores_changed');
    }
  }
};
