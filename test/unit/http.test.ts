import { GetCommand, UpdateCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { defineContract } from '../../lambdas/contracts/contract';
import { defineOperation, type AuthMode } from '../../lambdas/operations/operation';
import type { Contract } from '../../lambdas/contracts/contract';
import { sha256 } from '../../lambdas/platform/crypto';
import { conflict, notFound } from '../../lambdas/platform/errors';
import { defineHandler, defineHandlerAlongsideAuth, MAX_JSON_BODY_BYTES, Reply } from '../../lambdas/platform/http';

const ddb = mockClient(DynamoDBDocumentClient);

const contract = defineContract({
  summary: 'test route',
  params: z.object({ companyId: z.string().check(z.minLength(1)) }),
  query: z.object({ pageSize: z.optional(z.coerce.number().check(z.int(), z.maximum(50))) }),
  body: z.object({ jobTitle: z.string().check(z.minLength(1), z.maxLength(10)), interview: z.object({ thinkingTime: z.int() }) }),
  response: z.object({ positionId: z.string(), echoedTitle: z.string(), userId: z.nullable(z.string()) }),
  successStatus: 201,
});

const operation = <C extends Contract, A extends AuthMode>(auth: A, of: C) =>
  defineOperation({ ...of, method: 'POST', path: '/companies/{companyId}/positions', auth, grants: ['table:write'] });

const event = (overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: 'POST /api/v1/companies/{companyId}/positions',
    rawPath: '/api/v1/companies/c1/positions',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: { companyId: 'c1' },
    body: JSON.stringify({ job_title: 'Engineer', interview: { thinking_time: 30 } }),
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1', http: { method: 'POST', path: '/api/v1/companies/c1/positions' } },
    ...overrides,
  }) as APIGatewayProxyEventV2;

const invoke = async (handler: ReturnType<typeof defineHandler | typeof defineHandlerAlongsideAuth>, e: APIGatewayProxyEventV2) => {
  const result = (await handler(e, { awsRequestId: 'aws-1' } as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: result.body ? JSON.parse(result.body) : undefined, headers: result.headers };
};

const future = () => Math.floor(Date.now() / 1000) + 3600;

describe('the handler chain', () => {
  beforeEach(() => ddb.reset());
  afterEach(() => vi.restoreAllMocks());

  it('hands the handler camelCase, validated input and sends its camelCase result as snake_case', async () => {
    const impl = vi.fn(async (ctx: { body: { jobTitle: string } }) => ({ positionId: 'p1', echoedTitle: ctx.body.jobTitle, userId: null }));
    const handler = defineHandler(operation('public', contract), impl as never);
    const res = await invoke(handler, event({ queryStringParameters: { page_size: '20' } }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ position_id: 'p1', echoed_title: 'Engineer', user_id: null });
    expect(impl.mock.calls[0]![0]).toMatchObject({
      params: { companyId: 'c1' },
      query: { pageSize: 20 },
      body: { jobTitle: 'Engineer', interview: { thinkingTime: 30 } },
      requestId: 'req-1',
    });
  });

  it('answers invalid input with 400 and a list of {loc, msg, type} in wire names', async () => {
    const impl = vi.fn();
    const handler = defineHandler(operation('public', contract), impl);
    const res = await invoke(handler, event({ body: JSON.stringify({ job_title: '', interview: {} }), queryStringParameters: { page_size: '500' } }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    const locs = res.body.detail.map((issue: { loc: unknown[] }) => issue.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        ['body', 'job_title'],
        ['body', 'interview', 'thinking_time'],
        ['query', 'page_size'],
      ]),
    );
    for (const issue of res.body.detail) {
      expect(typeof issue.msg).toBe('string');
      expect(typeof issue.type).toBe('string');
    }
    expect(impl).not.toHaveBeenCalled();
  });

  it('rejects a body that is not JSON with 400, and a non-JSON content type with 415', async () => {
    const handler = defineHandler(operation('public', contract), vi.fn());
    const broken = await invoke(handler, event({ body: '{"job_title": ' }));
    expect(broken).toMatchObject({ status: 400, body: { code: 'invalid_json', detail: 'The request body is not valid JSON.' } });
    const form = await invoke(handler, event({ headers: { 'content-type': 'text/plain' } }));
    expect(form).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } });
  });

  it('answers a deeply nested body with 400 too_deep, never a 500', async () => {
    const handler = defineHandler(operation('public', contract), vi.fn());
    for (const body of [
      `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
      `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
      `${'['.repeat(33)}${']'.repeat(33)}`,
    ]) {
      const res = await invoke(handler, event({ body }));
      expect(res).toMatchObject({ status: 400, body: { code: 'too_deep', detail: expect.stringContaining('nested too deeply') } });
    }
  });

  it('refuses a JSON body over the size bound with 413 before parsing it', async () => {
    const handler = defineHandler(operation('public', contract), vi.fn());
    const res = await invoke(handler, event({ body: JSON.stringify({ job_title: 'x'.repeat(MAX_JSON_BODY_BYTES) }) }));
    expect(res).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
  });

  it('hands the handler a body whose __proto__ keys are dropped: nothing reaches a prototype', async () => {
    const impl = vi.fn(async (ctx: { body: { jobTitle: string } }) => ({ positionId: 'p1', echoedTitle: ctx.body.jobTitle, userId: null }));
    const loose = defineContract({
      ...contract,
      body: z.object({
        jobTitle: z.string(),
        isAdmin: z.optional(z.boolean()),
        interview: z.looseObject({ thinkingTime: z.number(), isAdmin: z.optional(z.boolean()) }),
      }),
    });
    const handler = defineHandler(operation('public', loose), impl as never);
    const body =
      '{"job_title": "Engineer", "interview": {"thinking_time": 1, "__proto__": {"is_admin": true}}, "__proto__": {"is_admin": true}, "constructor": {"prototype": {"is_admin": true}}}';
    expect((await invoke(handler, event({ body }))).status).toBe(201);
    const received = impl.mock.calls[0]![0].body as Record<string, any>;
    expect(Object.getPrototypeOf(received)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(received.interview)).toBe(Object.prototype);
    expect(received.isAdmin).toBeUndefined();
    expect(received.interview.isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('reports a missing body as a validation error, not a crash', async () => {
    const handler = defineHandler(operation('public', contract), vi.fn());
    const res = await invoke(handler, event({ body: undefined }));
    expect(res.status).toBe(400);
    expect(res.body.detail[0].loc).toEqual(['body']);
  });

  it('requires a session on session routes and loads it by the hash of X-Session-Id', async () => {
    const impl = vi.fn(async (ctx: { session: { userId: string } }) => ({ positionId: 'p1', echoedTitle: 'x', userId: ctx.session.userId }));
    const handler = defineHandler(operation('session', contract), impl as never);

    const anonymous = await invoke(handler, event());
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'unauthenticated' } });

    ddb.on(GetCommand).resolves({});
    const unknown = await invoke(handler, event({ headers: { 'content-type': 'application/json', 'X-Session-Id': 'nope' } }));
    expect(unknown).toMatchObject({ status: 401, body: { code: 'session_expired' } });

    ddb.on(GetCommand, { Key: { PK: `SESSION#${sha256('good-session')}`, SK: 'SESSION' } }).resolves({ Item: { userId: 'u1', ttl: future() } });
    const ok = await invoke(handler, event({ headers: { 'content-type': 'application/json', 'x-session-id': 'good-session' } }));
    expect(ok).toMatchObject({ status: 201, body: { user_id: 'u1' } });
    // The raw session id never reaches the table.
    for (const call of ddb.commandCalls(GetCommand)) expect(JSON.stringify(call.args[0].input)).not.toContain('good-session');
  });

  it('treats an expired session as no session, even before DynamoDB TTL deletes it', async () => {
    ddb.on(GetCommand).resolves({ Item: { userId: 'u1', ttl: Math.floor(Date.now() / 1000) - 1 } });
    const handler = defineHandler(operation('session', contract), vi.fn());
    const res = await invoke(handler, event({ headers: { 'content-type': 'application/json', 'x-session-id': 'old' } }));
    expect(res.status).toBe(401);
  });

  it('slides the session expiry on use', async () => {
    ddb.on(GetCommand).resolves({ Item: { userId: 'u1', ttl: Math.floor(Date.now() / 1000) + 60 * 60 } });
    ddb.on(UpdateCommand).resolves({});
    const handler = defineHandler(operation('session', contract), async () => ({ positionId: 'p', echoedTitle: 'x', userId: null }));
    await invoke(handler, event({ headers: { 'content-type': 'application/json', 'x-session-id': 's' } }));
    const update = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ExpressionAttributeValues![':ttl']).toBeGreaterThan(Math.floor(Date.now() / 1000) + 13 * 24 * 3600);
  });

  it('lets only the owner of the path company through owner routes: others get 403, non-members 404', async () => {
    ddb.on(GetCommand, { Key: { PK: `SESSION#${sha256('s')}`, SK: 'SESSION' } }).resolves({ Item: { userId: 'u1', ttl: future() } });
    const handler = defineHandler(operation('owner', contract), async () => ({ positionId: 'p', echoedTitle: 'x', userId: null }));
    const headers = { 'content-type': 'application/json', 'x-session-id': 's' };

    ddb.on(GetCommand, { Key: { PK: 'COMPANY#c1', SK: 'MEMBER#u1' } }).resolves({});
    expect((await invoke(handler, event({ headers }))).status).toBe(404);

    ddb.on(GetCommand, { Key: { PK: 'COMPANY#c1', SK: 'MEMBER#u1' } }).resolves({ Item: { role: 'member' } });
    expect(await invoke(handler, event({ headers }))).toMatchObject({ status: 403, body: { code: 'forbidden' } });

    ddb.on(GetCommand, { Key: { PK: 'COMPANY#c1', SK: 'MEMBER#u1' } }).resolves({ Item: { role: 'owner' } });
    expect((await invoke(handler, event({ headers }))).status).toBe(201);
  });

  it('sends HttpErrors as {detail, code} and hides everything else behind a generic 500', async () => {
    vi.stubEnv('LOG_LEVEL', 'error');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const failing = defineHandler(operation('public', contract), async () => {
      throw conflict('This position was changed by someone else. Reload it and try again.', 'version_conflict');
    });
    expect(await invoke(failing, event())).toMatchObject({
      status: 409,
      body: { code: 'version_conflict', detail: expect.stringContaining('changed') },
    });

    const crashing = defineHandler(operation('public', contract), async () => {
      throw new Error('secret internals at /var/task/index.js:1');
    });
    const res = await invoke(crashing, event());
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
    expect(JSON.stringify(res.body)).not.toContain('internals');
    expect(stderr).toHaveBeenCalled();
  });

  it('refuses to send a response that breaks its contract, and strips fields the contract does not name', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const wrong = defineHandler(operation('public', contract), async () => ({ positionId: 1 }) as never);
    expect((await invoke(wrong, event())).status).toBe(500);
    const extra = defineHandler(
      operation('public', contract),
      async () => ({ positionId: 'p', echoedTitle: 'x', userId: null, secret: 'hash' }) as never,
    );
    expect((await invoke(extra, event())).body).toEqual({ position_id: 'p', echoed_title: 'x', user_id: null });
  });

  it('supports explicit statuses and 204 replies', async () => {
    const handler = defineHandler(operation('public', contract), async () => new Reply(204, undefined as never));
    const res = (await handler(event(), {} as Context)) as APIGatewayProxyStructuredResultV2;
    expect(res.statusCode).toBe(204);
    expect(res.body).toBeUndefined();
  });

  it('writes one structured JSON log line per request with the request id', async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const handler = defineHandler(operation('public', contract), async () => ({ positionId: 'p', echoedTitle: 'x', userId: null }));
    await invoke(handler, event());
    const lines = stdout.mock.calls.map((call) => JSON.parse(String(call[0])));
    expect(lines).toContainEqual(expect.objectContaining({ level: 'info', msg: 'request', requestId: 'req-1', status: 201 }));
    vi.unstubAllEnvs();
  });
});

describe('the handler chain with the checks alongside (defineHandlerAlongsideAuth)', () => {
  beforeEach(() => ddb.reset());
  afterEach(() => vi.restoreAllMocks());

  const sessionKey = (id: string) => ({ PK: `SESSION#${sha256(id)}`, SK: 'SESSION' });
  const withSession = (id: string, overrides: Partial<APIGatewayProxyEventV2> = {}) =>
    event({ headers: { 'content-type': 'application/json', 'x-session-id': id }, ...overrides });
  const deferred = () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    return { release, released };
  };

  it('starts the handler while the session is still being read, and answers once the session check passed', async () => {
    const sessionRead = deferred();
    ddb.on(GetCommand, { Key: sessionKey('s') }).callsFake(async () => {
      await sessionRead.released;
      return { Item: { userId: 'u1', ttl: future() } };
    });
    const started = vi.fn();
    const handler = defineHandlerAlongsideAuth(operation('session', contract), async ({ session }) => {
      started();
      return { positionId: 'p', echoedTitle: 'x', userId: (await session!).userId };
    });
    const answer = invoke(handler, withSession('s'));
    await vi.waitFor(() => expect(started).toHaveBeenCalled());
    sessionRead.release();
    expect(await answer).toMatchObject({ status: 201, body: { user_id: 'u1' } });
  });

  it('answers a refused session with 401 whatever the handler found, returned or threw meanwhile', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    ddb.on(GetCommand).resolves({});
    const outcomes = [
      async () => ({ positionId: 'another-company-secret', echoedTitle: 'x', userId: null }),
      async () => {
        throw notFound('Position not found.');
      },
      async () => {
        throw new Error('the read failed');
      },
    ];
    for (const outcome of outcomes) {
      const res = await invoke(defineHandlerAlongsideAuth(operation('session', contract), outcome), withSession('unknown'));
      expect(res).toMatchObject({ status: 401, body: { code: 'session_expired' } });
      expect(JSON.stringify(res.body)).not.toContain('secret');
    }
    const anonymous = await invoke(defineHandlerAlongsideAuth(operation('session', contract), outcomes[0]!), event());
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'unauthenticated' } });
  });

  it('answers a refused session before a malformed request: 401, then 400 once signed in', async () => {
    ddb.on(GetCommand).resolves({});
    ddb.on(GetCommand, { Key: sessionKey('good') }).resolves({ Item: { userId: 'u1', ttl: future() } });
    const impl = vi.fn();
    const handler = defineHandlerAlongsideAuth(operation('session', contract), impl);
    const body = JSON.stringify({ job_title: '', interview: {} });
    expect((await invoke(handler, withSession('unknown', { body }))).status).toBe(401);
    expect((await invoke(handler, withSession('unknown', { body: '{"job_title": ' }))).status).toBe(401);
    expect(await invoke(handler, withSession('good', { body }))).toMatchObject({ status: 400, body: { code: 'validation_error' } });
    expect(impl).not.toHaveBeenCalled();
  });

  it('on owner routes hands over the owner check as it runs: a member is 403 and a stranger 404 whatever the handler did', async () => {
    ddb.on(GetCommand, { Key: sessionKey('s') }).resolves({ Item: { userId: 'u1', ttl: future() } });
    const handler = defineHandlerAlongsideAuth(operation('owner', contract), async ({ membership }) => ({
      positionId: 'p',
      echoedTitle: (await membership!).role,
      userId: (await membership!).userId,
    }));
    const throwing = defineHandlerAlongsideAuth(operation('owner', contract), async () => {
      throw notFound('Position not found.');
    });

    ddb.on(GetCommand, { Key: { PK: 'COMPANY#c1', SK: 'MEMBER#u1' } }).resolves({});
    expect((await invoke(handler, withSession('s'))).status).toBe(404);

    ddb.on(GetCommand, { Key: { PK: 'COMPANY#c1', SK: 'MEMBER#u1' } }).resolves({ Item: { role: 'member' } });
    expect(await invoke(handler, withSession('s'))).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect((await invoke(throwing, withSession('s'))).status).toBe(403);
    expect((await invoke(handler, withSession('s', { body: '{}' }))).status).toBe(403);

    ddb.on(GetCommand, { Key: { PK: 'COMPANY#c1', SK: 'MEMBER#u1' } }).resolves({ Item: { role: 'owner' } });
    expect(await invoke(handler, withSession('s'))).toMatchObject({ status: 201, body: { echoed_title: 'owner', user_id: 'u1' } });
  });

  it('writes the sliding expiry alongside the request, and ends the request only once it is written', async () => {
    ddb.on(GetCommand).resolves({ Item: { userId: 'u1', ttl: Math.floor(Date.now() / 1000) + 60 * 60 } });
    const handled = vi.fn();
    for (const make of [defineHandler, defineHandlerAlongsideAuth] as const) {
      const slide = deferred();
      ddb.on(UpdateCommand).callsFake(async () => {
        await slide.released;
        return {};
      });
      handled.mockClear();
      let ended = false;
      const handler = make(operation('session', contract), async () => {
        handled();
        return { positionId: 'p', echoedTitle: 'x', userId: null };
      });
      const answer = invoke(handler, withSession('s')).then((res) => {
        ended = true;
        return res;
      });
      // The handler runs while the session's expiry is being written…
      await vi.waitFor(() => expect(handled).toHaveBeenCalled());
      expect(ddb.commandCalls(UpdateCommand).length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 20));
      // …and the response waits for that write (Lambda may freeze whatever is still running).
      expect(ended).toBe(false);
      slide.release();
      expect((await answer).status).toBe(201);
    }
  });
});
