import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AtsCredentialsRejected } from '../../lambdas/adapters/ats/adapter';
import { ashbyAdapter } from '../../lambdas/adapters/ats/ashby';
import { atsConnection } from '../../lambdas/adapters/ats/connection';
import { ashbyStandIn } from '../../lib/local/ats/vendors/ashby';
import { expectRequestFailed, result, useStandIn, useWebhookReceiver } from './support';

/** The Ashby adapter against its stand-in: an API key, candidate.list by tag, notes, signed webhooks. */
const standIn = useStandIn(ashbyStandIn);
const { addCandidate, candidateNow, notesOf, outage, state } = standIn;
/** Our webhook endpoint: records what Ashby (the stand-in) posts to it. */
const receiver = useWebhookReceiver('/integrations/ashby-1/webhook');

const KEY = 'ashby-local-key';
const connection = (authToken = KEY) => atsConnection(ashbyAdapter, { authToken });

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
      Array.from({ length: 105 }, (_, i) => addCandidate(`Tagged Person ${i}`, 'Video interview', i === 3 ? null : `tagged${i}@example.com`)),
    );
    await Promise.all([
      addCandidate('Other One', 'Phone screen', 'other1@example.com'),
      addCandidate('Other Two', 'Sourcing', 'other2@example.com'),
      addCandidate('Other Three', 'Video interview later', null),
    ]);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');

    const found = await ashbyAdapter.listTagged(connection(), 'video interview');

    const listCalls = fetchSpy.mock.calls.filter(([url]) => String(url).endsWith('/candidate.list'));
    expect(listCalls.length).toBeGreaterThanOrEqual(2);
    expect(found).toHaveLength(tagged.length);
    expect(new Set(found.map((c) => c.ref))).toEqual(new Set(tagged.map((c) => c.id)));
    const app = standIn.endpoint('app');
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
    const candidate = await addCandidate('Note Taker', 'Write back', 'note@example.com');
    const answersHref = 'https://app.example.com/answers/abc123';
    await ashbyAdapter.writeResult(connection(), candidate.id, result(answersHref, { note: `Note Taker recorded their interview: ${answersHref}` }));
    const stored = await candidateNow(candidate.id);
    expect(stored.notes).toHaveLength(1);
    expect(stored.notes[0]!.body).toContain(answersHref);
    expect(stored.stageMoves).toEqual([]);
  });

  it('fails without retrying when Ashby answers success: false (an unknown candidate)', async () => {
    const answered = result('https://a.example', { note: 'x https://a.example' });
    await expectRequestFailed(ashbyAdapter.writeResult(connection(), 'no-such-candidate', answered), {
      retryable: false,
      message: expect.stringContaining('candidate_not_found'),
    });
  });

  it('throws a retryable AtsRequestFailed during an outage, and writes once it is over', async () => {
    const candidate = await addCandidate('Outage Person', 'Write back', 'outage@example.com');
    const shortlisted = result('https://app.example.com/answers/o1', {
      event: 'shortlisted',
      note: 'Shortlisted: https://app.example.com/answers/o1',
    });
    await outage({ requests: 1, status: 503 });
    await expectRequestFailed(ashbyAdapter.writeResult(connection(), candidate.id, shortlisted), { retryable: true, status: 503 });
    expect(await notesOf(candidate.id)).toEqual([]);

    await ashbyAdapter.writeResult(connection(), candidate.id, shortlisted);
    expect(await notesOf(candidate.id)).toEqual([shortlisted.note]);
  });

  it('registers a webhook whose signed deliveries verify with our secret only', async () => {
    const secret = 'our-webhook-secret-1';
    const received = receiver.deliveries;
    received.length = 0;
    const registered = await ashbyAdapter.webhooks!.register(connection(), receiver.url(), secret);
    expect(registered.secret).toBe(secret);
    expect(registered.webhookIds).toHaveLength(1);
    const hooks = (await state()).hooks;
    expect(hooks).toEqual([{ id: registered.webhookIds[0], url: receiver.url(), secret, event: 'applicationSubmit' }]);

    // Ashby pings a new webhook, signed like any delivery.
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.rawBody)).toMatchObject({ action: 'ping' });
    expect(ashbyAdapter.webhooks!.verify(received[0]!, secret)).toBe(true);

    const candidate = await addCandidate('Hooked Person', 'Video interview', 'hooked@example.com');
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

    await expectRequestFailed(ashbyAdapter.webhooks!.register(connection(), deadUrl, 'secret-2'), { retryable: true });
    expect((await state()).hooks).toEqual([]);
  });
});
