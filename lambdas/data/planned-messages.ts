import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { putItems } from './batch-write';
import { db, tableName } from './client';
import { keys, schedulePartitions } from './keys';
import { readShards } from './schedule-shards';

/**
 * Messages planned a duration from the invite (spec §3 PlannedMessage): one item per candidate and
 * template at its due time, written when the candidate is invited, in the candidate's shard of the
 * schedule (keys.plannedMessage). The sender job reads what is due from the shards in bounded pages
 * and claims each item by deleting it, so a message is sent at most once.
 */
export interface DueMessage {
  dueAt: string;
  candidateId: string;
  templateId: string;
}

export const schedulePlannedMessages = (messages: DueMessage[]): Promise<void> =>
  putItems(messages.map((m) => ({ ...keys.plannedMessage(m.dueAt, m.candidateId, m.templateId), type: 'plannedMessage', ...m })));

/** Up to `limit` messages due before `now`, from every shard (db/schedule-shards.ts: at most one Query a shard). */
export const dueMessages = async (now: Date, limit = 100): Promise<DueMessage[]> =>
  (
    await readShards(
      (shard) => ({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK < :now',
        ExpressionAttributeValues: { ':pk': schedulePartitions.plannedMessages(shard), ':now': now.toISOString() },
      }),
      limit,
    )
  ).map((i) => ({ dueAt: i.dueAt, candidateId: i.candidateId, templateId: i.templateId }));

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
