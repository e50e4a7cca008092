import { BatchWriteCommand, DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

/**
 * Messages planned a duration from the invite (spec §3 PlannedMessage): one item per candidate and
 * template at its due time, written when the candidate is invited. The sender job reads what is due
 * in one Query and claims each item by deleting it, so a message is sent at most once.
 */
export interface DueMessage {
  dueAt: string;
  candidateId: string;
  templateId: string;
}

export const schedulePlannedMessages = async (messages: DueMessage[]) => {
  for (let i = 0; i < messages.length; i += 25) {
    await db.send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: messages.slice(i, i + 25).map((m) => ({
            PutRequest: { Item: { ...keys.plannedMessage(m.dueAt, m.candidateId, m.templateId), type: 'plannedMessage', ...m } },
          })),
        },
      }),
    );
  }
};

export const dueMessages = async (now: Date, limit = 100): Promise<DueMessage[]> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK < :now',
      ExpressionAttributeValues: { ':pk': keys.plannedMessage('', '', '').PK, ':now': now.toISOString() },
      Limit: limit,
    }),
  );
  return (Items ?? []).map((i) => ({ dueAt: i.dueAt, candidateId: i.candidateId, templateId: i.templateId }));
};

/** Takes a due message off the schedule; false when another run already took it. */
export const claimMessage = async (message: DueMessage): Promise<boolean> => {
  const { Attributes } = await db.send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.plannedMessage(message.dueAt, message.candidateId, message.templateId),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return Attributes !== undefined;
};
