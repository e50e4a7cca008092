import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { storedAnswerSummarySchema, type StoredAnswerSummary, type StoredSummaryOverview, type StoredSummaryUsage } from '../contracts/summaries';
import { storedUsageOf } from '../domain/summary-views';
import { db, tableName } from './client';
import { keys, sortKeyPrefixes } from './keys';

/**
 * What the summarising step (issue 41, app/summaries/summarise.ts) reads and writes: the company's
 * monthly usage item (read consistently: the budget check), the answer's `summary` and the
 * candidate's `summaryOverview` (the company's setting is data/companies.ts's companySummarySetting).
 * Both summaries live on items a candidate's deletion and retention already take.
 */

const usageOf = (item: Record<string, unknown> | undefined): StoredSummaryUsage => storedUsageOf(item) ?? { inputTokens: 0, outputTokens: 0 };

/** The company's tokens in `month` (zero when nothing was summarised). */
export const readSummaryUsage = async (companyId: string, month: string): Promise<StoredSummaryUsage> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.summaryUsage(companyId, month), ConsistentRead: true }));
  return usageOf(Item);
};

/** Adds a call's tokens to the month's item (ADD: concurrent calls both count) and records the budget in force; the item after. */
export const addSummaryUsage = async (
  companyId: string,
  month: string,
  tokens: { inputTokens: number; outputTokens: number },
  budgetTokens: number,
): Promise<StoredSummaryUsage> => {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.summaryUsage(companyId, month),
      UpdateExpression: 'ADD inputTokens :in, outputTokens :out SET budgetTokens = :budget, companyId = :company, #month = :month',
      ExpressionAttributeNames: { '#month': 'month' },
      ExpressionAttributeValues: {
        ':in': tokens.inputTokens,
        ':out': tokens.outputTokens,
        ':budget': budgetTokens,
        ':company': companyId,
        ':month': month,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return usageOf(Attributes);
};

/** Marks the month paused; true only for the call that set it first (that one mails the owners). */
export const markSummariesPaused = async (companyId: string, month: string, budgetTokens: number, now: Date): Promise<boolean> => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.summaryUsage(companyId, month),
        UpdateExpression: 'SET pausedAt = :at, budgetTokens = :budget, companyId = :company, #month = :month',
        ConditionExpression: 'attribute_not_exists(pausedAt)',
        ExpressionAttributeNames: { '#month': 'month' },
        ExpressionAttributeValues: { ':at': now.toISOString(), ':budget': budgetTokens, ':company': companyId, ':month': month },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/**
 * Stores an answer's summary, on the condition that the item is still this answer (a retake or a
 * deletion meanwhile leaves it alone); false when it was not.
 */
export const storeAnswerSummary = async (
  candidateId: string,
  questionIndex: number,
  answerId: string,
  summary: StoredAnswerSummary,
): Promise<boolean> => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.answer(candidateId, questionIndex),
        UpdateExpression: 'SET #summary = :summary',
        ConditionExpression: 'answerId = :answerId',
        ExpressionAttributeNames: { '#summary': 'summary' },
        ExpressionAttributeValues: { ':summary': summary, ':answerId': answerId },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/** Stores the candidate's overview while the candidate exists; false when they are gone. */
export const storeSummaryOverview = async (candidateId: string, overview: StoredSummaryOverview): Promise<boolean> => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.candidate(candidateId),
        UpdateExpression: 'SET summaryOverview = :overview',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':overview': overview },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/** A candidate's answer with its stored summary, for the overview. */
export interface SummarisedAnswerItem {
  answerId: string;
  questionIndex: number;
  mediaId: string;
  summary: StoredAnswerSummary | null;
}

/** The candidate's answers with their summaries (one Query of the candidate's partition), in question order. */
export const answerSummariesOf = async (candidateId: string): Promise<SummarisedAnswerItem[]> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ProjectionExpression: 'answerId, questionIndex, mediaId, #summary',
      ExpressionAttributeNames: { '#summary': 'summary' },
      ExpressionAttributeValues: { ':pk': keys.candidate(candidateId).PK, ':prefix': sortKeyPrefixes.answer },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => {
    const summary = storedAnswerSummarySchema.safeParse(item.summary);
    return {
      answerId: String(item.answerId),
      questionIndex: Number(item.questionIndex),
      mediaId: typeof item.mediaId === 'string' ? item.mediaId : '',
      summary: summary.success ? summary.data : null,
    };
  });
};
