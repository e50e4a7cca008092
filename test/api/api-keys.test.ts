import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_BURST, API_KEY_SCOPES, type ApiKeyScope } from '../../lambdas/contracts/api-keys';
import { keys } from '../../lambdas/data/keys';
import { sha256 } from '../../lambdas/platform/crypto';
import { call, type CallOptions } from '../support/api';
import { registerAndSignIn } from '../support/accounts';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { interviewFixture } from '../support/interviews';
import { API_PREFIX, routeEntries, type OperationId } from '../../lambdas/operations/index';

/**
 * API keys (issue 38): the owner creates keys with scopes; `Authorization: Bearer <key>` calls the
 * routes its scopes cover with the same rules and answers as a session, never an owner route; a
 * revoked or expired key is a 401; each key has a token bucket (429 with Retry-After); every use is
 * in the audit log under the key.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

let owner: Owner;
let stranger: Owner;
let positionId: string;
let candidateId: string;

const createKey = async (scopes: readonly ApiKeyScope[], over: { name?: string; expires_at?: string | null; of?: Owner } = {}) => {
  const by = over.of ?? owner;
  const res = await call('createApiKey', {
    params: { companyId: by.companyId },
    session: by.sessionId,
    body: { name: over.name ?? `Key ${scopes.join('+')}`, scopes, expires_at: over.expires_at ?? null },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

/** A call with the key instead of a session. */
const withKey = <Op extends OperationId>(operationId: Op, secret: string, options?: Omit<CallOptions<Op>, 'session'>) =>
  call(operationId, { ...(options as CallOptions<Op>), headers: { ...options?.headers, authorization: `Bearer ${secret}` } });

const keyItem = async (keyId: string) =>
  (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.apiKey(keyId), ConsistentRead: true }))).Item!;

const setKeyItem = (keyId: string, expression: string, values: Record<string, unknown>) =>
  localDb().send(
    new UpdateCommand({ TableName: localEnv().TABLE_NAME, Key: keys.apiKey(keyId), UpdateExpression: expression, ExpressionAttributeValues: values }),
  );

beforeAll(async () => {
  [owner, stranger] = await Promise.all([registerAndSignIn('Keyed'), registerAndSignIn('Stranger')]);
  await allocateCredits(owner.companyId, 100);
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Integrations engineer', interview: interviewFixture() },
  });
  expect(created.status).toBe(201);
  positionId = created.body.position_id;
  const invited = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: 'Ada', email: null } });
  expect(invited.status).toBe(201);
  candidateId = invited.body.candidate_id;
}, 60_000);

describe('API keys', () => {
  it('shows the secret once, with its prefix, and stores only its hash', async () => {
    const created = await createKey(['read', 'candidates:invite'], { name: 'Zapier' });
    expect(created.secret).toMatch(/^vik_[A-Za-z0-9]{12}_[A-Za-z0-9]{32}$/);
    expect(created.secret.startsWith(`${created.prefix}_`)).toBe(true);
    expect(created).toMatchObject({
      name: 'Zapier',
      scopes: ['read', 'candidates:invite'],
      created_by: { user_id: owner.userId, email: owner.email },
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    });

    const item = await keyItem(created.key_id);
    expect(item.secretHash).toBe(sha256(created.secret));
    expect(JSON.stringify(item)).not.toContain(created.secret);
    expect(JSON.stringify(item)).not.toContain(created.secret.slice(-32));

    const list = await call('listApiKeys', { params: { companyId: owner.companyId }, session: owner.sessionId });
    const listed = list.body.api_keys.find((k) => k.key_id === created.key_id)!;
    expect(listed).toMatchObject({ name: 'Zapier', prefix: created.prefix, scopes: ['read', 'candidates:invite'] });
    expect(list.text).not.toContain(created.secret);
  });

  it('answers a key as it answers a session, on the routes its scopes cover', async () => {
    const key = await createKey(['read']);
    const bySession = await call('getPosition', { params: { positionId }, session: owner.sessionId });
    const byKey = await withKey('getPosition', key.secret, { params: { positionId } });
    expect(byKey.status).toBe(200);
    expect(byKey.body).toEqual(bySession.body);
    const list = await withKey('listCandidates', key.secret, { params: { positionId }, query: { tab: 'invited' } });
    expect(list.status).toBe(200);
    expect(list.body.candidates.map((c) => c.candidate_id)).toContain(candidateId);
    expect((await withKey('getCandidate', key.secret, { params: { candidateId } })).body.candidate_name).toBe('Ada');
    expect((await withKey('listPositions', key.secret, { params: { companyId: owner.companyId } })).status).toBe(200);

    // Another company's objects are a 404, as for its members.
    const theirs = await createKey(['read'], { of: stranger });
    expect((await withKey('getPosition', theirs.secret, { params: { positionId } })).status).toBe(404);
    expect((await withKey('getCandidate', theirs.secret, { params: { candidateId } })).status).toBe(404);
    expect((await withKey('listPositions', theirs.secret, { params: { companyId: owner.companyId } })).status).toBe(404);
  });

  it('allows each scope what it covers and refuses the rest with a 403 naming the scope', async () => {
    const reader = await createKey(['read']);
    const refused = await withKey('inviteCandidate', reader.secret, { params: { positionId }, body: { candidate_name: 'Bob', email: null } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('insufficient_scope');
    expect(refused.body.detail).toContain('"candidates:invite"');

    const inviter = await createKey(['candidates:invite']);
    const invited = await withKey('inviteCandidate', inviter.secret, { params: { positionId }, body: { candidate_name: 'Bob', email: null } });
    expect(invited.status, invited.text).toBe(201);
    expect((await withKey('getCandidate', inviter.secret, { params: { candidateId } })).body.code).toBe('insufficient_scope');

    const statusKey = await createKey(['candidates:status']);
    const moved = await withKey('setCandidateStatus', statusKey.secret, {
      params: { candidateId: invited.body.candidate_id, status: 'shortlist' },
    });
    // An invited candidate cannot be shortlisted yet: the same refusal a session gets, not a key's.
    const bySession = await call('setCandidateStatus', {
      params: { candidateId: invited.body.candidate_id, status: 'shortlist' },
      session: owner.sessionId,
    });
    expect(moved.status).toBe(bySession.status);
    expect(moved.body).toEqual(bySession.body);
    expect((await withKey('setCandidateStatus', reader.secret, { params: { candidateId, status: 'shortlist' } })).body.code).toBe(
      'insufficient_scope',
    );

    const manager = await createKey(['positions:manage']);
    const made = await withKey('createPosition', manager.secret, {
      params: { companyId: owner.companyId },
      body: { job_title: 'Made by a key', interview: interviewFixture() },
    });
    expect(made.status, made.text).toBe(201);
    const closed = await withKey('setPositionStatus', manager.secret, { params: { positionId: made.body.position_id, status: 'close' } });
    expect(closed.status, closed.text).toBe(200);
    expect(
      (
        await withKey('createPosition', reader.secret, {
          params: { companyId: owner.companyId },
          body: { job_title: 'No', interview: interviewFixture() },
        })
      ).status,
    ).toBe(403);
  });

  it('never reaches owner administration or the routes no scope covers', async () => {
    const key = await createKey([...API_KEY_SCOPES]);
    const tries = [
      await withKey('listApiKeys', key.secret, { params: { companyId: owner.companyId } }),
      await withKey('createApiKey', key.secret, { params: { companyId: owner.companyId }, body: { name: 'x', scopes: ['read'], expires_at: null } }),
      await withKey('listAuditLog', key.secret, { params: { companyId: owner.companyId } }),
      await withKey('putRetention', key.secret, { params: { companyId: owner.companyId }, body: { retention_months: 1 } }),
      await withKey('inviteMember', key.secret, { params: { companyId: owner.companyId }, body: { email: 'x@example.com' } }),
      await withKey('updateCompany', key.secret, { params: { companyId: owner.companyId }, body: { company_name: 'Taken over' } }),
      await withKey('getMe', key.secret),
      await withKey('listMembers', key.secret, { params: { companyId: owner.companyId } }),
    ];
    for (const res of tries) {
      expect(res.status, res.text).toBe(403);
      expect(res.body.code).toBe('api_key_not_allowed');
    }
    expect((await call('getCompany', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.company_name).toBe('Keyed');
    expect((await call('getCompany', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.retention_months).not.toBe(1);
  });

  it('refuses a revoked, expired, altered or malformed key with a 401', async () => {
    const key = await createKey(['read']);
    expect((await withKey('getPosition', key.secret, { params: { positionId } })).status).toBe(200);
    const altered = `${key.secret.slice(0, -1)}${key.secret.endsWith('A') ? 'B' : 'A'}`;
    for (const secret of [altered, 'vik_nothing', 'not-a-key']) {
      const res = await withKey('getPosition', secret, { params: { positionId } });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('invalid_api_key');
    }
    expect((await call('getPosition', { params: { positionId }, headers: { authorization: 'Basic abc' } })).status).toBe(401);

    const revoked = await call('revokeApiKey', { params: { companyId: owner.companyId, keyId: key.key_id }, session: owner.sessionId });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).toEqual(expect.any(String));
    expect((await withKey('getPosition', key.secret, { params: { positionId } })).status).toBe(401);
    // Another company cannot revoke it, nor see it.
    expect((await call('revokeApiKey', { params: { companyId: stranger.companyId, keyId: key.key_id }, session: stranger.sessionId })).status).toBe(
      404,
    );

    const expiring = await createKey(['read'], { expires_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await withKey('getPosition', expiring.secret, { params: { positionId } })).status).toBe(200);
    await setKeyItem(expiring.key_id, 'SET expiresAt = :past', { ':past': new Date(Date.now() - 1000).toISOString() });
    expect((await withKey('getPosition', expiring.secret, { params: { positionId } })).status).toBe(401);

    const past = await call('createApiKey', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { name: 'Past', scopes: ['read'], expires_at: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
    expect(past.body.detail[0]).toMatchObject({ loc: ['body', 'expires_at'], msg: 'Choose an expiry in the future.' });
  });

  it('limits each key by its token bucket, with 429 and Retry-After', async () => {
    const key = await createKey(['read']);
    // An empty bucket (refilled "later" than now, so nothing has come back yet): the next request waits.
    expect((await withKey('getPosition', key.secret, { params: { positionId } })).status).toBe(200);
    await setKeyItem(key.key_id, 'SET bucketTokens = :none, bucketAt = :later', { ':none': 0, ':later': Date.now() + 10_000 });
    const limited = await withKey('getPosition', key.secret, { params: { positionId } });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // Concurrent requests of one key: the conditional writes of the bucket let at most the burst
    // (and what refills meanwhile) through; every other one is a 429, none a 5xx.
    const burst = await createKey(['read']);
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: API_KEY_BURST + 20 }, () => withKey('getPosition', burst.secret, { params: { positionId } })),
    );
    const seconds = (Date.now() - started) / 1000;
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const admitted = statuses.filter((s) => s === 200).length;
    expect(admitted).toBeLessThanOrEqual(API_KEY_BURST + Math.ceil(seconds * 5) + 1);
    expect(admitted).toBeGreaterThan(0);
  }, 120_000);

  it('writes every use to the audit log with the key as the actor', async () => {
    const key = await createKey(['read', 'candidates:status'], { name: 'Audited key' });
    expect((await withKey('getPosition', key.secret, { params: { positionId } })).status).toBe(200);
    expect((await withKey('getCandidate', key.secret, { params: { candidateId } })).status).toBe(200);
    const log = await call('listAuditLog', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(log.status).toBe(200);
    const byKey = log.body.entries.filter((e) => e.api_key?.key_id === key.key_id);
    expect(byKey.map((e) => [e.action, e.detail])).toEqual(
      expect.arrayContaining([
        ['api_request', 'GET /positions/{positionId} → 200'],
        ['api_request', 'GET /candidates/{candidateId} → 200'],
        // The candidate's page read by the key is a view, as by a member, and names the key.
        ['viewed', null],
      ]),
    );
    for (const entry of byKey) expect(entry).toMatchObject({ member: null, api_key: { key_id: key.key_id, name: 'Audited key' } });
    const item = await keyItem(key.key_id);
    expect(item.lastUsedAt).toEqual(expect.any(String));
  });

  it('is declared in the OpenAPI document: the bearer scheme, and each operation with the scope it needs', async () => {
    const doc = (await call<'getOpenApi', any>('getOpenApi')).body;
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [id, route] of routeEntries) {
      const operation = doc.paths[`${API_PREFIX}${route.path}`][route.method.toLowerCase()];
      const keyScopes = (operation.security ?? []).flatMap((s: Record<string, string[]>) => s.apiKey ?? []);
      expect(keyScopes, id).toEqual(route.auth === 'session' && route.apiKeyScope ? [route.apiKeyScope] : []);
    }
    const invite = doc.paths[`${API_PREFIX}/positions/{positionId}/candidates`].post;
    expect(invite.security).toEqual([{ session: [] }, { apiKey: ['candidates:invite'] }]);
    expect(invite.responses['429']).toBeDefined();
  });
});
