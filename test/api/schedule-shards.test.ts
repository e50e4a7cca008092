import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys, schedulePartitions, scheduleShard, unshardedSchedulePartitions } from '../../lambdas/data/keys';
import { migrateScheduleShards } from '../../scripts/migrate-schedule-shards';
import { baseUrl, call } from '../support/api';
import { mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { interviewAsking } from '../support/interviews';
import { savePosition } from '../support/positions';

/**
 * The scheduled jobs' partitions are sharded by the candidate's or integration's id (keys.ts:
 * scheduleShard): what the product writes lands in many shards, and one run of each job takes
 * what is due from all of them. Items written under the old single keys are moved into the shards
 * by migration 002-schedule-shards (`npm run migrate`) and then processed as any other.
 *
 * The jobs run with a clock in the year 2000 and this file's items are due in 2000, so a run takes
 * only what this file planned (other files' items are due now or later).
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const table = () => localEnv().TABLE_NAME!;
const db = () => localDb();
const DUE = '2000-01-01T00:00:00.000Z';
const RUN_AT = new Date('2000-01-02T00:00:00.000Z');
const COUNT = 12;

const runSchedule = async (id: string, time?: Date) => {
  const res = await fetch(`${baseUrl()}/_local/schedules/${id}${time ? `?time=${encodeURIComponent(time.toISOString())}` : ''}`, { method: 'POST' });
  expect(res.status).toBe(200);
  return res.json();
};

const interview = interviewAsking('Tell us about yourself');

const createPosition = async (owner: Owner, settings: Record<string, unknown>) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Barista', interview },
  });
  expect(created.status).toBe(201);
  const positionId = created.body.position_id as string;
  expect((await savePosition(owner.sessionId, positionId, settings)).status).toBe(200);
  return positionId;
};

const inviteMany = async (owner: Owner, positionId: string, count: number) => {
  const res = await call('inviteCandidatesBatch', {
    params: { positionId },
    session: owner.sessionId,
    body: { new_candidates: Array.from({ length: count }, (_, i) => ({ candidate_name: `Person ${i + 1}`, email: uniqueEmail('shard') })) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.candidates as { candidate_id: string; email: string }[];
};

const candidateItem = async (candidateId: string) =>
  (await db().send(new GetCommand({ TableName: table(), Key: keys.candidate(candidateId), ConsistentRead: true }))).Item;

/** Makes an invite's deadline DUE, in the shard the product put it in (what the expiry job reads up to RUN_AT). */
const dueInvite = (candidateId: string, partition: string) =>
  db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.candidate(candidateId),
      UpdateExpression: 'SET expiresAt = :due, GSI3PK = :pk, GSI3SK = :sk',
      ExpressionAttributeValues: { ':due': DUE, ':pk': partition, ':sk': `${DUE}#${candidateId}` },
    }),
  );

/** The planned-message items of a candidate in a partition. */
const plannedOf = async (partition: string, candidateId: string) =>
  (
    await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk',
        FilterExpression: 'candidateId = :id',
        ExpressionAttributeValues: { ':pk': partition, ':id': candidateId },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

const resultItem = (partition: string, candidateId: string) => ({
  PK: partition,
  SK: `${DUE}#${candidateId}#responded`,
  type: 'integrationResult',
  dueAt: DUE,
  candidateId,
  integrationId: `gone-${candidateId}`,
  event: 'responded',
  attempts: 0,
});

const integrationItem = (integrationId: string, companyId: string, gsi2pk: string) => ({
  ...keys.integration(integrationId),
  ...keys.integrationByCompany(companyId, 'greenhouse'),
  GSI2PK: gsi2pk,
  GSI2SK: integrationId,
  type: 'integration',
  integrationId,
  companyId,
  integrationType: 'greenhouse',
  username: null,
  secretLength: 10,
  sealed: 'not-opened: the company has no tagged position',
  webhookIds: [],
  automaticStageTransitions: false,
  createdAt: new Date().toISOString(),
  createdBy: 'test',
  lastSync: null,
});

const reminders = async (email: string) => (await mailTo(email)).filter((m) => m.subject === 'Reminder: your video interview for Barista');

let owner: Owner;
beforeAll(async () => {
  owner = await registerAndSignIn('Shards Co');
  await allocateCredits(owner.companyId, 100);
});

describe('sharded schedules', () => {
  it('invite expiry: invites land in their candidates’ shards, and one run expires the due ones of every shard', async () => {
    const positionId = await createPosition(owner, { invites_expire_after: 'P3D' });
    const candidates = await inviteMany(owner, positionId, COUNT);
    const partitions = new Set<string>();
    for (const { candidate_id: id } of candidates) {
      const item = await candidateItem(id);
      expect(item!.GSI3PK).toBe(schedulePartitions.inviteExpiry(scheduleShard(id)));
      partitions.add(item!.GSI3PK);
      await dueInvite(id, item!.GSI3PK);
    }
    expect(partitions.size).toBeGreaterThan(1);

    expect((await runSchedule('expireInvites', RUN_AT)).deleted).toBe(COUNT);
    for (const { candidate_id: id } of candidates) expect(await candidateItem(id)).toBeUndefined();
    expect((await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.candidates.invited).toBe(0);
  });

  it('planned messages: planned in their candidates’ shards, and one run sends the due ones of every shard', async () => {
    const positionId = await createPosition(owner, {
      invites_expire_after: 'P7D',
      planned_messages: [{ template_id: 'standard-reminder', send_trigger: 'P2D' }],
    });
    const candidates = await inviteMany(owner, positionId, COUNT);
    const partitions = new Set<string>();
    for (const { candidate_id: id } of candidates) {
      const partition = schedulePartitions.plannedMessages(scheduleShard(id));
      const [planned] = await plannedOf(partition, id);
      expect(planned).toMatchObject({ candidateId: id, templateId: 'standard-reminder' });
      partitions.add(partition);
      // Due in 2000, in the same shard.
      await db().send(new DeleteCommand({ TableName: table(), Key: { PK: planned!.PK, SK: planned!.SK } }));
      await db().send(new PutCommand({ TableName: table(), Item: { ...planned, ...keys.plannedMessage(DUE, id, planned!.templateId), dueAt: DUE } }));
    }
    expect(partitions.size).toBeGreaterThan(1);

    expect((await runSchedule('sendPlannedMessages', RUN_AT)).sent).toBe(COUNT);
    for (const { candidate_id: id, email } of candidates) {
      expect(await reminders(email)).toHaveLength(1);
      expect(await plannedOf(schedulePartitions.plannedMessages(scheduleShard(id)), id)).toEqual([]);
    }
  });

  it('ATS results: one run takes the due results of every shard', async () => {
    const candidateIds = Array.from({ length: COUNT }, () => `gone${randomUUID().slice(0, 12)}`);
    for (const id of candidateIds) {
      expect(keys.integrationResult(DUE, id, 'responded').PK).toBe(schedulePartitions.integrationResults(scheduleShard(id)));
      await db().send(new PutCommand({ TableName: table(), Item: resultItem(keys.integrationResult(DUE, id, 'responded').PK, id) }));
    }
    expect(new Set(candidateIds.map(scheduleShard)).size).toBeGreaterThan(1);

    // The candidates are gone: each result is taken off the schedule without a write to an ATS.
    expect(await runSchedule('deliverIntegrationResults', RUN_AT)).toMatchObject({ dropped: COUNT });
    for (const id of candidateIds) {
      const key = keys.integrationResult(DUE, id, 'responded');
      expect((await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item).toBeUndefined();
    }
  });

  it('ATS sync: the walk through the shards reaches every integration', async () => {
    const company = await registerAndSignIn('Many Integrations Co');
    const ids = Array.from({ length: COUNT }, () => `int${randomUUID().slice(0, 12)}`);
    for (const id of ids) {
      await db().send(new PutCommand({ TableName: table(), Item: integrationItem(id, company.companyId, keys.integrationToSync(id).GSI2PK) }));
    }
    expect(new Set(ids.map((id) => keys.integrationToSync(id).GSI2PK)).size).toBeGreaterThan(1);

    const before = Date.now();
    const run = await runSchedule('syncIntegrations');
    expect(run.integrations).toBeGreaterThanOrEqual(COUNT);
    for (const id of ids) {
      const { Item } = await db().send(new GetCommand({ TableName: table(), Key: keys.integration(id), ConsistentRead: true }));
      expect(Item!.lastSync).toMatchObject({ invited: 0, problem: null });
      expect(Date.parse(Item!.lastSync.syncedAt)).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it('migration 002-schedule-shards (`npm run migrate`) moves what the old single keys hold into the shards, where the jobs take it; again, it finds nothing', async () => {
    const old = unshardedSchedulePartitions;
    const positionId = await createPosition(owner, { invites_expire_after: 'P7D' });
    const [expiring, reminded] = await inviteMany(owner, positionId, 2);
    // Written before the sharding: the invite's deadline under INVITE_EXPIRY, a reminder under PLANNED_MESSAGES,
    // a result under INTEGRATION_RESULTS, an integration under INTEGRATIONS.
    await dueInvite(expiring!.candidate_id, old.inviteExpiry);
    const message = { PK: old.plannedMessages, SK: `${DUE}#${reminded!.candidate_id}#standard-reminder` };
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...message, type: 'plannedMessage', dueAt: DUE, candidateId: reminded!.candidate_id, templateId: 'standard-reminder' },
      }),
    );
    const goneCandidate = `gone${randomUUID().slice(0, 12)}`;
    await db().send(new PutCommand({ TableName: table(), Item: resultItem(old.integrationResults, goneCandidate) }));
    const company = await registerAndSignIn('Old Integration Co');
    const integrationId = `int${randomUUID().slice(0, 12)}`;
    await db().send(new PutCommand({ TableName: table(), Item: integrationItem(integrationId, company.companyId, old.integrationsToSync) }));

    const report = await migrateScheduleShards(db(), table());
    for (const count of Object.values(report)) expect(count).toMatchObject({ found: 1, moved: 1, skipped: 0 });
    expect((await candidateItem(expiring!.candidate_id))!.GSI3PK).toBe(keys.candidateExpiry(DUE, expiring!.candidate_id).GSI3PK);
    expect((await db().send(new GetCommand({ TableName: table(), Key: message, ConsistentRead: true }))).Item).toBeUndefined();
    expect(await plannedOf(keys.plannedMessage(DUE, reminded!.candidate_id, 'standard-reminder').PK, reminded!.candidate_id)).toHaveLength(1);
    const integration = await db().send(new GetCommand({ TableName: table(), Key: keys.integration(integrationId), ConsistentRead: true }));
    expect(integration.Item!.GSI2PK).toBe(keys.integrationToSync(integrationId).GSI2PK);

    const again = await migrateScheduleShards(db(), table());
    for (const count of Object.values(again)) expect(count).toEqual({ found: 0, moved: 0, skipped: 0 });

    expect((await runSchedule('expireInvites', RUN_AT)).deleted).toBe(1);
    expect(await candidateItem(expiring!.candidate_id)).toBeUndefined();
    expect((await runSchedule('sendPlannedMessages', RUN_AT)).sent).toBe(1);
    expect(await reminders(reminded!.email)).toHaveLength(1);
    expect(await runSchedule('deliverIntegrationResults', RUN_AT)).toMatchObject({ dropped: 1 });
    await runSchedule('syncIntegrations');
    const synced = await db().send(new GetCommand({ TableName: table(), Key: keys.integration(integrationId), ConsistentRead: true }));
    expect(synced.Item!.lastSync).toMatchObject({ invited: 0, problem: null });
  });
});
