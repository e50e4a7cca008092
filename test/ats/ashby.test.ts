import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AtsCredentialsRejected, AtsRequestFailed, type WebhookDelivery } from '../../lambdas/shared/clients/ats/adapter';
import { ashbyAdapter } from '../../lambdas/shared/clients/ats/ashby';
import { atsConnection } from '../../lambdas/shared/clients/ats/connection';
import { startAtsLocal } from '../../lib/local/ats/server';
import type { StandInCandidate, StandInHook } from '../../lib/local/ats/types';
import { ashbyStandIn } from '../../lib/local/ats/vendors/ashby';

type StandIns = Awaited<ReturnType<typeof startAtsLocal>>;
interface State {
  candidates: StandInCandidate[];
  hooks: StandInHook[];
}

const KEY = 'ashby-local-key';
const connection = (authToken = KEY) => atsConnection(ashbyAdapter, { authToken });

let standIns: StandIns;
let control: string;
const savedEnv: Record<string, string | undefined> = {};

/** Our webhook endpoint: records what Ashby (the stand-in) posts to it. */
let receiver: Server;
let receiverUrl: string;
const received: WebhookDelivery[] = [];

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${control}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.ok).toBe(true);
  return (await response.json()) as { candidate: StandInCandidate };
};
const addCandidate = async (name: string, email: string | null, tag: string) => (await post('/candidates', { name, email, tag })).candidate;
const state = async () => (await (await fetch(`${control}/state`)).json()) as State;

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

beforeAll(async () => {
  standIns = await startAtsLocal({ vendors: [ashbyStandIn] });
  control = `${standIns.origin}/_local/ats/ashby`;
  for (const [name, value] of Object.entries(standIns.environment(standIns.origin))) {
    savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
  receiver = createServer((req, res) => {
    readBody(req).then((rawBody) => {
      received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v])), rawBody });
      res.writeHead(200).end();
    }, () => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/integrations/ashby-1/webhook`;
});

afterAll(async () => {
  await standIns?.stop();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Ashby adapter against its stand-in', () => {
  it('accepts the stand-in API key and rejects a wrong or missing one', async () => {
    await expect(ashbyAdapter.verifyCredentials(connection())).resolves.toBeUndefined();
    await expect(ashbyAdapter.verifyCredentials(connection('not-the-key'))).rejects.toBeInstanceOf(AtsCredentialsRejected);
    await expect(ashbyAdapter.verifyCredentials(connection(''))).rejects.toBeInstanceOf(AtsCredentialsRejected);
  });

  it('lists exactly the candidates carrying the tag, across pages of candidate.list', async () => {
    const tagged = await Promise.all(
      Array.from({ length: 105 }, (_, i) => addCandidate(`Tagged Person ${i}`, i === 3 ? null : `tagged${i}@example.com`, 'Video interview')),
    );
    await Promise.all([
      addCandidate('Other One', 'other1@example.com', 'Phone screen'),
      addCandidate('Other Two', 'other2@example.com', 'Sourcing'),
      addCandidate('Other Three', null, 'Video interview later'),
    ]);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');

    const found = await ashbyAdapter.listTagged(connection(), 'video interview');

    const listCalls = fetchSpy.mock.calls.filter(([url]) => String(url).endsWith('/candidate.list'));
    expect(listCalls.length).toBeGreaterThanOrEqual(2);
    expect(found).toHaveLength(tagged.length);
    expect(new Set(found.map((c) => c.ref))).toEqual(new Set(tagged.map((c) => c.id)));
    const app = standIns.endpoints(standIns.origin, 'ashby').app;
    for (const candidate of tagged) {
      const match = found.find((c) => c.ref === candidate.id)!;
      expect(match.name).toBe(candidate.name);
      expect(match.email).toBe(candidate.email);
      expect(match.profileHref).toBe(`${app}/candidates/${candidate.id}`);
    }
    expect(found.find((c) => c.name === 'Tagged Person 3')!.email).toBeNull();

    const profile = await fetch(found[0]!.profileHref!);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain(found[0]!.name);
  });

  it('finds nobody for a tag no candidate carries', async () => {
    await expect(ashbyAdapter.listTagged(connection(), 'Nobody has this tag')).resolves.toEqual([]);
  });

  it('writes the result as a note on the candidate', async () => {
    const candidate = await addCandidate('Note Taker', 'note@example.com', 'Write back');
    const answersHref = 'https://app.example.com/answers/abc123';
    await ashbyAdapter.writeResult(connection(), candidate.id, {
      event: 'responded',
      note: `Note Taker recorded their interview: ${answersHref}`,
      answersHref,
      advanceStage: false,
    });
    const stored = (await state()).candidates.find((c) => c.id === candidate.id)!;
    expect(stored.notes).toHaveLength(1);
    expect(stored.notes[0]!.body).toContain(answersHref);
    expect(stored.stageMoves).toEqual([]);
  });

  it("fails without retrying when Ashby answers success: false (an unknown candidate)", async () => {
    const error = await ashbyAdapter
      .writeResult(connection(), 'no-such-candidate', { event: 'responded', note: 'x https://a.example', answersHref: 'https://a.example', advanceStage: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AtsRequestFailed);
    expect((error as AtsRequestFailed).retryable).toBe(false);
    expect((error as AtsRequestFailed).message).toContain('candidate_not_found');
  });

  it('throws a retryable AtsRequestFailed during an outage, and writes once it is over', async () => {
    const candidate = await addCandidate('Outage Person', 'outage@example.com', 'Write back');
    const result = { event: 'shortlisted' as const, note: 'Shortlisted: https://app.example.com/answers/o1', answersHref: 'https://app.example.com/answers/o1', advanceStage: false };
    await post('/outage', { requests: 1, status: 503 });
    const error = await ashbyAdapter.writeResult(connection(), candidate.id, result).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AtsRequestFailed);
    expect((error as AtsRequestFailed).retryable).toBe(true);
    expect((error as AtsRequestFailed).status).toBe(503);
    expect((await state()).candidates.find((c) => c.id === candidate.id)!.notes).toEqual([]);

    await ashbyAdapter.writeResult(connection(), candidate.id, result);
    expect((await state()).candidates.find((c) => c.id === candidate.id)!.notes.map((n) => n.body)).toEqual([result.note]);
  });

  it('registers a webhook whose signed deliveries verify with our secret only', async () => {
    const secret = 'our-webhook-secret-1';
    received.length = 0;
    const registered = await ashbyAdapter.webhooks!.register(connection(), receiverUrl, secret);
    expect(registered.secret).toBe(secret);
    expect(registered.webhookIds).toHaveLength(1);
    const hooks = (await state()).hooks;
    expect(hooks).toEqual([{ id: registered.webhookIds[0], url: receiverUrl, secret, event: 'applicationSubmit' }]);

    // Ashby pings a new webhook, signed like any delivery.
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.rawBody)).toMatchObject({ action: 'ping' });
    expect(ashbyAdapter.webhooks!.verify(received[0]!, secret)).toBe(true);

    const candidate = await addCandidate('Hooked Person', 'hooked@example.com', 'Video interview');
    expect(received).toHaveLength(2);
    const delivery = received[1]!;
    expect(JSON.parse(delivery.rawBody)).toMatchObject({
      action: 'applicationSubmit',
      data: { application: { candidate: { id: candidate.id, name: 'Hooked Person' } } },
    });
    expect(delivery.headers['ashby-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(ashbyAdapter.webhooks!.verify(delivery, secret)).toBe(true);
    expect(ashbyAdapter.webhooks!.verify(delivery, 'another-secret')).toBe(false);
    expect(ashbyAdapter.webhooks!.verify({ ...delivery, rawBody: delivery.rawBody.replace('Hooked Person', 'Hooked Persons') }, secret)).toBe(false);
    expect(ashbyAdapter.webhooks!.verify({ headers: {}, rawBody: delivery.rawBody }, secret)).toBe(false);

    await ashbyAdapter.webhooks!.unregister(connection(), registered.webhookIds);
    expect((await state()).hooks).toEqual([]);
    // Unregistering again finds it gone, which is fine.
    await expect(ashbyAdapter.webhooks!.unregister(connection(), registered.webhookIds)).resolves.toBeUndefined();
  });

  it('does not leave a webhook behind when our endpoint does not answer the ping', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/webhook`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await ashbyAdapter.webhooks!.register(connection(), deadUrl, 'secret-2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AtsRequestFailed);
    expect((error as AtsRequestFailed).retryable).toBe(true);
    expect((await state()).hooks).toEqual([]);
  });
});
