import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredSummaryOverview } from '../../contracts/summaries';
import { storedSummaryOverviewOf } from '../../domain/summary-views';
import { sortTimeOf, type CandidateStatus } from '../../domain/candidates';
import type { IntegrationType } from '../../contracts/integrations';
import { sha256 } from '../../platform/crypto';
import type { ResultEvent } from '../../adapters/ats/adapter';
import { resultStep, type WriteBack } from '../integrations/results';
import type { ItemKey } from '../batch-get';
import { deleteItems } from '../batch-write';
import { db, tableName } from '../client';
import { storedInterview, type StoredInterview } from '../interview';
import { keys } from '../keys';
import { queryAll } from '../query';
import { readItem } from '../request-reads';
import { ConditionFailed, transact, type TransactionStep } from '../transaction';
import { heldEmail, releaseEmailStep } from './emails';
import { deleteSearchTokenSteps, storedTokensOf } from './search';
import { deleteWordSteps, TRANSACTION_ITEMS, transcriptWordKeys } from './transcript-index';
import { type AnswerType, type EvaluatedStatus } from '../../contracts/vocabulary';
import type { KnockoutRecord } from '../../contracts/answer-types';
import type { TimingAdjustment, TimingRequest } from '../../contracts/timing';
import { storedTiming, storedTimingRequest } from '../timing';
import { storedScore, type CandidateScore } from './scorecards';
import { storedMailDelivery, type StoredMailDelivery } from '../../domain/mail-delivery';

/**
 * Candidates. One partition per candidate (`CANDIDATE#{id}`): the profile, an item per submitted
 * answer and one per recording attempt in flight. The profile carries three sparse index keys:
 * GSI1 (all candidates of a position), GSI2 (one status tab of a position, newest first) and GSI3
 * (invites with a deadline, for the expiry job). Every change of status moves the position's
 * counts in the same transaction; every invite spends its credit in the same transaction. Its
 * search items live in the position's search partition (search.ts), written and deleted with it.
 */
export interface SubmittedAnswer {
  answerId: string;
  /**
   * What the answer is (issue 39); a recorded video when absent (answers from before answer types).
   * A recording (video, audio) and a file have their media; a text's words live on the answer item
   * only (they may be long), a choice's picked option ids here too.
   */
  answerType?: AnswerType;
  mediaId?: string;
  optionIds?: string[];
  /** A file answer's name as the candidate's device gave it (downloads are named after it). */
  fileName?: string;
  /**
   * The answer's rating, kept in step with the answer item's by rateAnswer (one transaction); an
   * answer not rated has none. Ratings given before it was kept here are copied over by
   * migration 003-answer-ratings (`npm run migrate`).
   */
  rating?: number | null;
  /** A recording streamed live (IVS) rather than recorded in the browser (issue 40's recorder paths); absent: the browser. */
  recorder?: 'live';
}

export interface Candidate {
  candidateId: string;
  positionId: string;
  companyId: string;
  candidateName: string;
  email: string | null;
  currentStatus: CandidateStatus;
  createdAt: string;
  expiresAt: string | null;
  completedAt: string | null;
  interviewToken: string;
  /** A practice run a member sent themself: no credit, not counted, not listed, gone after a few days. */
  preview: boolean;
  /** The position's title and interview as they were when the candidate was invited (later edits do not change them). */
  jobTitle: string;
  interview: StoredInterview;
  answeredCount: number;
  /** Recordings started per question (`q{index}`). */
  attempts: Record<string, number>;
  /** Submitted answers per question (`q{index}`). */
  answers: Record<string, SubmittedAnswer>;
  publicCandidateId: string | null;
  answerPackage: { key: string; answerIds: string[] } | null;
  /** The ATS the candidate came from (a sync or webhook invited them), or null. */
  integration: CandidateIntegration | null;
  /** Their adjustment of the interview's pacing (issue 25); none for candidates invited before adjustments existed. */
  timing: TimingAdjustment;
  /** What they asked the team for, while the team has not set their timing since. */
  timingRequest: TimingRequest | null;
  /**
   * Responded and not opened by any member yet: counted in the position's `newToReview` (issue 29).
   * Set by the submission that completes the interview; cleared, with the count, by the first
   * opening (markReviewed), by a move away from responded and by deletion. Candidates who
   * responded before the count existed never had it, so they are not counted.
   */
  awaitingReview: boolean;
  /** When a member first opened them (or moved them on unopened), or null. */
  reviewedAt: string | null;
  /** When they first opened their interview link (issue 40's funnel), or null; candidates from before it was recorded: null. */
  openedAt: string | null;
  /** The means of their scorecards (issue 27, scorecards.ts), or null while nobody scored them. */
  score: CandidateScore | null;
  /**
   * When they were last active (invited, answered, reinvited): where their retention clock starts
   * unless their position closed later (issue 28, domain/retention.ts; GSI5 keys.candidateRetention).
   * Candidates from before it was recorded: their completion, else their invite.
   */
  lastActiveAt: string;
  /** What SES reported about the mail to `email` (issue 26, data/mail-delivery.ts): `sent` until an event arrives. */
  mail: StoredMailDelivery;
  /** Why a knockout option they picked flagged them, or ended their interview (issue 39); null when none did. */
  knockout: KnockoutRecord | null;
  /** The machine-written overview across their answers (issue 41), as the summarising step stored it; null while there is none. */
  summaryOverview: StoredSummaryOverview | null;
}

/** Where an imported candidate lives in the ATS, and what was last written back there. */
export interface CandidateIntegration {
  integrationId: string;
  integrationType: IntegrationType;
  /** The adapter's reference to write back to. */
  ref: string;
  profileHref: string | null;
  writeBack: WriteBack | null;
}

export const questionKey = (questionIndex: number) => `q${questionIndex}`;

export const fromItem = (item: Record<string, any>): Candidate => ({
  candidateId: item.candidateId,
  positionId: item.positionId,
  companyId: item.companyId,
  candidateName: item.candidateName,
  email: item.email ?? null,
  currentStatus: item.currentStatus,
  createdAt: item.createdAt,
  expiresAt: item.expiresAt ?? null,
  completedAt: item.completedAt ?? null,
  interviewToken: item.interviewToken,
  preview: item.preview === true,
  jobTitle: item.jobTitle ?? '',
  interview: storedInterview(item.interview),
  answeredCount: Number(item.answeredCount ?? 0),
  attempts: item.attempts ?? {},
  answers: item.answers ?? {},
  publicCandidateId: item.publicCandidateId ?? null,
  answerPackage: item.answerPackage ?? null,
  integration: item.integration ?? null,
  timing: storedTiming(item.timing),
  timingRequest: storedTimingRequest(item.timingRequest),
  awaitingReview: item.awaitingReview === true,
  reviewedAt: typeof item.reviewedAt === 'string' ? item.reviewedAt : null,
  openedAt: typeof item.openedAt === 'string' ? item.openedAt : null,
  score: storedScore(item.score),
  lastActiveAt: typeof item.lastActiveAt === 'string' ? item.lastActiveAt : (item.completedAt ?? item.createdAt),
  mail: storedMailDelivery(item.mail),
  knockout: item.knockout ?? null,
  summaryOverview: storedSummaryOverviewOf(item.summaryOverview),
});

export const getCandidate = async (candidateId: string): Promise<Candidate | null> => {
  const item = await readItem(keys.candidate(candidateId), { consistent: true });
  return item ? fromItem(item) : null;
};

/**
 * A candidate's answers as the candidate item records them (`answers.q{index}`: the answer's id,
 * media and rating, written with the answer item in the same transactions), in question order:
 * what the answer items hold of them, without reading those.
 */
export const submittedAnswers = (candidate: Pick<Candidate, 'answers'>) =>
  Object.entries(candidate.answers)
    .map(([q, answer]) => ({
      answerId: answer.answerId,
      questionIndex: Number(q.slice(1)),
      answerType: answer.answerType ?? 'video',
      /** A recording's or a file's media; null for a text or choice answer. */
      mediaId: answer.mediaId ?? null,
      optionIds: answer.optionIds ?? null,
      fileName: answer.fileName ?? null,
      rating: typeof answer.rating === 'number' ? answer.rating : null,
    }))
    .sort((a, b) => a.questionIndex - b.questionIndex);

/** Everything in a candidate's partition (profile, answers, attempts), strongly consistent, as deleteCandidate takes it. */
export interface CandidatePartition {
  candidate: Candidate | null;
  items: Record<string, any>[];
}

/** A candidate's whole partition in one Query (paged past 1 MB): the profile and what deleting them takes along. */
export const readCandidatePartition = async (candidateId: string): Promise<CandidatePartition> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.candidate(candidateId).PK },
    ConsistentRead: true,
  });
  const profile = items.find((item) => item.SK === keys.candidate(candidateId).SK);
  return { candidate: profile ? fromItem(profile) : null, items };
};

/** The candidate an interview token belongs to (the token is stored only as a hash). */
export const getCandidateByToken = async (token: string): Promise<Candidate | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.interviewToken(sha256(token)), ConsistentRead: true }));
  return typeof Item?.candidateId === 'string' ? getCandidate(Item.candidateId) : null;
};

export class AnswerRefused extends Error {}

export class CandidateGone extends Error {}

/**
 * Deletes a candidate: profile, token, public id, address, search items and the position's count
 * in one transaction (conditioned on the status read, so a concurrent change is not miscounted), then
 * their answers and attempts. Returns the media ids whose objects are to be deleted. `partition`:
 * the candidate's partition when the caller has read it already (readCandidatePartition), so it is
 * not read again.
 */
export const deleteCandidate = async (
  candidate: Candidate,
  options: { onlyIfInvited?: boolean; partition?: CandidatePartition } = {},
): Promise<string[]> => {
  const Items = (options.partition ?? (await readCandidatePartition(candidate.candidateId))).items;
  const email = heldEmail(candidate);
  const searchItems = deleteSearchTokenSteps(
    candidate,
    storedTokensOf(
      candidate,
      Items.find((item) => item.SK === keys.candidate(candidate.candidateId).SK),
    ),
  );
  // Not opened yet: the position's `newToReview` goes down with them, as long as nobody opened them meanwhile.
  const unreviewed = candidate.awaitingReview && !candidate.preview;
  const steps = (withEmail: boolean): TransactionStep[] => [
    {
      name: 'candidate',
      item: {
        Delete: {
          TableName: tableName(),
          Key: keys.candidate(candidate.candidateId),
          ConditionExpression: [
            'currentStatus = :status',
            ...(options.onlyIfInvited ? ['currentStatus = :invited'] : []),
            ...(unreviewed ? ['awaitingReview = :true'] : []),
          ].join(' AND '),
          ExpressionAttributeValues: {
            ':status': candidate.currentStatus,
            ...(options.onlyIfInvited ? { ':invited': 'invited' } : {}),
            ...(unreviewed ? { ':true': true } : {}),
          },
        },
      },
    },
    { name: 'token', item: { Delete: { TableName: tableName(), Key: keys.interviewToken(sha256(candidate.interviewToken)) } } },
    ...(candidate.publicCandidateId
      ? [{ name: 'publicId', item: { Delete: { TableName: tableName(), Key: keys.publicCandidate(candidate.publicCandidateId) } } }]
      : []),
    ...(candidate.preview
      ? []
      : [
          {
            name: 'position',
            item: {
              Update: {
                TableName: tableName(),
                Key: keys.position(candidate.positionId),
                UpdateExpression: `ADD candidates.#status :minus${unreviewed ? ', newToReview :minus' : ''}`,
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeNames: { '#status': candidate.currentStatus },
                ExpressionAttributeValues: { ':minus': -1 },
              },
            },
          },
        ]),
    ...(withEmail && email !== null ? [releaseEmailStep({ ...candidate, email })] : []),
    ...searchItems,
  ];
  // The words their answers say (transcript search, transcript-index.ts): in the transaction as far as they fit, the rest deleted after it.
  const words = transcriptWordKeys(candidate.positionId, Items);
  const wordsInTransaction = Math.max(0, TRANSACTION_ITEMS - steps(true).length);
  const withWords = (base: TransactionStep[]) => [...base, ...deleteWordSteps(words.slice(0, wordsInTransaction))];
  try {
    try {
      await transact(withWords(steps(true)));
    } catch (error) {
      // The address belongs to another candidate of the position (invited twice before addresses were unique): it stays theirs.
      if (!(error instanceof ConditionFailed && error.step === 'email')) throw error;
      await transact(withWords(steps(false)));
    }
  } catch (error) {
    // The status changed meanwhile, the candidate is gone, or so is their position.
    if (error instanceof ConditionFailed && (error.step === 'candidate' || error.step === 'position')) throw new CandidateGone();
    throw error;
  }
  const rest = Items.filter((i) => i.SK !== 'CANDIDATE');
  const after = [...rest, ...words.slice(wordsInTransaction)];
  await deleteItems(after as ItemKey[]);
  return [
    ...new Set([
      ...Object.values(candidate.answers).flatMap((a) => (a.mediaId ? [a.mediaId] : [])),
      ...rest.filter((i) => typeof i.mediaId === 'string').map((i) => i.mediaId as string),
    ]),
  ];
};

export class StatusChanged extends Error {}

/**
 * What a status change of an ATS candidate writes back: the outbox step and the panel's pending
 * state, or null for a candidate who did not come from an ATS.
 */
export const plannedResult = (candidate: Candidate, event: ResultEvent, now: Date) => {
  if (!candidate.integration || candidate.preview) return null;
  const at = now.toISOString();
  const writeBack: WriteBack = { event, status: 'pending', attempts: 0, lastError: null, updatedAt: at };
  return {
    writeBack,
    step: resultStep({ dueAt: at, candidateId: candidate.candidateId, integrationId: candidate.integration.integrationId, event, attempts: 0 }),
  };
};

/**
 * Evaluation (spec §4): the candidate's status and tab keys and the position's counts move in one
 * transaction, conditioned on the status the caller saw.
 */
export const setEvaluation = async (candidate: Candidate, next: EvaluatedStatus, now = new Date()): Promise<void> => {
  const byStatus = keys.candidateByStatus(candidate.positionId, next, sortTimeOf({ ...candidate, currentStatus: next }), candidate.candidateId);
  // Shortlisting and rejecting an ATS candidate is written back to their profile (an outbox item, in this transaction).
  const result = next !== 'responded' ? plannedResult(candidate, next, now) : null;
  // Moved on before anyone opened them: they are reviewed, and no longer new to review.
  const reviews = candidate.awaitingReview && next !== candidate.currentStatus;
  // A scored candidate's place in the score order (GSI4, issue 27) moves to the new tab; the means' version pins what was read.
  const scored = candidate.score !== null && candidate.score.mean !== null;
  try {
    await transact([
      {
        name: 'candidate',
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.candidate(candidate.candidateId),
            UpdateExpression: [
              'SET currentStatus = :next, GSI2PK = :pk, GSI2SK = :sk',
              ...(result ? [', integration.writeBack = :writeBack'] : []),
              ...(scored ? [', GSI4PK = :gsi4pk'] : []),
              ...(reviews ? [', reviewedAt = :now REMOVE awaitingReview'] : []),
            ].join(''),
            ConditionExpression: `currentStatus = :current${reviews ? ' AND awaitingReview = :true' : ''}${candidate.score ? ' AND score.version = :scoreVersion' : ' AND attribute_not_exists(score.version)'}`,
            ExpressionAttributeValues: {
              ':next': next,
              ':current': candidate.currentStatus,
              ':pk': byStatus.GSI2PK,
              ':sk': byStatus.GSI2SK,
              ...(result ? { ':writeBack': result.writeBack } : {}),
              ...(reviews ? { ':now': now.toISOString(), ':true': true } : {}),
              ...(candidate.score ? { ':scoreVersion': candidate.score.version } : {}),
              ...(scored ? { ':gsi4pk': keys.candidateByScore(candidate.positionId, next, '').GSI4PK } : {}),
            },
          },
        },
      },
      ...(result ? [result.step] : []),
      {
        name: 'position',
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.position(candidate.positionId),
            UpdateExpression: `ADD candidates.#from :minus, candidates.#to :one${reviews ? ', newToReview :minus' : ''}`,
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#from': candidate.currentStatus, '#to': next },
            ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
          },
        },
      },
    ]);
  } catch (error) {
    // The status is not the one the caller saw, or the position is gone.
    if (error instanceof ConditionFailed && (error.step === 'candidate' || error.step === 'position')) throw new StatusChanged();
    throw error;
  }
};

/**
 * A member opened a responded candidate nobody had opened (issue 29): the candidate is reviewed and
 * the position's `newToReview` goes down, in one transaction. Returns false when someone else's
 * opening (or a move, or a deletion) came first: they are reviewed already, and nothing changed
 * (nor `along`: steps written with it, such as the opening's audit entry).
 */
export const markReviewed = async (candidate: Candidate, now = new Date(), along: readonly TransactionStep[] = []): Promise<boolean> => {
  if (!candidate.awaitingReview || candidate.preview) return false;
  try {
    await transact([
      ...along,
      {
        name: 'candidate',
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.candidate(candidate.candidateId),
            UpdateExpression: 'SET reviewedAt = :now REMOVE awaitingReview',
            ConditionExpression: 'awaitingReview = :true AND currentStatus = :responded',
            ExpressionAttributeValues: { ':now': now.toISOString(), ':responded': 'responded', ':true': true },
          },
        },
      },
      {
        name: 'position',
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.position(candidate.positionId),
            UpdateExpression: 'ADD newToReview :minus',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':minus': -1 },
          },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed && (error.step === 'candidate' || error.step === 'position')) return false;
    throw error;
  }
};
