import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { call } from '../support/api';
import { registerAndSignIn } from '../support/accounts';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { interviewFixture } from '../support/interviews';

/**
 * Expiring share links (issue 28): a link shared for 1, 7 or 30 days (or none) answers 404 once past
 * its expiry, as a revoked one does; each opening of the public page is recorded on the link.
 * Time is simulated by writing the link's expiry in the past straight in the table.
 */

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
let owner: Owner;
let positionId: string;

const invite = async (name: string) => {
  const res = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email: null } });
  expect(res.status).toBe(201);
  return res.body.candidate_id as string;
};
const share = (candidateId: string, body?: unknown) => call('createSharingDetails', { params: { candidateId }, session: owner.sessionId, body });
const details = (candidateId: string) => call('getMySharingDetails', { params: { candidateId }, session: owner.sessionId });
const open = (publicCandidateId: string) => call('getPublicCandidate', { params: { publicCandidateId } });
const expireNow = (publicCandidateId: string) =>
  localDb().send(
    new UpdateCommand({
      TableName: localEnv().TABLE_NAME,
      Key: keys.publicCandidate(publicCandidateId),
      UpdateExpression: 'SET expiresAt = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }),
  );

beforeAll(async () => {
  owner = await registerAndSignIn('Share Expiry Co');
  await allocateCredits(owner.companyId, 10);
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Shared role', interview: interviewFixture({ questions: ['Hello?'] }) },
  });
  expect(created.status).toBe(201);
  positionId = created.body.position_id;
}, 60_000);

describe('expiring share links', () => {
  it('sets the expiry from now, records the last opening, and answers 404 once past it', async () => {
    const candidateId = await invite('Sam Shared');
    const before = Date.now();
    const shared = await share(candidateId, { expires_in_days: 1 });
    expect(shared.status, shared.text).toBe(200);
    const expiresAt = Date.parse(shared.body.expires_at!);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 24 * 3600 * 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
    expect(shared.body.last_opened_at).toBeNull();
    const id = shared.body.public_candidate_id as string;

    // The days chosen are kept with the link (issue 43): the share dialog shows them as chosen when reopened.
    expect(shared.body.expires_in_days).toBe(1);
    expect((await details(candidateId)).body).toMatchObject({ expires_in_days: 1, last_opened_at: null });
    const opened = await open(id);
    expect(opened.status).toBe(200);
    expect(opened.body.candidate_name).toBe('Sam Shared');
    const seen = await details(candidateId);
    expect(seen.body).toMatchObject({ public_candidate_id: id, expires_at: shared.body.expires_at, last_opened_at: expect.any(String) });

    await expireNow(id);
    const expired = await open(id);
    expect(expired.status).toBe(404);
    expect(expired.body.code).toBe('sharing_off');
    expect((await call('getPublicAnswerTranscripts', { params: { publicCandidateId: id } })).status).toBe(404);
    // The team still sees the link, with its expiry passed, and may set a new one: the same link works again.
    expect(Date.parse((await details(candidateId)).body.expires_at!)).toBeLessThan(Date.now());
    const renewed = await share(candidateId, { expires_in_days: 30 });
    expect(renewed.body.public_candidate_id).toBe(id);
    expect(Date.parse(renewed.body.expires_at!)).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(renewed.body.last_opened_at).toBe(seen.body.last_opened_at);
    expect((await details(candidateId)).body.expires_in_days).toBe(30);
    expect((await open(id)).status).toBe(200);
  });

  it('keeps links without an expiry working (no body, or null), and a second call keeps the expiry', async () => {
    const candidateId = await invite('Nora Never');
    const shared = await share(candidateId);
    expect(shared.status).toBe(200);
    expect(shared.body.expires_at).toBeNull();
    const week = await share(candidateId, { expires_in_days: 7 });
    expect(week.body.expires_at).toEqual(expect.any(String));
    const again = await share(candidateId);
    expect(again.body.expires_at).toBe(week.body.expires_at);
    expect(again.body.expires_in_days).toBe(7);
    const never = await share(candidateId, { expires_in_days: null });
    expect(never.body.expires_at).toBeNull();
    expect((await details(candidateId)).body.expires_in_days).toBeNull();
    expect((await open(never.body.public_candidate_id)).status).toBe(200);
  });

  it('refuses other expiries with a clear 400, and a revoked link is a 404', async () => {
    const candidateId = await invite('Rita Revoked');
    const bad = await share(candidateId, { expires_in_days: 3 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.detail)).toContain('Choose an expiry of 1, 7 or 30 days, or none.');
    const shared = await share(candidateId, { expires_in_days: 7 });
    expect((await call('deleteSharing', { params: { publicCandidateId: shared.body.public_candidate_id }, session: owner.sessionId })).status).toBe(
      204,
    );
    expect((await open(shared.body.public_candidate_id)).status).toBe(404);
    expect((await details(candidateId)).status).toBe(404);
  });
});
