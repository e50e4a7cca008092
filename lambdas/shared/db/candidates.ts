import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import type { interviewSchema } from '../../contracts/position';
import { sortTimeOf, type CandidateStatus } from '../../domain/candidates';
import { newId, randomToken, sha256 } from '../crypto';
import { db, tableName } from './client';
import type { Company } from './companies';
import { keys, sortKeyPrefixes } from './keys';
import { queryAll } from './query';
import type { Position } from './positions';

/**
 * Candidates. One partition per candidate (`CANDIDATE#{id}`): the profile, an item per submitted
 * answer and one per recording attempt in flight. The profile carries three sparse index keys:
 * GSI1 (all candidates of a position), GSI2 (one status tab of a position, newest first) and GSI3
 * (invites with a deadline, for the expiry job). Every change of status moves the position's
 * counts in the same transaction; every invite spends its credit in the same transaction.
 */
type Interview = z.infer<typeof interviewSchema>;

export interface SubmittedAnswer {
  answerId: string;
  mediaId: string;
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
  interview: Interview;
  answeredCount: number;
  /** Recordings started per question (`q{index}`). */
  attempts: Record<string, number>;
  /** Submitted answers per question (`q{index}`). */
  answers: Record<string, SubmittedAnswer>;
  publicCandidateId: string | null;
  answerPackage: { key: string; answerIds: string[] } | null;
}

export interface Attempt {
  answerId: string;
  candidateId: string;
  questionIndex: number;
  mediaId: string;
  uploadId: string;
  key: string;
}

export const PREVIEW_TTL_SECONDS = 3 * 24 * 60 * 60;
/** A transaction holds at most 100 items: 2 per candidate plus the position and the company. */
export const INVITES_PER_TRANSACTION = 49;

export const questionKey = (questionIndex: number) => `q${questionIndex}`;

const fromItem = (item: Record<string, any>): Candidate => ({
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
  interview: item.interview,
  answeredCount: Number(item.answeredCount ?? 0),
  attempts: item.attempts ?? {},
  answers: item.answers ?? {},
  publicCandidateId: item.publicCandidateId ?? null,
  answerPackage: item.answerPackage ?? null,
});

/** A preview is in no list, only in the expiry index, so the expiry job removes it with its media. */
const indexKeys = (c: Pick<Candidate, 'positionId' | 'candidateId' | 'currentStatus' | 'createdAt' | 'completedAt' | 'expiresAt' | 'preview'>) =>
  c.preview
    ? c.expiresAt
      ? keys.candidateExpiry(c.expiresAt, c.candidateId)
      : {}
    : {
        ...keys.candidateByPosition(c.positionId, c.createdAt, c.candidateId),
        ...keys.candidateByStatus(c.positionId, c.currentStatus, sortTimeOf(c), c.candidateId),
        ...(c.currentStatus === 'invited' && c.expiresAt ? keys.candidateExpiry(c.expiresAt, c.candidateId) : {}),
        ...(c.currentStatus !== 'invited' && c.completedAt ? keys.candidateDone(c.positionId, c.completedAt, c.candidateId) : {}),
      };

/** Which of a transaction's items failed its condition (by position in TransactItems). */
const failedIndexes = (error: unknown): number[] =>
  error instanceof TransactionCanceledException
    ? (error.CancellationReasons ?? []).flatMap((reason, i) => (reason.Code === 'ConditionalCheckFailed' ? [i] : []))
    : [];

export class PositionNotOpen extends Error {}
export class NotEnoughCredits extends Error {}

export interface NewCandidate {
  candidateName: string;
  email: string | null;
}

/**
 * Creates candidates of an open position in one transaction, with their interview tokens, the
 * position's invited count and (unless subscribed) the company's credits: the credit condition is
 * checked against the stored counts, so concurrent invites can never spend below zero.
 */
export const createCandidates = async (
  position: Position,
  company: Pick<Company, 'companyId' | 'subscriptionStatus' | 'credits'>,
  spendsCredits: boolean,
  people: NewCandidate[],
  expiresAt: string | null,
  options: { preview?: boolean; now?: Date } = {},
): Promise<Candidate[]> => {
  if (people.length === 0 || people.length > INVITES_PER_TRANSACTION) throw new Error(`createCandidates takes 1..${INVITES_PER_TRANSACTION} people`);
  const now = options.now ?? new Date();
  const preview = options.preview === true;
  const createdAt = now.toISOString();
  const candidates: Candidate[] = people.map((person) => ({
    candidateId: newId(),
    positionId: position.positionId,
    companyId: position.companyId,
    candidateName: person.candidateName,
    email: person.email,
    currentStatus: 'invited',
    createdAt,
    expiresAt: preview ? new Date(now.getTime() + PREVIEW_TTL_SECONDS * 1000).toISOString() : expiresAt,
    completedAt: null,
    interviewToken: randomToken(32),
    preview,
    jobTitle: position.jobTitle,
    interview: position.interview,
    answeredCount: 0,
    attempts: {},
    answers: {},
    publicCandidateId: null,
    answerPackage: null,
  }));
  const candidateItems = candidates.flatMap((c) => [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.candidate(c.candidateId),
          ...indexKeys(c),
          type: 'candidate',
          ...c,
          searchText: `${c.candidateName}\n${c.email ?? ''}`.toLowerCase(),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.interviewToken(sha256(c.interviewToken)),
          type: 'interviewToken',
          candidateId: c.candidateId,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]);
  const positionItem = preview
    ? {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.position(position.positionId),
          ConditionExpression: 'currentStatus = :open',
          ExpressionAttributeValues: { ':open': 'open' },
        },
      }
    : {
        Update: {
          TableName: tableName(),
          Key: keys.position(position.positionId),
          UpdateExpression: 'ADD candidates.invited :n',
          ConditionExpression: 'currentStatus = :open',
          ExpressionAttributeValues: { ':open': 'open', ':n': people.length },
        },
      };
  const companyItem =
    spendsCredits && !preview
      ? {
          Update: {
            TableName: tableName(),
            Key: keys.company(company.companyId),
            UpdateExpression: 'ADD credits.invited :n',
            ConditionExpression: 'credits.allocated = :allocated AND credits.invited <= :max',
            ExpressionAttributeValues: {
              ':n': people.length,
              ':allocated': company.credits.allocated,
              ':max': company.credits.allocated - people.length,
            },
          },
        }
      : {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.company(company.companyId),
            ConditionExpression: 'attribute_exists(PK)',
          },
        };
  try {
    await db.send(new TransactWriteCommand({ TransactItems: [positionItem, companyItem, ...candidateItems] }));
  } catch (error) {
    const failed = failedIndexes(error);
    if (failed.includes(0)) throw new PositionNotOpen();
    if (failed.includes(1)) throw new NotEnoughCredits();
    throw error;
  }
  return candidates;
};

export const getCandidate = async (candidateId: string): Promise<Candidate | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.candidate(candidateId), ConsistentRead: true }));
  return Item ? fromItem(Item) : null;
};

/** The candidate an interview token belongs to (the token is stored only as a hash). */
export const getCandidateByToken = async (token: string): Promise<Candidate | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.interviewToken(sha256(token)), ConsistentRead: true }));
  return typeof Item?.candidateId === 'string' ? getCandidate(Item.candidateId) : null;
};

/** One page of a status tab: one Query on GSI2, newest first; `after` continues after that candidate. */
export const listCandidates = async (positionId: string, status: CandidateStatus, pageSize: number, after?: Candidate) => {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.candidateByStatus(positionId, status, '', '').GSI2PK },
      ScanIndexForward: false,
      Limit: pageSize + 1,
      ExclusiveStartKey:
        after && after.positionId === positionId && after.currentStatus === status
          ? { ...keys.candidate(after.candidateId), ...keys.candidateByStatus(positionId, status, sortTimeOf(after), after.candidateId) }
          : undefined,
    }),
  );
  const items = page.Items ?? [];
  return { candidates: items.slice(0, pageSize).map(fromItem), hasMore: items.length > pageSize };
};

/** Every candidate of a position (position deletion): GSI1, paged past 1 MB. */
export const allCandidatesOfPosition = async (positionId: string): Promise<Candidate[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.candidateByPosition(positionId, '', '').GSI1PK },
    })
  ).map(fromItem);

/** Invited candidates whose deadline has passed: one Query on the sparse GSI3. */
export const expiredInvites = async (now: Date, limit = 100): Promise<Candidate[]> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK < :now',
      ExpressionAttributeValues: { ':pk': keys.candidateExpiry('', '').GSI3PK, ':now': now.toISOString() },
      Limit: limit,
    }),
  );
  return (Items ?? []).map(fromItem);
};

export class AttemptRefused extends Error {
  constructor(readonly reason: 'not_invited' | 'answered' | 'no_retakes') {
    super(reason);
  }
}

/**
 * Starts recording attempt number n of a question: counts it against the allowed attempts and
 * records the multipart upload, in one transaction.
 */
const attemptItem = (candidateId: string, attempt: Omit<Attempt, 'candidateId'>) => ({
  ...keys.attempt(candidateId, attempt.answerId),
  type: 'attempt',
  candidateId,
  ...attempt,
});

export const startAttempt = async (candidate: Candidate, attempt: Omit<Attempt, 'candidateId'>, allowedAttempts: number | null): Promise<void> => {
  const q = questionKey(attempt.questionIndex);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.candidate(candidate.candidateId),
              UpdateExpression: 'SET attempts.#q = if_not_exists(attempts.#q, :zero) + :one',
              ConditionExpression: `currentStatus = :invited AND attribute_not_exists(answers.#q)${
                allowedAttempts === null ? '' : ' AND (attribute_not_exists(attempts.#q) OR attempts.#q < :allowed)'
              }`,
              ExpressionAttributeNames: { '#q': q },
              ExpressionAttributeValues: {
                ':zero': 0,
                ':one': 1,
                ':invited': 'invited',
                ...(allowedAttempts === null ? {} : { ':allowed': allowedAttempts }),
              },
            },
          },
          {
            Put: { TableName: tableName(), Item: attemptItem(candidate.candidateId, attempt) },
          },
        ],
      }),
    );
  } catch (error) {
    if (failedIndexes(error).includes(0)) {
      const current = await getCandidate(candidate.candidateId);
      if (!current || current.currentStatus !== 'invited') throw new AttemptRefused('not_invited');
      if (current.answers[q]) throw new AttemptRefused('answered');
      throw new AttemptRefused('no_retakes');
    }
    throw error;
  }
};

/**
 * The last allowed take was never submitted (the tab closed, the connection died): a new take
 * takes its place without counting as a retake, so a candidate is never locked out of a question.
 * The abandoned attempt's deletion is conditional, so two tabs cannot both replace it.
 */
export const replaceAbandonedAttempt = async (candidate: Candidate, attempt: Omit<Attempt, 'candidateId'>, abandoned: Attempt): Promise<void> => {
  const q = questionKey(attempt.questionIndex);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: keys.candidate(candidate.candidateId),
              ConditionExpression: 'currentStatus = :invited AND attribute_not_exists(answers.#q)',
              ExpressionAttributeNames: { '#q': q },
              ExpressionAttributeValues: { ':invited': 'invited' },
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: keys.attempt(candidate.candidateId, abandoned.answerId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          {
            Put: { TableName: tableName(), Item: attemptItem(candidate.candidateId, attempt) },
          },
        ],
      }),
    );
  } catch (error) {
    const failed = failedIndexes(error);
    if (failed.includes(0)) {
      const current = await getCandidate(candidate.candidateId);
      throw new AttemptRefused(!current || current.currentStatus !== 'invited' ? 'not_invited' : 'answered');
    }
    if (failed.includes(1)) throw new AttemptRefused('no_retakes');
    throw error;
  }
};

/** Attempts of a question still open (not submitted): what a retake leaves behind. */
export const openAttemptsOf = async (candidateId: string, questionIndex: number, except: string): Promise<Attempt[]> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.candidate(candidateId).PK, ':prefix': sortKeyPrefixes.attempt },
    }),
  );
  return (Items ?? []).filter((i) => i.questionIndex === questionIndex && i.answerId !== except) as Attempt[];
};

export const getAttempt = async (candidateId: string, answerId: string): Promise<Attempt | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.attempt(candidateId, answerId), ConsistentRead: true }));
  return (Item as Attempt | undefined) ?? null;
};

export const deleteAttempt = (candidateId: string, answerId: string) =>
  db.send(new TransactWriteCommand({ TransactItems: [{ Delete: { TableName: tableName(), Key: keys.attempt(candidateId, answerId) } }] }));

export class AnswerRefused extends Error {}

/**
 * Submits an attempt as the answer to its question. The answer that completes the interview also
 * makes the candidate `responded` and moves the position's counts, in the same transaction; the
 * `answeredCount` condition makes two racing submissions of the last answers safe.
 */
export const submitAttempt = async (candidate: Candidate, attempt: Attempt, now = new Date()): Promise<{ completed: boolean }> => {
  const q = questionKey(attempt.questionIndex);
  const completes = candidate.answeredCount + 1 >= candidate.interview.questions.length;
  const completedAt = now.toISOString();
  const statusKeys =
    completes && !candidate.preview ? keys.candidateByStatus(candidate.positionId, 'responded', completedAt, candidate.candidateId) : null;
  const doneKeys = statusKeys ? keys.candidateDone(candidate.positionId, completedAt, candidate.candidateId) : null;
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.candidate(candidate.candidateId),
              UpdateExpression: [
                'SET answers.#q = :answer, answeredCount = answeredCount + :one',
                ...(completes ? [', currentStatus = :responded, completedAt = :completedAt'] : []),
                ...(statusKeys ? [', GSI2PK = :gsi2pk, GSI2SK = :gsi2sk, GSI3PK = :gsi3pk, GSI3SK = :gsi3sk'] : []),
              ].join(''),
              ConditionExpression: 'currentStatus = :invited AND answeredCount = :expected AND attribute_not_exists(answers.#q)',
              ExpressionAttributeNames: { '#q': q },
              ExpressionAttributeValues: {
                ':answer': { answerId: attempt.answerId, mediaId: attempt.mediaId },
                ':one': 1,
                ':invited': 'invited',
                ':expected': candidate.answeredCount,
                ...(completes ? { ':responded': 'responded', ':completedAt': completedAt } : {}),
                ...(statusKeys && doneKeys
                  ? { ':gsi2pk': statusKeys.GSI2PK, ':gsi2sk': statusKeys.GSI2SK, ':gsi3pk': doneKeys.GSI3PK, ':gsi3sk': doneKeys.GSI3SK }
                  : {}),
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.answer(candidate.candidateId, attempt.questionIndex),
                type: 'answer',
                answerId: attempt.answerId,
                candidateId: candidate.candidateId,
                positionId: candidate.positionId,
                companyId: candidate.companyId,
                questionIndex: attempt.questionIndex,
                mediaId: attempt.mediaId,
                rating: null,
                createdAt: completedAt,
                ...keys.answerById(attempt.answerId),
              },
            },
          },
          { Delete: { TableName: tableName(), Key: keys.attempt(candidate.candidateId, attempt.answerId) } },
          ...(completes && !candidate.preview
            ? [
                {
                  Update: {
                    TableName: tableName(),
                    Key: keys.position(candidate.positionId),
                    UpdateExpression: 'ADD candidates.invited :minus, candidates.responded :one',
                    ConditionExpression: 'attribute_exists(PK)',
                    ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
                  },
                },
              ]
            : []),
        ],
      }),
    );
  } catch (error) {
    if (failedIndexes(error).length > 0) throw new AnswerRefused();
    throw error;
  }
  return { completed: completes };
};

/** The answers of a candidate, in question order (one Query on the candidate's partition). */
export const answersOf = async (candidateId: string) => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.candidate(candidateId).PK, ':prefix': sortKeyPrefixes.answer },
    }),
  );
  return (Items ?? []).map((i) => ({
    answerId: i.answerId as string,
    questionIndex: Number(i.questionIndex),
    mediaId: i.mediaId as string,
    rating: (i.rating ?? null) as number | null,
  }));
};

/** A fresh invitation: new invite time and deadline, the card moves to the top of the Invited tab. */
export const renewInvite = async (candidate: Candidate, expiresAt: string | null, now = new Date()): Promise<Candidate> => {
  const createdAt = now.toISOString();
  const byPosition = keys.candidateByPosition(candidate.positionId, createdAt, candidate.candidateId);
  const byStatus = keys.candidateByStatus(candidate.positionId, 'invited', createdAt, candidate.candidateId);
  const expiry = expiresAt ? keys.candidateExpiry(expiresAt, candidate.candidateId) : null;
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.candidate(candidate.candidateId),
        UpdateExpression: `SET createdAt = :createdAt, expiresAt = :expiresAt, GSI1SK = :gsi1sk, GSI2SK = :gsi2sk${
          expiry ? ', GSI3PK = :gsi3pk, GSI3SK = :gsi3sk' : ' REMOVE GSI3PK, GSI3SK'
        }`,
        ConditionExpression: 'currentStatus = :invited AND preview = :false',
        ExpressionAttributeValues: {
          ':createdAt': createdAt,
          ':expiresAt': expiresAt,
          ':invited': 'invited',
          ':false': false,
          ':gsi1sk': byPosition.GSI1SK,
          ':gsi2sk': byStatus.GSI2SK,
          ...(expiry ? { ':gsi3pk': expiry.GSI3PK, ':gsi3sk': expiry.GSI3SK } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(Attributes!);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new AnswerRefused();
    throw error;
  }
};

export class CandidateGone extends Error {}

/**
 * Deletes a candidate: profile, token and the position's count in one transaction (conditioned
 * on the status read, so a concurrent change is not miscounted), then their answers and attempts.
 * Returns the media ids whose objects are to be deleted.
 */
export const deleteCandidate = async (candidate: Candidate, options: { onlyIfInvited?: boolean } = {}): Promise<string[]> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.candidate(candidate.candidateId).PK },
    }),
  );
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.candidate(candidate.candidateId),
              ConditionExpression: options.onlyIfInvited ? 'currentStatus = :status AND currentStatus = :invited' : 'currentStatus = :status',
              ExpressionAttributeValues: { ':status': candidate.currentStatus, ...(options.onlyIfInvited ? { ':invited': 'invited' } : {}) },
            },
          },
          { Delete: { TableName: tableName(), Key: keys.interviewToken(sha256(candidate.interviewToken)) } },
          ...(candidate.publicCandidateId ? [{ Delete: { TableName: tableName(), Key: keys.publicCandidate(candidate.publicCandidateId) } }] : []),
          ...(candidate.preview
            ? []
            : [
                {
                  Update: {
                    TableName: tableName(),
                    Key: keys.position(candidate.positionId),
                    UpdateExpression: 'ADD candidates.#status :minus',
                    ConditionExpression: 'attribute_exists(PK)',
                    ExpressionAttributeNames: { '#status': candidate.currentStatus },
                    ExpressionAttributeValues: { ':minus': -1 },
                  },
                },
              ]),
        ],
      }),
    );
  } catch (error) {
    if (failedIndexes(error).length > 0) throw new CandidateGone();
    throw error;
  }
  const rest = (Items ?? []).filter((i) => i.SK !== 'CANDIDATE');
  for (let i = 0; i < rest.length; i += 25) {
    await db.send(
      new BatchWriteCommand({
        RequestItems: { [tableName()]: rest.slice(i, i + 25).map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })) },
      }),
    );
  }
  return [
    ...new Set([
      ...Object.values(candidate.answers).map((a) => a.mediaId),
      ...rest.filter((i) => typeof i.mediaId === 'string').map((i) => i.mediaId as string),
    ]),
  ];
};

/** Whether an address already applied to or was invited to a position (one Query on the position's candidates). */
export const hasCandidateWithEmail = async (positionId: string, email: string): Promise<boolean> =>
  (
    await queryAll(
      {
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        FilterExpression: 'email = :email',
        ExpressionAttributeValues: { ':pk': keys.candidateByPosition(positionId, '', '').GSI1PK, ':email': email },
        ProjectionExpression: 'candidateId',
      },
      (items) => items.length > 0,
    )
  ).length > 0;

export class StatusChanged extends Error {}

/**
 * Evaluation (spec §4): the candidate's status and tab keys and the position's counts move in one
 * transaction, conditioned on the status the caller saw.
 */
export const setEvaluation = async (candidate: Candidate, next: 'responded' | 'shortlisted' | 'rejected'): Promise<void> => {
  const byStatus = keys.candidateByStatus(candidate.positionId, next, sortTimeOf({ ...candidate, currentStatus: next }), candidate.candidateId);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.candidate(candidate.candidateId),
              UpdateExpression: 'SET currentStatus = :next, GSI2PK = :pk, GSI2SK = :sk',
              ConditionExpression: 'currentStatus = :current',
              ExpressionAttributeValues: { ':next': next, ':current': candidate.currentStatus, ':pk': byStatus.GSI2PK, ':sk': byStatus.GSI2SK },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.position(candidate.positionId),
              UpdateExpression: 'ADD candidates.#from :minus, candidates.#to :one',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeNames: { '#from': candidate.currentStatus, '#to': next },
              ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (failedIndexes(error).length > 0) throw new StatusChanged();
    throw error;
  }
};

const pageOf = (items: Record<string, any>[], pageSize: number) => ({
  candidates: items.slice(0, pageSize).map(fromItem),
  hasMore: items.length > pageSize,
});

/** Responded, shortlisted and rejected together, newest completion first (companies without evaluation): one Query on GSI3. */
export const listDone = async (positionId: string, pageSize: number, after?: Candidate) => {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.candidateDone(positionId, '', '').GSI3PK },
      ScanIndexForward: false,
      Limit: pageSize + 1,
      ExclusiveStartKey:
        after?.completedAt && after.currentStatus !== 'invited' && after.positionId === positionId
          ? { ...keys.candidate(after.candidateId), ...keys.candidateDone(positionId, after.completedAt, after.candidateId) }
          : undefined,
    }),
  );
  return pageOf(page.Items ?? [], pageSize);
};

/**
 * Search (spec §2): names and e-mails containing the text, case-insensitive, across all statuses,
 * responded first (newest completion), invited last (newest invite). The position's candidates are
 * one GSI1 partition read with a filter: read page by page until enough match.
 */
export const searchCandidates = async (positionId: string, text: string) => {
  const found = (
    await queryAll(
      {
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        FilterExpression: 'contains(searchText, :text)',
        ExpressionAttributeValues: { ':pk': keys.candidateByPosition(positionId, '', '').GSI1PK, ':text': text.toLowerCase() },
        ScanIndexForward: false,
      },
      (items) => items.length >= 500,
    )
  ).map(fromItem);
  return found.sort((a, b) => {
    if ((a.currentStatus === 'invited') !== (b.currentStatus === 'invited')) return a.currentStatus === 'invited' ? 1 : -1;
    return sortTimeOf(b).localeCompare(sortTimeOf(a));
  });
};

/** The neighbours of a completed candidate by completion time (Previous = newer, Next = older) and the oldest still responded. */
export const neighboursOf = async (candidate: Candidate) => {
  if (!candidate.completedAt || candidate.currentStatus === 'invited')
    return { previousCandidateId: null, nextCandidateId: null, nextToReviewCandidateId: null };
  const done = keys.candidateDone(candidate.positionId, candidate.completedAt, candidate.candidateId);
  const one = async (index: string, pk: string, pkValue: string, sk: string, condition: string, skValue: string, forward: boolean) => {
    const { Items } = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index,
        KeyConditionExpression: `${pk} = :pk AND ${sk} ${condition} :sk`,
        ExpressionAttributeValues: { ':pk': pkValue, ':sk': skValue },
        ScanIndexForward: forward,
        Limit: 2,
        ProjectionExpression: 'candidateId',
      }),
    );
    return (Items ?? []).map((i) => i.candidateId as string).find((id) => id !== candidate.candidateId) ?? null;
  };
  const responded = keys.candidateByStatus(candidate.positionId, 'responded', '', '').GSI2PK;
  const [previousCandidateId, nextCandidateId, nextToReviewCandidateId] = await Promise.all([
    one('GSI3', 'GSI3PK', done.GSI3PK, 'GSI3SK', '>', done.GSI3SK, true),
    one('GSI3', 'GSI3PK', done.GSI3PK, 'GSI3SK', '<', done.GSI3SK, false),
    one('GSI2', 'GSI2PK', responded, 'GSI2SK', '>=', '0', true),
  ]);
  return { previousCandidateId, nextCandidateId, nextToReviewCandidateId };
};

export interface AnswerRecord {
  answerId: string;
  candidateId: string;
  questionIndex: number;
  mediaId: string;
  rating: number | null;
}

/** An answer by its id (GSI1), for rating. */
export const findAnswer = async (answerId: string): Promise<AnswerRecord | null> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.answerById(answerId).GSI1PK },
      Limit: 1,
    }),
  );
  const item = Items?.[0];
  return item
    ? { answerId, candidateId: item.candidateId, questionIndex: Number(item.questionIndex), mediaId: item.mediaId, rating: item.rating ?? null }
    : null;
};

export const rateAnswer = (answer: AnswerRecord, rating: number) =>
  db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.answer(answer.candidateId, answer.questionIndex),
      UpdateExpression: 'SET rating = :rating',
      ConditionExpression: 'answerId = :answerId',
      ExpressionAttributeValues: { ':rating': rating, ':answerId': answer.answerId },
    }),
  );

/** Sharing on: one public id per candidate while it stays on (a second call returns the same). */
export const sharePublicly = async (candidate: Candidate): Promise<string> => {
  if (candidate.publicCandidateId) return candidate.publicCandidateId;
  const publicCandidateId = randomToken(16);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.publicCandidate(publicCandidateId), type: 'publicCandidate', candidateId: candidate.candidateId },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.candidate(candidate.candidateId),
              UpdateExpression: 'SET publicCandidateId = :id',
              ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(publicCandidateId) OR publicCandidateId = :null)',
              ExpressionAttributeValues: { ':id': publicCandidateId, ':null': null },
            },
          },
        ],
      }),
    );
    return publicCandidateId;
  } catch (error) {
    const current = await getCandidate(candidate.candidateId);
    if (current?.publicCandidateId) return current.publicCandidateId;
    throw error;
  }
};

export const candidateIdOfPublicId = async (publicCandidateId: string): Promise<string | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.publicCandidate(publicCandidateId), ConsistentRead: true }));
  return typeof Item?.candidateId === 'string' ? Item.candidateId : null;
};

/** Sharing off: the public id stops resolving at once. */
export const stopSharing = async (candidateId: string, publicCandidateId: string) =>
  db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: keys.publicCandidate(publicCandidateId) } },
        {
          Update: {
            TableName: tableName(),
            Key: keys.candidate(candidateId),
            UpdateExpression: 'REMOVE publicCandidateId',
            ConditionExpression: 'publicCandidateId = :id',
            ExpressionAttributeValues: { ':id': publicCandidateId },
          },
        },
      ],
    }),
  );

export const recordAnswerPackage = (candidateId: string, answerPackage: { key: string; answerIds: string[] }) =>
  db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.candidate(candidateId),
      UpdateExpression: 'SET answerPackage = :package',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':package': answerPackage },
    }),
  );
