import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiBody } from './client';

/** The client in a Node test: fetch and localStorage are stubbed (again before each test, as each test's stubs are undone after it). */
const store = new Map<string, string>();
const stubWindow = () =>
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
stubWindow();

const { callApi, ApiError, errorMessage } = await import('./client');
const { session } = await import('../lib/session');

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('the API client', () => {
  beforeEach(() => {
    store.clear();
    stubWindow();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends snake_case with the session header and returns camelCase', async () => {
    const fetchMock = respond(201, { position_id: 'p1', job_title: 'QA' });
    vi.stubGlobal('fetch', fetchMock);
    session.set('s-1');
    // A partial body (the client does not validate; the wire conversion is what is checked).
    const body = { jobTitle: 'QA', interview: { thinkingTime: 30 } } as unknown as ApiBody<'createPosition'>;
    const result = await callApi('createPosition', { params: { companyId: 'c' }, body });
    expect(result).toEqual({ positionId: 'p1', jobTitle: 'QA' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/companies/c/positions');
    expect((init.headers as Record<string, string>)['X-Session-Id']).toBe('s-1');
    expect(JSON.parse(String(init.body))).toEqual({ job_title: 'QA', interview: { thinking_time: 30 } });
  });

  it('asks the browser to finish a rating even if the page is left or reloaded at once (keepalive), and nothing else', async () => {
    const fetchMock = respond(200, { answer_id: 'a1', rating: 4 });
    vi.stubGlobal('fetch', fetchMock);
    const { rateAnswer } = await import('./candidates');
    await rateAnswer('a1', 4);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/answers/a1/rating');
    expect(init.method).toBe('PUT');
    expect(init.keepalive).toBe(true);
    expect(JSON.parse(String(init.body))).toEqual({ new_rating: 4 });
    await callApi('getMe');
    expect((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].keepalive).toBeFalsy();
  });

  it.each([
    [401, 'Sign in to continue.', 'unauthenticated'],
    [403, 'Only the company owner can do this.', 'forbidden'],
  ])('raises ApiError with status, detail and code, and drops the session on %i', async (status, detail, code) => {
    session.set('s-1');
    const signedOut = vi.fn();
    const stopListening = session.onSignOut(signedOut);
    vi.stubGlobal('fetch', respond(status, { detail, code }));
    const error = await callApi('getMe').catch((e: unknown) => e);
    stopListening();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, detail, code });
    expect(session.get()).toBeNull();
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('unstubs fetch after each test (the stubs above do not leak)', () => {
    expect(globalThis.fetch).not.toHaveProperty('mock');
  });

  it('keeps the session on other errors', async () => {
    session.set('s-1');
    vi.stubGlobal('fetch', respond(409, { detail: 'You already have an account and can sign in.', code: 'already_exists' }));
    await expect(callApi('createAccount', { body: {} as ApiBody<'createAccount'> })).rejects.toMatchObject({ status: 409, code: 'already_exists' });
    expect(session.get()).toBe('s-1');
  });

  it('turns a network failure into a status 0 error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callApi('getMe')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('shows the server message when there is one, otherwise the fallback', () => {
    expect(errorMessage(new ApiError(429, 'Too many codes.', 'rate_limited'), 'Fallback')).toBe('Too many codes.');
    expect(
      errorMessage(
        new ApiError(400, [{ loc: ['body', 'email'], msg: 'Enter a valid e-mail address.', type: 'invalid_format' }], 'validation_error'),
        'Fallback',
      ),
    ).toBe('Enter a valid e-mail address.');
    expect(errorMessage(new ApiError(0, 'Unable to reach the server.', 'network_error'), 'Fallback')).toBe('Fallback');
    expect(errorMessage(new ApiError(500, 'Something went wrong', 'internal_error'), 'Fallback')).toBe('Fallback');
    expect(errorMessage(new Error('boom'), 'Fallback')).toBe('Fallback');
  });

  describe('creating requests (Idempotency-Key)', () => {
    const keyOf = (call: unknown) => ((call as [string, RequestInit])[1].headers as Record<string, string>)['Idempotency-Key'];
    const invite = (name: string) =>
      callApi('inviteCandidate', { params: { positionId: 'p1' }, body: { candidateName: name, email: null } as ApiBody<'inviteCandidate'> });

    it('sends a new key with each action, and none on other calls', async () => {
      const fetchMock = respond(201, { candidate_id: 'c1' });
      vi.stubGlobal('fetch', fetchMock);
      await invite('Ada');
      await invite('Ada');
      await callApi('getMe');
      const [first, second, read] = fetchMock.mock.calls;
      expect(keyOf(first)).toMatch(/^[0-9a-f-]{36}$/);
      expect(keyOf(second)).toMatch(/^[0-9a-f-]{36}$/);
      expect(keyOf(second)).not.toBe(keyOf(first));
      expect(keyOf(read)).toBeUndefined();
    });

    it('retries a lost answer with the same key, and a later retry of the same action keeps it', async () => {
      vi.useFakeTimers();
      try {
        const fetchMock = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
        vi.stubGlobal('fetch', fetchMock);
        const failed = invite('Grace').catch((error: unknown) => error);
        await vi.runAllTimersAsync();
        expect(await failed).toMatchObject({ status: 0 });
        // Three attempts (the first and two retries), one key.
        expect(fetchMock).toHaveBeenCalledTimes(3);
        const keys = new Set(fetchMock.mock.calls.map(keyOf));
        expect(keys.size).toBe(1);
        // The user sends the same form again: the same key, so a first attempt that did happen is not repeated.
        const answered = respond(201, { candidate_id: 'c2' });
        vi.stubGlobal('fetch', answered);
        await invite('Grace');
        expect(keyOf(answered.mock.calls[0])).toBe([...keys][0]);
        // Once it succeeded, the next action has a new key.
        await invite('Grace');
        expect(keyOf(answered.mock.calls[1])).not.toBe([...keys][0]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('does not retry a refusal (4xx other than in progress) or a 500', async () => {
      for (const [status, code] of [
        [402, 'plan_required'],
        [500, 'internal_error'],
      ] as const) {
        const fetchMock = respond(status, { detail: 'No', code });
        vi.stubGlobal('fetch', fetchMock);
        await expect(invite('Linus')).rejects.toMatchObject({ status });
        expect(fetchMock).toHaveBeenCalledTimes(1);
      }
    });

    it('waits out a request still in progress and answers its result', async () => {
      vi.useFakeTimers();
      try {
        const fetchMock = vi
          .fn()
          .mockResolvedValueOnce(new Response(JSON.stringify({ detail: 'In progress', code: 'idempotency_in_progress' }), { status: 409 }))
          .mockResolvedValueOnce(new Response(JSON.stringify({ candidate_id: 'c3' }), { status: 201 }));
        vi.stubGlobal('fetch', fetchMock);
        const result = invite('Barbara');
        await vi.runAllTimersAsync();
        await expect(result).resolves.toEqual({ candidateId: 'c3' });
        expect(keyOf(fetchMock.mock.calls[1])).toBe(keyOf(fetchMock.mock.calls[0]));
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe('state-setting requests (PUT, DELETE)', () => {
    const setStatus = () => callApi('setCandidateStatus', { params: { candidateId: 'c1', status: 'shortlist' } });
    const unavailable = (retryAfter: string) =>
      new Response(JSON.stringify({ detail: 'Busy', code: 'service_unavailable' }), { status: 503, headers: { 'retry-after': retryAfter } });

    it('sends a PUT again after a 503, waiting as long as Retry-After asks, and answers its result', async () => {
      vi.useFakeTimers();
      try {
        const fetchMock = vi
          .fn()
          .mockResolvedValueOnce(unavailable('2'))
          .mockResolvedValueOnce(new Response(JSON.stringify({ current_status: 'shortlisted' }), { status: 200 }));
        vi.stubGlobal('fetch', fetchMock);
        const result = setStatus();
        // The client's own first pause is 0.5 s; the server asked for 2 s.
        await vi.advanceTimersByTimeAsync(1_900);
        expect(fetchMock).toHaveBeenCalledTimes(1);
        await vi.advanceTimersByTimeAsync(200);
        await expect(result).resolves.toEqual({ currentStatus: 'shortlisted' });
        expect(fetchMock).toHaveBeenCalledTimes(2);
        // No Idempotency-Key: a PUT sets a state, repeating it is the same request.
        expect(((fetchMock.mock.calls[1] as [string, RequestInit])[1].headers as Record<string, string>)['Idempotency-Key']).toBeUndefined();
      } finally {
        vi.useRealTimers();
      }
    });

    it('gives up after three attempts and shows the failure', async () => {
      vi.useFakeTimers();
      try {
        const fetchMock = vi.fn(async () => unavailable('1'));
        vi.stubGlobal('fetch', fetchMock);
        const failed = setStatus().catch((error: unknown) => error);
        await vi.runAllTimersAsync();
        expect(await failed).toMatchObject({ status: 503, code: 'service_unavailable', retryAfter: '1' });
        expect(fetchMock).toHaveBeenCalledTimes(3);
      } finally {
        vi.useRealTimers();
      }
    });

    it('sends a 500, a refusal, or a POST without a key only once', async () => {
      for (const [send, status] of [
        [setStatus, 500],
        [setStatus, 409],
        [() => callApi('recordAnswerPlay', { params: { answerId: 'a1' } }), 503],
      ] as const) {
        const fetchMock = respond(status, { detail: 'No', code: status === 503 ? 'service_unavailable' : 'refused' });
        vi.stubGlobal('fetch', fetchMock);
        await expect(send()).rejects.toMatchObject({ status });
        expect(fetchMock).toHaveBeenCalledTimes(1);
      }
    });
  });
});
