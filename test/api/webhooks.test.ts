import { createHmac, timingSafeEqual } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import ipaddr from 'ipaddr.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_EVENTS } from '../../lambdas/contracts/product-events';
import { WEBHOOK_API_VERSION } from '../../lambdas/contracts/webhook-events';
import { keys } from '../../lambdas/data/keys';
import { baseUrl, call } from '../support/api';
import { mailArriving, registerAndSignIn } from '../support/accounts';
import { localDb, localEnv } from '../support/aws';

/**
 * Outgoing webhooks (issue 38) end to end on the local stack: endpoints created by the owner, events
 * fanned out from EventBridge through the SQS stand-in to the delivery function, signed, logged,
 * retried with the (scaled) backoff, refused for private targets, and an endpoint disabled after
 * failing for three days. The local receiver (/_local/webhooks) records what arrives; the signature
 * is verified here by this test's own implementation of the scheme (node:crypto), not the product's.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

interface Received {
  id: string;
  name: string;
  headers: Record<string, string>;
  body: string;
  answered: number | 'timeout';
  event_id: string | null;
  attempt: number | null;
}

const receiverUrl = (name: string) => `${baseUrl()}/_local/webhooks/receive/${name}`;
const receivedBy = async (name: string): Promise<Received[]> =>
  ((await (await fetch(`${baseUrl()}/_local/webhooks?format=json&name=${name}`)).json()) as { received: Received[] }).received;
const configureReceiver = async (name: string, behaviour: Record<string, unknown>) => {
  const res = await fetch(`${baseUrl()}/_local/webhooks/receivers/${name}`, { method: 'POST', body: JSON.stringify(behaviour) });
  expect(res.status).toBe(200);
};

const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** The scheme, verified independently: `t=…,v1=…[,v1=…]`, HMAC-SHA256 of `${t}.${body}`, within 5 minutes. */
const verifies = (header: string, body: string, secret: string, nowSeconds = Date.now() / 1000): boolean => {
  const fields = header.split(',').map((part) => part.split('='));
  const t = fields.find(([key]) => key === 't')?.[1];
  if (!t || Math.abs(nowSeconds - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return fields
    .filter(([key]) => key === 'v1')
    .some(([, hex]) => {
      const given = Buffer.from(hex ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
};

let counter = 0;
const receiverName = (label: string) => `${label}-${Date.now().toString(36)}-${(counter += 1)}`;

const createEndpoint = async (owner: Owner, url: string, events: string[] = ['candidate.invited']) =>
  call('createWebhookEndpoint', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { url, events, description: 'test' } });

const deliveriesOf = async (owner: Owner, endpointId: string) =>
  (await call('listWebhookDeliveries', { params: { companyId: owner.companyId, endpointId }, session: owner.sessionId })).body.deliveries;

describe('webhooks', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await registerAndSignIn('Webhooks Co');
  });

  it('creates an endpoint whose secret is shown once, and lists it without the secret', async () => {
    const name = receiverName('create');
    const created = await createEndpoint(owner, receiverUrl(name), ['candidate.invited', 'candidate.completed']);
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32,}$/);
    expect(created.body).toMatchObject({ url: receiverUrl(name), enabled: true, events: ['candidate.invited', 'candidate.completed'] });
    const listed = await call('listWebhookEndpoints', { params: { companyId: owner.companyId }, session: owner.sessionId });
    const entry = listed.body.webhook_endpoints.find((endpoint) => endpoint.endpoint_id === created.body.endpoint_id);
    expect(entry).toBeDefined();
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
    expect(JSON.stringify(listed.body)).not.toContain('sealed');
  });

  it('delivers a signed test event that an independent verifier accepts, and refuses an altered or replayed one', async () => {
    const name = receiverName('signed');
    const created = await createEndpoint(owner, receiverUrl(name));
    const sent = await call('sendWebhookTestEvent', { params: { companyId: owner.companyId, endpointId: created.body.endpoint_id }, session: owner.sessionId });
    expect(sent.status).toBe(202);
    const [delivery] = await eventually(() => receivedBy(name), (list) => list.length > 0);
    expect(delivery).toBeDefined();
    expect(delivery!.headers['webhook-id']).toBe(sent.body.event_id);
    expect(delivery!.headers['webhook-attempt']).toBe('1');
    const body = JSON.parse(delivery!.body) as Record<string, any>;
    expect(body).toMatchObject({ id: sent.body.event_id, type: 'webhook.test', api_version: WEBHOOK_API_VERSION, company_id: owner.companyId });
    const signature = delivery!.headers['webhook-signature']!;
    expect(verifies(signature, delivery!.body, created.body.secret)).toBe(true);
    // Altered, signed by another secret, or replayed 10 minutes later: refused.
    expect(verifies(signature, delivery!.body.replace('webhook.test', 'webhook.tesT'), created.body.secret)).toBe(false);
    expect(verifies(signature, delivery!.body, 'whsec_not_the_secret')).toBe(false);
    expect(verifies(signature, delivery!.body, created.body.secret, Date.now() / 1000 + 600)).toBe(false);
    // The receiver page's own verification agrees.
    const page = (await (await fetch(`${baseUrl()}/_local/webhooks?format=json&name=${name}&secret=${created.body.secret}`)).json()) as {
      received: { signature: string }[];
    };
    expect(page.received[0]!.signature).toBe('verified');

    const log = await eventually(
      () => deliveriesOf(owner, created.body.endpoint_id),
      (list) => list.length > 0,
    );
    expect(log[0]).toMatchObject({ event_id: sent.body.event_id, event_type: 'webhook.test', attempt: 1, status_code: 200, outcome: 'delivered', error: null });
    expect(log[0]!.latency_ms).toBeGreaterThanOrEqual(0);
    expect(log[0]!.response_excerpt).toContain('received');
  });

  it('retries a receiver that fails twice with backoff: one accepted delivery, at attempt 3', async () => {
    const name = receiverName('flaky');
    await configureReceiver(name, { fail: 2, status: 500 });
    const created = await createEndpoint(owner, receiverUrl(name));
    const sent = await call('sendWebhookTestEvent', { params: { companyId: owner.companyId, endpointId: created.body.endpoint_id }, session: owner.sessionId });
    const log = await eventually(
      () => deliveriesOf(owner, created.body.endpoint_id),
      (list) => list.some((entry) => entry.outcome === 'delivered'),
      30_000,
    );
    const attempts = log.filter((entry) => entry.event_id === sent.body.event_id).reverse();
    expect(attempts.map((entry) => [entry.attempt, entry.status_code, entry.outcome])).toEqual([
      [1, 500, 'failed'],
      [2, 500, 'failed'],
      [3, 200, 'delivered'],
    ]);
    expect(attempts[0]!.next_attempt_at).not.toBeNull();
    expect(attempts[2]!.next_attempt_at).toBeNull();
    const arrived = await receivedBy(name);
    expect(arrived.filter((entry) => entry.event_id === sent.body.event_id && entry.answered === 200)).toHaveLength(1);
    expect(arrived.map((entry) => entry.attempt).sort()).toEqual([1, 2, 3]);
    // A success stops the endpoint's failure clock.
    const listed = await call('listWebhookEndpoints', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(listed.body.webhook_endpoints.find((endpoint) => endpoint.endpoint_id === created.body.endpoint_id)?.failing_since).toBeNull();
  });

  it('resends a logged delivery with the same event id and body, its attempts counted anew', async () => {
    const name = receiverName('resend');
    const created = await createEndpoint(owner, receiverUrl(name));
    const sent = await call('sendWebhookTestEvent', { params: { companyId: owner.companyId, endpointId: created.body.endpoint_id }, session: owner.sessionId });
    const [first] = await eventually(() => deliveriesOf(owner, created.body.endpoint_id), (list) => list.length > 0);
    const resent = await call('resendWebhookDelivery', {
      params: { companyId: owner.companyId, endpointId: created.body.endpoint_id, deliveryId: first!.delivery_id },
      session: owner.sessionId,
    });
    expect(resent.status).toBe(202);
    expect(resent.body.event_id).toBe(sent.body.event_id);
    const arrived = await eventually(() => receivedBy(name), (list) => list.length >= 2);
    expect(arrived.map((entry) => entry.event_id)).toEqual([sent.body.event_id, sent.body.event_id]);
    expect(arrived[0]!.body).toBe(arrived[1]!.body);
    expect(arrived[0]!.attempt).toBe(1);
    expect(verifies(arrived[0]!.headers['webhook-signature']!, arrived[0]!.body, created.body.secret)).toBe(true);
    const missing = await call('resendWebhookDelivery', {
      params: { companyId: owner.companyId, endpointId: created.body.endpoint_id, deliveryId: 'nothere' },
      session: owner.sessionId,
    });
    expect(missing.status).toBe(404);
  });

  it('fans a Webhook event out to the enabled endpoints subscribed to its type, and only those', async () => {
    const fan = await registerAndSignIn('Fan-out Co');
    const [subscribed, other, disabled] = [receiverName('fan-a'), receiverName('fan-b'), receiverName('fan-c')];
    const a = await createEndpoint(fan, receiverUrl(subscribed), ['candidate.invited']);
    await createEndpoint(fan, receiverUrl(other), ['position.created']);
    const c = await createEndpoint(fan, receiverUrl(disabled), ['candidate.invited']);
    const off = await call('updateWebhookEndpoint', {
      params: { companyId: fan.companyId, endpointId: c.body.endpoint_id },
      session: fan.sessionId,
      body: { enabled: false },
    });
    expect(off.body).toMatchObject({ enabled: false, disabled_reason: 'owner' });
    const env = localEnv();
    const eventBridge = new EventBridgeClient({
      endpoint: env.AWS_ENDPOINT_URL_EVENTBRIDGE,
      region: env.AWS_REGION,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
    });
    const eventId = `evt_test_${Date.now()}`;
    const put = await eventBridge.send(
      new PutEventsCommand({
        Entries: [
          {
            Source: PRODUCT_EVENTS.source,
            DetailType: PRODUCT_EVENTS.webhookEvent,
            Detail: JSON.stringify({
              id: eventId,
              type: 'candidate.invited',
              apiVersion: WEBHOOK_API_VERSION,
              createdAt: new Date().toISOString(),
              companyId: fan.companyId,
              data: { candidateId: 'c1', candidateName: 'Ada' },
            }),
          },
        ],
      }),
    );
    expect(put.FailedEntryCount).toBe(0);
    const arrived = await eventually(() => receivedBy(subscribed), (list) => list.length > 0);
    expect(arrived.map((entry) => entry.event_id)).toEqual([eventId]);
    expect(JSON.parse(arrived[0]!.body)).toMatchObject({ id: eventId, type: 'candidate.invited', data: { candidate_id: 'c1', candidate_name: 'Ada' } });
    expect(verifies(arrived[0]!.headers['webhook-signature']!, arrived[0]!.body, a.body.secret)).toBe(true);
    // The others get nothing (give the fan-out time to have sent what it would).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await receivedBy(other)).toEqual([]);
    expect(await receivedBy(disabled)).toEqual([]);
  });

  it('signs with both secrets while a rotated one overlaps its successor', async () => {
    const name = receiverName('rotate');
    const created = await createEndpoint(owner, receiverUrl(name));
    const rotated = await call('rotateWebhookSecret', { params: { companyId: owner.companyId, endpointId: created.body.endpoint_id }, session: owner.sessionId });
    expect(rotated.status).toBe(201);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    expect(Date.parse(rotated.body.previous_secret_expires_at!) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    await call('sendWebhookTestEvent', { params: { companyId: owner.companyId, endpointId: created.body.endpoint_id }, session: owner.sessionId });
    const [delivery] = await eventually(() => receivedBy(name), (list) => list.length > 0);
    const signature = delivery!.headers['webhook-signature']!;
    expect(signature.match(/v1=/g)).toHaveLength(2);
    expect(verifies(signature, delivery!.body, rotated.body.secret)).toBe(true);
    expect(verifies(signature, delivery!.body, created.body.secret)).toBe(true);
  });

  describe('targets (SSRF): refused as in AWS, whatever the local stack allows of its own origin', () => {
    const refused = [
      'https://127.0.0.1/hook',
      'https://127.1.2.3:8443/hook',
      'https://10.0.0.5/hook',
      'https://172.16.3.4/hook',
      'https://172.31.255.1/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
      'https://[::1]/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://2130706433/hook',
      'https://localhost/hook',
      'http://example.com/hook',
      // The local stack's own host, by another origin than the one it allows.
      `http://127.0.0.1:${new URL(baseUrl()).port}/_local/webhooks/receive/x`,
    ];
    it.each(refused)('refuses %s on creation with a clear 400', async (url) => {
      const res = await createEndpoint(owner, url);
      expect(res.status, url).toBe(400);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'url'], type: 'webhook_target_refused' });
      expect(res.body.detail[0].msg).toMatch(/https|address|this machine/);
    });

    it('refuses a host name that resolves to a private address', async () => {
      // This machine's own name resolves to one of its addresses (loopback or a private one) in a test container.
      const addresses = await lookup(hostname(), { all: true }).catch(() => []);
      expect(addresses.length).toBeGreaterThan(0);
      expect(addresses.some(({ address }) => ipaddr.parse(address).range() !== 'unicast')).toBe(true);
      const res = await createEndpoint(owner, `https://${hostname()}/hook`);
      expect(res.status).toBe(400);
      expect(res.body.detail[0].msg).toContain('resolves to');
    });

    it('refuses changing an endpoint to a private target', async () => {
      const created = await createEndpoint(owner, receiverUrl(receiverName('change')));
      const res = await call('updateWebhookEndpoint', {
        params: { companyId: owner.companyId, endpointId: created.body.endpoint_id },
        session: owner.sessionId,
        body: { url: 'https://169.254.169.254/' },
      });
      expect(res.status).toBe(400);
    });

    it('does not follow a redirect: the attempt fails and nothing reaches the target', async () => {
      const name = receiverName('redirect');
      const target = receiverName('redirected-to');
      await configureReceiver(name, { redirect: receiverUrl(target) });
      const created = await createEndpoint(owner, receiverUrl(name));
      await call('sendWebhookTestEvent', { params: { companyId: owner.companyId, endpointId: created.body.endpoint_id }, session: owner.sessionId });
      const log = await eventually(() => deliveriesOf(owner, created.body.endpoint_id), (list) => list.length > 0);
      expect(log[0]).toMatchObject({ status_code: 302, outcome: 'failed' });
      expect(log[0]!.error).toContain('not followed');
      expect(await receivedBy(target)).toEqual([]);
      await configureReceiver(name, { reset: true });
    });
  });

  it('disables an endpoint that has failed for 3 days and e-mails the owner', async () => {
    const failing = await registerAndSignIn('Failing Co');
    const name = receiverName('down');
    await configureReceiver(name, { fail: 100, status: 503 });
    const created = await createEndpoint(failing, receiverUrl(name));
    const endpointId = created.body.endpoint_id;
    // Its first failure was 3 days and a minute ago (the clock is the endpoint's own failingSince).
    await localDb().send(
      new UpdateCommand({
        TableName: localEnv().TABLE_NAME,
        Key: keys.webhookEndpoint(failing.companyId, endpointId),
        UpdateExpression: 'SET failingSince = :since',
        ExpressionAttributeValues: { ':since': new Date(Date.now() - 3 * 24 * 3600 * 1000 - 60_000).toISOString() },
      }),
    );
    await call('sendWebhookTestEvent', { params: { companyId: failing.companyId, endpointId }, session: failing.sessionId });
    const listed = await eventually(
      () => call('listWebhookEndpoints', { params: { companyId: failing.companyId }, session: failing.sessionId }),
      (res) => res.body.webhook_endpoints[0]?.enabled === false,
    );
    expect(listed.body.webhook_endpoints[0]).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const mail = await mailArriving(failing.email, (m) => m.subject.includes('webhook endpoint') && m.subject.includes('disabled'));
    expect(mail?.text).toContain(receiverUrl(name));
    // Re-enabled, its clock starts anew.
    await configureReceiver(name, { reset: true });
    const on = await call('updateWebhookEndpoint', { params: { companyId: failing.companyId, endpointId }, session: failing.sessionId, body: { enabled: true } });
    expect(on.body).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });

  it('keeps other companies out: their endpoint is not found', async () => {
    const other = await registerAndSignIn('Other Co');
    const created = await createEndpoint(owner, receiverUrl(receiverName('mine')));
    const endpointId = created.body.endpoint_id;
    for (const res of [
      await call('listWebhookDeliveries', { params: { companyId: other.companyId, endpointId }, session: other.sessionId }),
      await call('sendWebhookTestEvent', { params: { companyId: other.companyId, endpointId }, session: other.sessionId }),
      await call('deleteWebhookEndpoint', { params: { companyId: other.companyId, endpointId }, session: other.sessionId }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await call('deleteWebhookEndpoint', { params: { companyId: owner.companyId, endpointId }, session: owner.sessionId })).status).toBe(204);
  });

  afterAll(async () => undefined);
});
