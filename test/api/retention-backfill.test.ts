import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { backfillRetentionClock } from '../../scripts/backfill-retention-clock';
import { localDb, localEnv } from '../support/aws';

/**
 * Migration 005-retention-clock against the local table: items from before the retention policy
 * get their retention clock (candidates), their retention shard (companies) and a closing time
 * (closed positions); previews and items that have them already are left alone.
 */
const table = () => localEnv().TABLE_NAME;
const put = (item: Record<string, unknown>) => localDb().send(new PutCommand({ TableName: table(), Item: item }));
const get = async (key: { PK: string; SK: string }) =>
  (await localDb().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item!;

describe('migration 005-retention-clock', () => {
  it('gives old candidates, companies and closed positions what the retention job reads, once', async () => {
    const id = () => randomUUID().replaceAll('-', '').slice(0, 16);
    const [companyId, positionId, answered, invited, preview] = [id(), id(), id(), id(), id()];
    await put({ ...keys.company(companyId), companyId, companyName: 'Old Co' });
    await put({ ...keys.position(positionId), positionId, companyId, currentStatus: 'closed' });
    const candidate = (candidateId: string, extra: Record<string, unknown>) =>
      put({ ...keys.candidate(candidateId), candidateId, companyId, positionId, createdAt: '2025-01-02T00:00:00.000Z', ...extra });
    await candidate(answered, { completedAt: '2025-02-03T00:00:00.000Z' });
    await candidate(invited, {});
    await candidate(preview, { preview: true });
    const now = new Date('2026-11-26T12:00:00.000Z');

    const first = await backfillRetentionClock(localDb(), table(), now);
    expect(first.candidates).toBeGreaterThanOrEqual(2);
    expect(await get(keys.candidate(answered))).toMatchObject(keys.candidateRetention(companyId, '2025-02-03T00:00:00.000Z', answered));
    expect(await get(keys.candidate(invited))).toMatchObject(keys.candidateRetention(companyId, '2025-01-02T00:00:00.000Z', invited));
    expect((await get(keys.candidate(preview))).GSI5PK).toBeUndefined();
    expect(await get(keys.company(companyId))).toMatchObject(keys.companyRetention(companyId));
    expect((await get(keys.position(positionId))).closedAt).toBe(now.toISOString());

    // Again: nothing of these changes (the clock and the closing time stay as the first run set them).
    await backfillRetentionClock(localDb(), table(), new Date('2027-01-01T00:00:00.000Z'));
    expect((await get(keys.position(positionId))).closedAt).toBe(now.toISOString());
    expect(await get(keys.candidate(answered))).toMatchObject(keys.candidateRetention(companyId, '2025-02-03T00:00:00.000Z', answered));
  });
});
