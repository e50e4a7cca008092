import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { keys, sortKeyPrefixes } from '../keys';
import type { BatchRead } from '../batch-get';
import { ConditionFailed, transact } from '../transaction';
import type { Attempt } from './attempts';
import { AnswerRefused, plannedResult, questionKey, type Candidate, type SubmittedAnswer } from './candidate';
import { isRecordedAnswer, type KnockoutRecord } from '../../contracts/answer-types';
import type { StoredAnswerSummary } from '../../contracts/summaries';
import { storedAnswerSummaryOf } from '../../domain/summary-views';
import type { AnswerType } from '../../contracts/vocabulary';

/**
 * What an answer is, as it is recorded: the fields its answer item holds (besides keys, ids and
 * rating) and what the candidate item keeps of it (`answers.q{index}`), and what else goes with it:
 * the attempt it was (a recording's or a file's, deleted), the draft it was typed in (deleted), a
 * knockout it set (issue 39), and whether it ends the interview before the last question (a
 * knockout whose position says so).
 */
export interface AnswerWrite {
  answerId: string;
  questionIndex: number;
  item: Record<string, unknown>;
  summary: SubmittedAnswer;
  attemptId?: string;
  draft?: boolean;
  knockout?: KnockoutRecord;
  ends?: boolean;
}

/**
 * Submits an attempt as the answer to its question (a recording, or a file: issue 39, with the name
 * the candidate's file had). `live`: the take was streamed live, not recorded in the browser.
 */
export const submitAttempt = (candidate: Candidate, attempt: Attempt, live = false, now = new Date()): Promise<{ completed: boolean }> => {
  // A recording is a video unless its question asks for audio only (issue 39): the answer says so, for the team's page.
  const audio = candidate.interview.questions[attempt.questionIndex]?.answer?.answerType === 'audio';
  const kind = {
    ...(attempt.file ? { answerType: 'file' as const, fileName: attempt.file.fileName } : audio ? { answerType: 'audio' as const } : {}),
    ...(live ? { recorder: 'live' as const } : {}),
  };
  return recordAnswer(
    candidate,
    {
      answerId: attempt.answerId,
      questionIndex: attempt.questionIndex,
      item: { mediaId: attempt.mediaId, ...kind },
      summary: { answerId: attempt.answerId, mediaId: attempt.mediaId, ...kind },
      attemptId: attempt.answerId,
    },
    now,
  );
};

/**
 * Records an answer. The answer that completes the interview (the last, or a knockout that ends
 * it) also makes the candidate `responded` and moves the position's counts, in the same
 * transaction; the `answeredCount` condition makes two racing submissions of the last answers safe.
 * A response counts as new to review (`awaitingReview` on the candidate, `newToReview` on the
 * position) until a member opens it, and is the position's `lastResponseAt`.
 */
export const recordAnswer = async (candidate: Candidate, answer: AnswerWrite, now = new Date()): Promise<{ completed: boolean }> => {
  const q = questionKey(answer.questionIndex);
  const completes = answer.ends === true || candidate.answeredCount + 1 >= candidate.interview.questions.length;
  const completedAt = now.toISOString();
  const statusKeys =
    completes && !candidate.preview ? keys.candidateByStatus(candidate.positionId, 'responded', completedAt, candidate.candidateId) : null;
  const doneKeys = statusKeys ? keys.candidateDone(candidate.positionId, completedAt, candidate.candidateId) : null;
  // An ATS candidate's response is written back to their profile (an outbox item, in this transaction).
  const result = completes ? plannedResult(candidate, 'responded', now) : null;
  // Every answer is activity: the retention clock starts anew (issue 28; previews have none, they expire on their own).
  const retention = candidate.preview ? null : keys.candidateRetention(candidate.companyId, completedAt, candidate.candidateId);
  try {
    await transact([
      {
        name: 'candidate',
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.candidate(candidate.candidateId),
            UpdateExpression: [
              'SET answers.#q = :answer, answeredCount = answeredCount + :one',
              ...(completes ? [', currentStatus = :responded, completedAt = :completedAt'] : []),
              ...(statusKeys ? [', GSI2PK = :gsi2pk, GSI2SK = :gsi2sk, GSI3PK = :gsi3pk, GSI3SK = :gsi3sk, awaitingReview = :true'] : []),
              ...(result ? [', integration.writeBack = :writeBack'] : []),
              ...(retention ? [', lastActiveAt = :activeAt, GSI5PK = :gsi5pk, GSI5SK = :gsi5sk'] : []),
              ...(answer.knockout ? [', knockout = :knockout'] : []),
              ...(statusKeys ? [' REMOVE reviewedAt'] : []),
            ].join(''),
            ConditionExpression: 'currentStatus = :invited AND answeredCount = :expected AND attribute_not_exists(answers.#q)',
            ExpressionAttributeNames: { '#q': q },
            ExpressionAttributeValues: {
              ':answer': answer.summary,
              ':one': 1,
              ':invited': 'invited',
              ':expected': candidate.answeredCount,
              ...(completes ? { ':responded': 'responded', ':completedAt': completedAt } : {}),
              ...(statusKeys && doneKeys
                ? {
                    ':gsi2pk': statusKeys.GSI2PK,
                    ':gsi2sk': statusKeys.GSI2SK,
                    ':gsi3pk': doneKeys.GSI3PK,
                    ':gsi3sk': doneKeys.GSI3SK,
                    ':true': true,
                  }
                : {}),
              ...(result ? { ':writeBack': result.writeBack } : {}),
              ...(retention ? { ':activeAt': completedAt, ':gsi5pk': retention.GSI5PK, ':gsi5sk': retention.GSI5SK } : {}),
              ...(answer.knockout ? { ':knockout': answer.knockout } : {}),
            },
          },
        },
      },
      {
        name: 'answer',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.answer(candidate.candidateId, answer.questionIndex),
              type: 'answer',
              answerId: answer.answerId,
              candidateId: candidate.candidateId,
              positionId: candidate.positionId,
              companyId: candidate.companyId,
              questionIndex: answer.questionIndex,
              ...answer.item,
              rating: null,
              createdAt: completedAt,
              ...keys.answerById(answer.answerId),
            },
          },
        },
      },
      ...(answer.attemptId
        ? [{ name: 'attempt', item: { Delete: { TableName: tableName(), Key: keys.attempt(candidate.candidateId, answer.attemptId) } } }]
        : []),
      ...(answer.draft
        ? [{ name: 'draft', item: { Delete: { TableName: tableName(), Key: keys.draft(candidate.candidateId, answer.questionIndex) } } }]
        : []),
      ...(result ? [result.step] : []),
      ...(completes && !candidate.preview
        ? [
            {
              name: 'position',
              item: {
                Update: {
                  TableName: tableName(),
                  Key: keys.position(candidate.positionId),
                  UpdateExpression: 'ADD candidates.invited :minus, candidates.responded :one, newToReview :one SET lastResponseAt = :completedAt',
                  ConditionExpression: 'attribute_exists(PK)',
                  ExpressionAttributeValues: { ':minus': -1, ':one': 1, ':completedAt': completedAt },
                },
              },
            },
          ]
        : []),
    ]);
  } catch (error) {
    // Not invited any more, another answer came first (the count moved), or the position is gone.
    if (error instanceof ConditionFailed && (error.step === 'candidate' || error.step === 'position')) throw new AnswerRefused();
    throw error;
  }
  return { completed: completes };
};

/**
 * The texts of a candidate's text answers (issue 39), by question index, as a BatchRead: the text is
 * kept on the answer item only (the candidate item would outgrow DynamoDB's item limit with many), so
 * the pages that show it read those items in the BatchGetItem they make anyway.
 */
export const answerTextsRead = (candidate: Pick<Candidate, 'candidateId' | 'answers'>): BatchRead<Map<number, string>> => {
  const indexes = Object.entries(candidate.answers)
    .filter(([, answer]) => answer.answerType === 'text')
    .map(([q]) => Number(q.slice(1)));
  return {
    keys: indexes.map((index) => keys.answer(candidate.candidateId, index)),
    collect: (found) =>
      new Map(
        indexes.flatMap((index) => {
          const text = found(keys.answer(candidate.candidateId, index))?.text;
          return typeof text === 'string' ? [[index, text] as const] : [];
        }),
      ),
  };
};

/**
 * The stored summaries of a candidate's recorded answers (issue 41: on the answer item, `summary`), by
 * question index, as items to read in someone else's BatchGetItem; an answer without one is left out.
 */
export const answerSummariesRead = (candidate: Pick<Candidate, 'candidateId' | 'answers'>): BatchRead<Map<number, StoredAnswerSummary>> => {
  const indexes = Object.entries(candidate.answers)
    .filter(([, answer]) => isRecordedAnswer(answer.answerType ?? 'video'))
    .map(([q]) => Number(q.slice(1)));
  return {
    keys: indexes.map((index) => keys.answer(candidate.candidateId, index)),
    collect: (found) =>
      new Map(
        indexes.flatMap((index) => {
          const summary = storedAnswerSummaryOf(found(keys.answer(candidate.candidateId, index))?.summary);
          return summary ? [[index, summary] as const] : [];
        }),
      ),
  };
};

/**
 * The answers of a candidate, in question order (one Query on the candidate's partition), each with
 * what its item holds of its form (issue 39): its type, a text's words, the options picked, a
 * file's name (null where it has none; a recording's media id is empty for a typed answer).
 */
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
    answerType: (i.answerType ?? 'video') as AnswerType,
    text: typeof i.text === 'string' ? i.text : null,
    optionIds: Array.isArray(i.optionIds) ? (i.optionIds as string[]) : null,
    fileName: typeof i.fileName === 'string' ? i.fileName : null,
  }));
};

export interface AnswerRecord {
  answerId: string;
  candidateId: string;
  /** The candidate's position and company, as the answer item records them (null if it did not). */
  positionId: string | null;
  companyId: string | null;
  questionIndex: number;
  mediaId: string;
  rating: number | null;
}

/** An answer by its id (GSI1), for rating, with the ids it holds of its candidate, their position and company. */
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
    ? {
        answerId,
        candidateId: item.candidateId,
        positionId: typeof item.positionId === 'string' ? item.positionId : null,
        companyId: typeof item.companyId === 'string' ? item.companyId : null,
        questionIndex: Number(item.questionIndex),
        mediaId: item.mediaId,
        rating: item.rating ?? null,
      }
    : null;
};

/**
 * Rates an answer. The answer item and the candidate's own record of it (`answers.q{index}.rating`
 * on the candidate item, which the CSV export averages without reading any answer) change in one
 * transaction, each on the condition that it is still this answer.
 */
export const rateAnswer = (answer: AnswerRecord, rating: number) =>
  transact([
    {
      name: 'answer',
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.answer(answer.candidateId, answer.questionIndex),
          UpdateExpression: 'SET rating = :rating',
          ConditionExpression: 'answerId = :answerId',
          ExpressionAttributeValues: { ':rating': rating, ':answerId': answer.answerId },
        },
      },
    },
    {
      name: 'candidate',
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.candidate(answer.candidateId),
          UpdateExpression: 'SET answers.#q.rating = :rating',
          ConditionExpression: 'answers.#q.answerId = :answerId',
          ExpressionAttributeNames: { '#q': questionKey(answer.questionIndex) },
          ExpressionAttributeValues: { ':rating': rating, ':answerId': answer.answerId },
        },
      },
    },
  ]);
