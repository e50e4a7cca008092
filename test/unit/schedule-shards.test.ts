import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { keys, schedulePartitions, scheduleShard, SCHEDULE_SHARDS } from '../../lambdas/data/keys';
import { pageShards, readShards } from '../../lambdas/data/schedule-shards';

const ddb = mockClient(DynamoDBDocumentClient);

/**
 * A fake table of sharded partitions answering Query as DynamoDB does: at most Limit items a page
 * (and at most `pageCap`, like the 1 MB cap), with a LastEvaluatedKey when it stopped early.
 */
const fakeShards = (counts: number[], pageCap = Number.POSITIVE_INFINITY) => {
  const queries: QueryCommandInput[] = [];
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    queries.push(input);
    const shard = Number(String(input.ExpressionAttributeValues![':pk']).split('#')[1]);
    const start = input.ExclusiveStartKey ? Number(input.ExclusiveStartKey.SK) + 1 : 0;
    const end = Math.min(counts[shard]!, start + Math.min(input.Limit!, pageCap));
    const Items = Array.from({ length: end - start }, (_, i) => ({ PK: input.ExpressionAttributeValues![':pk'], SK: String(start + i), shard }));
    return { Items, LastEvaluatedKey: end < counts[shard]! ? { PK: input.ExpressionAttributeValues![':pk'], SK: String(end - 1) } : undefined };
  });
  return queries;
};

const query = (shard: number) => ({
  TableName: 't',
  KeyConditionExpression: 'PK = :pk',
  ExpressionAttributeValues: { ':pk': schedulePartitions.plannedMessages(shard) },
});

beforeEach(() => {
  ddb.reset();
});

describe('schedule shards', () => {
  it('spread ids over all shards, the same id always in the same one, writers and readers on one definition', () => {
    const ids = Array.from({ length: 16_000 }, (_, i) => `candidate-${i}`);
    const perShard = new Array<number>(SCHEDULE_SHARDS).fill(0);
    for (const id of ids) perShard[scheduleShard(id)]! += 1;
    expect(perShard.every((n) => n > 0)).toBe(true);
    // About 1,000 each: no shard holds much more than its sixteenth.
    expect(Math.max(...perShard)).toBeLessThan(1_200);
    expect(scheduleShard('abc')).toBe(scheduleShard('abc'));

    const id = 'k2mM0pV9xYq1Zr8T';
    const shard = schedulePartitions.inviteExpiry(scheduleShard(id));
    expect(shard).toMatch(/^INVITE_EXPIRY#\d\d$/);
    expect(keys.candidateExpiry('2026-01-01T00:00:00.000Z', id).GSI3PK).toBe(shard);
    expect(keys.plannedMessage('2026-01-01T00:00:00.000Z', id, 't').PK).toBe(schedulePartitions.plannedMessages(scheduleShard(id)));
    expect(keys.integrationResult('2026-01-01T00:00:00.000Z', id, 'responded').PK).toBe(schedulePartitions.integrationResults(scheduleShard(id)));
    expect(keys.integrationToSync(id).GSI2PK).toBe(schedulePartitions.integrationsToSync(scheduleShard(id)));
  });

  it('read what is due from every shard, at most the limit, in pages continued with LastEvaluatedKey', async () => {
    const counts = [3, 0, 0, 250, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7];
    const queries = fakeShards(counts, 40);
    const items = await readShards(query, 100, 15);
    expect(items).toHaveLength(100);
    // Shard 15 first (7), then 0 (3), 1 and 2 (empty), then 3 in pages of at most 40 until 100 are in hand.
    expect(items.filter((i) => i.shard === 15)).toHaveLength(7);
    expect(items.filter((i) => i.shard === 0)).toHaveLength(3);
    expect(items.filter((i) => i.shard === 3)).toHaveLength(90);
    expect(queries.map((q) => [q.ExpressionAttributeValues![':pk'], q.Limit, q.ExclusiveStartKey?.SK])).toEqual([
      ['PLANNED_MESSAGES#15', 100, undefined],
      ['PLANNED_MESSAGES#00', 93, undefined],
      ['PLANNED_MESSAGES#01', 90, undefined],
      ['PLANNED_MESSAGES#02', 90, undefined],
      ['PLANNED_MESSAGES#03', 90, undefined],
      ['PLANNED_MESSAGES#03', 50, '39'],
      ['PLANNED_MESSAGES#03', 10, '79'],
    ]);
  });

  it('read each shard once when little is due', async () => {
    const queries = fakeShards([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const items = await readShards(query, 100);
    expect(items).toHaveLength(16);
    expect(new Set(items.map((i) => i.shard)).size).toBe(16);
    expect(queries).toHaveLength(SCHEDULE_SHARDS);
  });

  it('walk every item of every shard page by page with a cursor', async () => {
    const counts = [2, 0, 30, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 1];
    const queries = fakeShards(counts);
    const seen: Record<string, any>[] = [];
    const pageSizes: number[] = [];
    let after: Record<string, unknown> | undefined;
    do {
      const page = await pageShards(query, 25, after);
      seen.push(...page.items);
      pageSizes.push(page.items.length);
      after = page.next;
    } while (after);
    expect(seen).toHaveLength(38);
    expect(new Set(seen.map((i) => `${i.shard}/${i.SK}`)).size).toBe(38);
    expect(pageSizes).toEqual([25, 13]);
    // Every shard read, none twice from the start.
    expect(queries.filter((q) => !q.ExclusiveStartKey).map((q) => q.ExpressionAttributeValues![':pk'])).toEqual(
      Array.from({ length: SCHEDULE_SHARDS }, (_, shard) => schedulePartitions.plannedMessages(shard)),
    );
  });
});
