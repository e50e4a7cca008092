import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { href, paths } from '../../lambdas/contracts/app-paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaKeys } from '../../lambdas/adapters/storage-layout';
import { keys } from '../../lambdas/data/keys';
import { addMonths } from '../../lambdas/domain/retention';
import { baseUrl, call } from '../support/api';
import { allocateCredits, localDb, localEnv, mediaObjectKeys } from '../support/aws';
import { mailArriving, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { answeredPosition, interviewAsking } from '../support/interviews';
import { makeClip } from '../support/media';

/**
 * The retention policy (issue 28): the owner sets it in Company settings, and the hourly job deletes
 * exactly the candidates it makes due, with everything of theirs. Time is simulated the way the
 * job reads it: each candidate's clock start (GSI5) and each position's closing are set in the
 * past, and the job runs with an event time of now.
 */

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
const table = () => localEnv().TABLE_NAME;
const db = () => localDb();

const monthsAgo = (now: Date, months: number) => addMonths(now, -months).toISOString();

/** Sets where a candidate's retention clock started, as if they were last active then. */
const lastActive = (candidateId: string, companyId: string, at: string) =>
  db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.candidate(candidateId),
      UpdateExpression: 'SET lastActiveAt = :at, GSI5SK = :sk',
      ExpressionAttributeValues: { ':at': at, ':sk': keys.candidateRetention(companyId, at, candidateId).GSI5SK },
    }),
  );

const closePosition = async (owner: Owner, positionId: string, closedAt: string) => {
  expect((await call('setPositionStatus', { params: { positionId, status: 'close' }, session: owner.sessionId })).status).toBe(200);
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.position(positionId),
      UpdateExpression: 'SET closedAt = :at',
      ExpressionAttributeValues: { ':at': closedAt },
    }),
  );
};

const createPosition = async (owner: Owner, jobTitle: string) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: jobTitle, interview: interviewAsking('Tell us about yourself') },
  });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

const invite = async (owner: Owner, positionId: string, name: string, email: string | null = null) => {
  const res = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email } });
  expect(res.status).toBe(201);
  return res.body.candidate_id as string;
};

const item = async (key: { PK: string; SK: string }) =>
  (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
const partition = async (pk: string) =>
  (
    await db().send(
      new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }),
    )
  ).Items ?? [];

const runRetention = async (time: Date) => {
  const res = await fetch(`${baseUrl()}/_local/schedules/applyRetention?time=${encodeURIComponent(time.toISOString())}`, { method: 'POST' });
  expect(res.status).toBe(200);
  return (await res.json()) as { deleted: number; deferred: number; failed: number };
};

const readCandidate = (owner: Owner, candidateId: string) => call('getCandidate', { params: { candidateId }, session: owner.sessionId });

describe('the retention policy', () => {
  let acme: Owner;
  let never: Owner;
  let twoYears: Owner;
  let clip: Uint8Array;
  beforeAll(async () => {
    [acme, never, twoYears, { bytes: clip }] = await Promise.all([
      registerAndSignIn('Retention Co'),
      registerAndSignIn('Keeps Forever Co'),
      registerAndSignIn('Two Years Co'),
      makeClip(2),
    ]);
    await Promise.all([acme, never, twoYears].map((owner) => allocateCredits(owner.companyId, 100)));
  }, 60_000);

  it('is 6 months for a new company, and only its owner sets it: 1 to 24 months, or never', async () => {
    const company = await call('getCompany', { params: { companyId: acme.companyId }, session: acme.sessionId });
    expect(company.body.retention_months).toBe(6);
    const put = (owner: Owner, body: unknown, companyId = owner.companyId) =>
      call('putRetention', { params: { companyId }, session: owner.sessionId, body });
    for (const retention_months of [0, 25, 1.5, '6', -1]) {
      const refused = await put(acme, { retention_months });
      expect(refused.status, `retention_months ${JSON.stringify(retention_months)}`).toBe(400);
      expect(refused.body.detail[0].loc).toContain('retention_months');
    }
    expect((await put(acme, {})).status).toBe(400);
    // Another company's owner: nothing of Acme's is reached.
    expect((await put(never, { retention_months: 1 }, acme.companyId)).status).toBe(404);
    expect((await put(never, { retention_months: null })).body).toEqual({ retention_months: null });
    expect((await put(twoYears, { retention_months: 24 })).body).toEqual({ retention_months: 24 });
    expect((await call('getCompany', { params: { companyId: never.companyId }, session: never.sessionId })).body.retention_months).toBeNull();
    expect((await call('getCompany', { params: { companyId: acme.companyId }, session: acme.sessionId })).body.retention_months).toBe(6);
  });

  it('lets a member who is not the owner read the policy but not change it', async () => {
    const memberEmail = uniqueEmail('member');
    expect(
      (await call('inviteMember', { params: { companyId: acme.companyId }, session: acme.sessionId, body: { email: memberEmail } })).status,
    ).toBe(201);
    const invitePrefix = href(paths.memberInvite.to(''));
    const mail = await mailArriving(memberEmail, (m) => m.text.includes(invitePrefix));
    const nonce = new RegExp(`${invitePrefix}([A-Za-z0-9_-]+)`).exec(mail?.text ?? '')?.[1];
    const joined = await call('confirmMemberInvite', { body: { nonce: nonce! } });
    expect(joined.status).toBe(201);
    const member = joined.body.session_id as string;
    const asMember = await call('putRetention', { params: { companyId: acme.companyId }, session: member, body: { retention_months: 1 } });
    expect(asMember.status).toBe(403);
    expect((await call('getCompany', { params: { companyId: acme.companyId }, session: member })).body.retention_months).toBe(6);
  });

  it('deletes exactly the due candidates, with their objects and items, at the simulated time', async () => {
    const now = new Date();
    // Acme (6 months, the default): an open position with an answered candidate inactive for 7 months and one for 5.
    const answered = await answeredPosition(acme, { jobTitle: 'Open role', questions: ['Tell us about yourself'], names: ['Old Answer'], clip });
    const open = answered.positionId;
    const oldId = answered.ids.get('Old Answer')!;
    const oldEmail = uniqueEmail('old');
    const oldWithEmail = await invite(acme, open, 'Old Mail', oldEmail);
    const recent = await invite(acme, open, 'Recent Person');
    // A closed position whose close was 7 months ago, and one that closed 2 months ago (its candidates were inactive for 9).
    const closedLongAgo = await createPosition(acme, 'Closed long ago');
    const closedRecently = await createPosition(acme, 'Closed recently');
    const dueAfterClose = await invite(acme, closedLongAgo, 'Due After Close');
    const keptByClose = await invite(acme, closedRecently, 'Kept By Close');
    // "Never" and 24 months: inactive for 3 years and for 13 months, both kept.
    const neverId = await invite(never, await createPosition(never, 'Forever'), 'Kept Forever');
    const twoYearsId = await invite(twoYears, await createPosition(twoYears, 'Long keep'), 'Kept Two Years');

    // The old answered candidate is shared: the public link's item goes with them.
    const shared = await call('createSharingDetails', { params: { candidateId: oldId }, session: acme.sessionId });
    expect(shared.status).toBe(200);
    const publicId = shared.body.public_candidate_id as string;
    const before = (await readCandidate(acme, oldId)).body;
    const mediaIds = (await partition(keys.candidate(oldId).PK)).filter((i) => typeof i.mediaId === 'string').map((i) => i.mediaId as string);
    expect(mediaIds).toHaveLength(1);
    expect(await mediaObjectKeys(mediaKeys(mediaIds[0]!).prefix)).not.toEqual([]);
    expect(before.answers).toHaveLength(1);

    await lastActive(oldId, acme.companyId, monthsAgo(now, 7));
    await lastActive(oldWithEmail, acme.companyId, monthsAgo(now, 7));
    await lastActive(recent, acme.companyId, monthsAgo(now, 5));
    await lastActive(dueAfterClose, acme.companyId, monthsAgo(now, 9));
    await lastActive(keptByClose, acme.companyId, monthsAgo(now, 9));
    await closePosition(acme, closedLongAgo, monthsAgo(now, 7));
    const closedAt = monthsAgo(now, 2);
    await closePosition(acme, closedRecently, closedAt);
    await lastActive(neverId, never.companyId, monthsAgo(now, 36));
    await lastActive(twoYearsId, twoYears.companyId, monthsAgo(now, 13));

    // Members see when: the close 2 months ago starts the clock, 6 months from it.
    expect((await readCandidate(acme, keptByClose)).body.delete_after).toBe(addMonths(new Date(closedAt), 6).toISOString());
    expect((await readCandidate(acme, recent)).body.delete_after).toBe(addMonths(new Date(monthsAgo(now, 5)), 6).toISOString());
    expect((await readCandidate(never, neverId)).body.delete_after).toBeNull();

    const report = await runRetention(now);
    expect(report.failed).toBe(0);
    expect(report.deleted).toBeGreaterThanOrEqual(3);

    for (const gone of [oldId, oldWithEmail, dueAfterClose]) expect((await readCandidate(acme, gone)).status, gone).toBe(404);
    for (const [owner, kept] of [
      [acme, recent],
      [acme, keptByClose],
      [never, neverId],
      [twoYears, twoYearsId],
    ] as const) {
      expect((await readCandidate(owner, kept)).status, kept).toBe(200);
    }
    // The candidate kept by their position's close is not read again before it is due: their clock moved to the close.
    expect((await item(keys.candidate(keptByClose)))!.GSI5SK).toBe(keys.candidateRetention(acme.companyId, closedAt, keptByClose).GSI5SK);

    // Every copy of the deleted: partitions, media items and objects, the public link, the address, search items.
    for (const gone of [oldId, oldWithEmail, dueAfterClose]) expect(await partition(keys.candidate(gone).PK)).toEqual([]);
    expect(await item(keys.media(mediaIds[0]!))).toBeUndefined();
    expect(await mediaObjectKeys(mediaKeys(mediaIds[0]!).prefix)).toEqual([]);
    expect(await mediaObjectKeys(mediaKeys(mediaIds[0]!).uploadPrefix)).toEqual([]);
    expect(await item(keys.publicCandidate(publicId))).toBeUndefined();
    expect(await item(keys.candidateEmail(open, oldEmail))).toBeUndefined();
    const searchItems = await partition(keys.candidateSearchToken(open, '', '').PK);
    expect(searchItems.filter((i) => [oldId, oldWithEmail].some((id) => String(i.SK).endsWith(`#${id}`)))).toEqual([]);
    expect(searchItems.some((i) => String(i.SK).endsWith(`#${recent}`))).toBe(true);
    // The positions' counts went down with them.
    const counts = (await call('getPosition', { params: { positionId: open }, session: acme.sessionId })).body.candidates;
    expect(counts).toMatchObject({ invited: 1, responded: 0 });

    // Once that close is more than 6 months ago too, that candidate goes as well (the run's time stays now: other
    // tests' companies share the table, and a later time could make their fresh candidates due).
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.position(closedRecently),
        UpdateExpression: 'SET closedAt = :at',
        ExpressionAttributeValues: { ':at': monthsAgo(now, 7) },
      }),
    );
    await lastActive(keptByClose, acme.companyId, monthsAgo(now, 7));
    expect((await readCandidate(acme, keptByClose)).status).toBe(200);
    await runRetention(now);
    expect((await readCandidate(acme, keptByClose)).status).toBe(404);
    expect((await readCandidate(acme, recent)).status).toBe(200);
    expect((await readCandidate(never, neverId)).status).toBe(200);
  }, 300_000);
});
