import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { keys, sortKeyPrefixes } from '../keys';

/**
 * Drafts of text answers (issue 39): one item per question in the candidate's partition, so it goes
 * with them (deletion, retention), replaced as the candidate types and deleted in the transaction
 * that records the answer.
 */
export const saveDraft = async (candidateId: string, questionIndex: number, text: string, now = new Date()) => {
  const savedAt = now.toISOString();
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.draft(candidateId, questionIndex), type: 'draft', candidateId, questionIndex, text, savedAt },
    }),
  );
  return savedAt;
};

/** A candidate's drafts by question index (one Query on their partition). */
export const draftsOf = async (candidateId: string): Promise<Map<number, string>> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.candidate(candidateId).PK, ':prefix': sortKeyPrefixes.draft },
    }),
  );
  return new Map((Items ?? []).map((item) => [Number(item.questionIndex), String(item.text ?? '')]));
};
