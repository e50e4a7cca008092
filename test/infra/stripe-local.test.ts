import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/local/net';
import { startStripeLocal, type StripeLocal } from '../../lib/local/stripe-local';

/**
 * The local Stripe stand-in, driven as the product drives Stripe: through the official `stripe` SDK
 * with its host and port pointed at it, its hosted pages through their HTML forms as a browser posts
 * them, and its webhooks received by a small server that verifies every signature with the SDK's
 * `stripe.webhooks.constructEvent`.
 */
const WEBHOOK_SECRET = 'whsec_stand_in_test';

interface Receiver {
  url: string;
  /** Verified events in the order they arrived (a retried event appears once per successful try). */
  received: Stripe.Event[];
  /** Every POST: its event id and the status answered. */
  attempts: { id: string; status: number }[];
  /** Statuses to answer next, before going back to 200. */
  failNext: number[];
  /** While set, a delivery to be answered 200 waits for it before it is recorded and answered. */
  hold: Promise<void> | null;
  server: Server;
}

const startReceiver = async (stripe: Stripe): Promise<Receiver> => {
  const port = await freePort();
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/api/v1/stripe/webhook`,
    received: [],
    attempts: [],
    failNext: [],
    hold: null,
    server: createServer(),
  };
  receiver.server.on('request', async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(raw, String(req.headers['stripe-signature']), WEBHOOK_SECRET);
    } catch (error) {
      receiver.attempts.push({ id: 'unverified', status: 400 });
      res.writeHead(400).end(String(error));
      return;
    }
    const status = receiver.failNext.shift() ?? 200;
    if (status === 200 && receiver.hold) await receiver.hold;
    receiver.attempts.push({ id: event.id, status });
    if (status === 200) receiver.received.push(event);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ received: status === 200 }));
  });
  await new Promise<void>((resolve) => receiver.server.listen(port, '127.0.0.1', resolve));
  return receiver;
};

let dataDir: string;
let local: StripeLocal;
let stripe: Stripe;
let receiver: Receiver;

const sdk = (endpoint: string, key = 'sk_test_stand_in') => {
  const { hostname, port, protocol } = new URL(endpoint);
  return new Stripe(key, { host: hostname, port: Number(port), protocol: protocol.replace(':', '') as 'http', maxNetworkRetries: 0 });
};

/** What a browser does with the page's form: POST its fields plus the pressed button's name and value. */
const pressButton = async (pageUrl: string, label: string, fields: Record<string, string> = {}) => {
  const html = await (await fetch(pageUrl)).text();
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)];
  for (const [, action, inner] of forms) {
    const button = new RegExp(`<button[^>]*name="([^"]+)" value="([^"]+)">${label}</button>`).exec(inner!);
    if (!button) continue;
    const body = new URLSearchParams();
    for (const [, name, value] of inner!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]+)">/g)) body.set(name!, value!);
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    body.set(button[1]!, button[2]!);
    return fetch(new URL(action!, pageUrl), { method: 'POST', body, redirect: 'manual' });
  }
  throw new Error(`No button "${label}" on ${pageUrl}:\n${html}`);
};

const typesOf = (events: { type: string }[]) => events.map((event) => event.type);
const receivedSince = (count: number) => receiver.received.slice(count);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'stripe-local-test-'));
  receiver = await startReceiver(new Stripe('sk_test_receiver'));
  local = await startStripeLocal({ dataFile: path.join(dataDir, 'stripe.json'), webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
  stripe = sdk(local.endpoint);
});
afterAll(async () => {
  await local?.stop();
  await new Promise((resolve) => receiver?.server.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('Stripe stand-in: REST API through the official SDK', () => {
  it('answers 401 without an API key, and the SDK raises StripeAuthenticationError for a malformed one', async () => {
    const response = await fetch(`${local.endpoint}/v1/customers/cus_x`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') },
    });
    const error = await sdk(local.endpoint, 'not-a-key')
      .customers.create({ name: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(401);
  });

  it('answers 404 resource_missing for an unknown price, and for an unknown endpoint', async () => {
    const error = await stripe.prices.retrieve('price_doesnotexist').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id', message: "No such price: 'price_doesnotexist'" });
    const response = await fetch(`${local.endpoint}/v1/coupons`, { headers: { authorization: 'Bearer sk_test_x' } });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('Unrecognized request URL (GET: /v1/coupons)');
  });

  it('refuses a parameter the endpoint does not take', async () => {
    const error = await stripe.customers.create({ name: 'x', phone: '+44' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'phone', message: 'Received unknown parameter: phone' });
  });

  it('creates, reads and updates products with caller-given ids', async () => {
    const created = await stripe.products.create({ id: 'pack_test_10', name: '10 candidates', description: 'A pack', metadata: { kind: 'pack' } });
    expect(created).toMatchObject({
      id: 'pack_test_10',
      object: 'product',
      name: '10 candidates',
      active: true,
      livemode: false,
      metadata: { kind: 'pack' },
    });
    expect(created.created).toBeCloseTo(Date.now() / 1000, -2);
    await expect(stripe.products.create({ id: 'pack_test_10', name: 'again' })).rejects.toMatchObject({
      code: 'resource_already_exists',
      statusCode: 400,
    });
    const updated = await stripe.products.update('pack_test_10', { name: '10-candidate pack', metadata: { kind: '', size: '10' } });
    expect(updated).toMatchObject({ name: '10-candidate pack', metadata: { size: '10' } });
    expect((await stripe.products.retrieve('pack_test_10')).metadata).toEqual({ size: '10' });
    const generated = await stripe.products.create({ name: 'Generated id' });
    expect(generated.id).toMatch(/^prod_[A-Za-z0-9]+$/);
  });

  it('finds prices by lookup key (product expanded), refuses a taken key and transfers it when asked', async () => {
    await stripe.products.create({ id: 'pack_test_20', name: '20 candidates' });
    const first = await stripe.prices.create({
      product: 'pack_test_20',
      currency: 'eur',
      unit_amount: 9900,
      lookup_key: 'test_pack_20_eur',
      nickname: 'v1',
    });
    expect(first).toMatchObject({
      object: 'price',
      type: 'one_time',
      recurring: null,
      unit_amount: 9900,
      currency: 'eur',
      lookup_key: 'test_pack_20_eur',
      product: 'pack_test_20',
    });
    expect(first.id).toMatch(/^price_/);

    const taken = await stripe.prices
      .create({ product: 'pack_test_20', currency: 'eur', unit_amount: 8900, lookup_key: 'test_pack_20_eur' })
      .catch((e: unknown) => e);
    expect(taken).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'lookup_key',
      message: `A price (\`${first.id}\`) already uses that lookup key.`,
    });

    const second = await stripe.prices.create({
      product: 'pack_test_20',
      currency: 'eur',
      unit_amount: 8900,
      lookup_key: 'test_pack_20_eur',
      transfer_lookup_key: true,
    });
    expect(second.lookup_key).toBe('test_pack_20_eur');
    expect((await stripe.prices.retrieve(first.id)).lookup_key).toBeNull();

    const found = await stripe.prices.list({ lookup_keys: ['test_pack_20_eur', 'test_nothing'], active: true, expand: ['data.product'] });
    expect(found).toMatchObject({ object: 'list', has_more: false, url: '/v1/prices' });
    expect(found.data.map((price) => price.id)).toEqual([second.id]);
    expect(found.data[0]!.product).toMatchObject({ id: 'pack_test_20', object: 'product', name: '20 candidates' });

    await stripe.prices.update(first.id, { lookup_key: 'test_pack_20_eur', transfer_lookup_key: true, active: false });
    await stripe.prices.update(second.id, { active: false });
    expect((await stripe.prices.list({ lookup_keys: ['test_pack_20_eur'], active: true })).data).toEqual([]);
    expect((await stripe.prices.list({ lookup_keys: ['test_pack_20_eur'] })).data.map((price) => price.id)).toEqual([first.id]);

    const monthly = await stripe.prices.create({ product: 'pack_test_20', currency: 'usd', unit_amount: 2900, recurring: { interval: 'month' } });
    expect(monthly).toMatchObject({ type: 'recurring', recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' } });
    await expect(stripe.prices.create({ product: 'nope', currency: 'usd', unit_amount: 1 })).rejects.toMatchObject({
      statusCode: 400,
      param: 'product',
    });
  });

  it('honours Idempotency-Key: same request, same answer; another request with the key, idempotency_error', async () => {
    const key = `test-${Date.now()}`;
    const first = await stripe.customers.create({ name: 'Acme', email: 'owner@acme.test', metadata: { companyId: 'c1' } }, { idempotencyKey: key });
    const again = await stripe.customers.create({ metadata: { companyId: 'c1' }, email: 'owner@acme.test', name: 'Acme' }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ object: 'customer', name: 'Acme', email: 'owner@acme.test', metadata: { companyId: 'c1' }, livemode: false });
    expect(first.id).toMatch(/^cus_/);
    const other = await stripe.customers.create({ name: 'Other' }, { idempotencyKey: key }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((await stripe.customers.retrieve(first.id)) as Stripe.Customer).toMatchObject({ id: first.id, name: 'Acme' });
    const distinct = await stripe.customers.create({ name: 'Acme' });
    expect(distinct.id).not.toBe(first.id);
  });
});

describe('Stripe stand-in: checkout', () => {
  let packPrice: Stripe.Price;
  let monthlyPrice: Stripe.Price;
  let yearlyPrice: Stripe.Price;
  let customer: Stripe.Customer;

  beforeAll(async () => {
    await stripe.products.create({ id: 'pack_checkout_10', name: 'Pack of 10 candidates' });
    await stripe.products.create({ id: 'plan_starter', name: 'Starter' });
    await stripe.products.create({ id: 'plan_growth', name: 'Growth' });
    packPrice = await stripe.prices.create({ product: 'pack_checkout_10', currency: 'eur', unit_amount: 4900, lookup_key: 'checkout_pack_10_eur' });
    monthlyPrice = await stripe.prices.create({ product: 'plan_starter', currency: 'eur', unit_amount: 2900, recurring: { interval: 'month' } });
    yearlyPrice = await stripe.prices.create({ product: 'plan_growth', currency: 'eur', unit_amount: 59000, recurring: { interval: 'year' } });
    customer = await stripe.customers.create({ name: 'Checkout Co', metadata: { companyId: 'company-1' } });
  });

  const packSession = () =>
    stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [{ price: packPrice.id, quantity: 1 }],
      success_url: 'http://localhost:3000/#/companies/company-1/confirm-checkout?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/#/settings/billing',
      client_reference_id: 'ref-123',
      metadata: { companyId: 'company-1', kind: 'pack' },
      payment_intent_data: { metadata: { companyId: 'company-1' } },
    });

  it('validates prices against the mode as Stripe does', async () => {
    const recurringInPayment = await stripe.checkout.sessions
      .create({ mode: 'payment', line_items: [{ price: monthlyPrice.id, quantity: 1 }], success_url: 'http://localhost/x' })
      .catch((e: unknown) => e);
    expect(recurringInPayment).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('You specified `payment` mode but passed a recurring price'),
    });
    const oneTimeInSubscription = await stripe.checkout.sessions
      .create({ mode: 'subscription', line_items: [{ price: packPrice.id, quantity: 1 }], success_url: 'http://localhost/x' })
      .catch((e: unknown) => e);
    expect(oneTimeInSubscription).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('at least one recurring price in `subscription` mode'),
    });
    await expect(
      stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: 'price_unknown', quantity: 1 }], success_url: 'http://localhost/x' }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'line_items[0][price]' });
  });

  it('a payment-mode session paid on the hosted page completes, sends a verified checkout.session.completed, then redirects', async () => {
    const session = await packSession();
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 4900,
      currency: 'eur',
      mode: 'payment',
      customer: customer.id,
      client_reference_id: 'ref-123',
      metadata: { companyId: 'company-1', kind: 'pack' },
      subscription: null,
      url: `${local.endpoint}/checkout/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_/);

    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h1>Test checkout</h1>');
    expect(page).toContain('local Stripe stand-in');
    expect(page).toContain('Pack of 10 candidates');
    expect(page).toContain('€49.00');

    const before = receiver.received.length;
    const response = await pressButton(session.url!, 'Pay');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://localhost:3000/#/companies/company-1/confirm-checkout?session=${session.id}`);
    // The page waited for the event's first delivery before redirecting: the app has it already.
    const [completed] = receivedSince(before);
    expect(completed).toMatchObject({ type: 'checkout.session.completed', object: 'event', livemode: false, api_version: Stripe.API_VERSION });
    expect(completed!.id).toMatch(/^evt_/);
    expect(completed!.data.object).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      metadata: { companyId: 'company-1', kind: 'pack' },
    });

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(retrieved).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(retrieved.payment_intent).toMatch(/^pi_/);
    expect(retrieved.line_items!.data).toMatchObject([{ object: 'item', quantity: 1, amount_total: 4900, price: { id: packPrice.id } }]);
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data.map((item) => item.price!.id)).toEqual([packPrice.id]);
    expect(await (await fetch(session.url!)).text()).toContain('This checkout is complete');
  });

  it('a declined card changes nothing: the page says so and only payment_intent.payment_failed is sent', async () => {
    const session = await packSession();
    const before = receiver.received.length;
    const response = await pressButton(session.url!, 'Decline card');
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/<p role="alert">Your card was declined\.<\/p>/);
    expect(typesOf(receivedSince(before))).toEqual(['payment_intent.payment_failed']);
    expect(receivedSince(before)[0]!.data.object).toMatchObject({
      object: 'payment_intent',
      status: 'requires_payment_method',
      metadata: { companyId: 'company-1' },
    });
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'open', payment_status: 'unpaid' });

    const cancel = await pressButton(session.url!, 'Cancel');
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe('http://localhost:3000/#/settings/billing');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    await local.webhooksIdle();
    expect(typesOf(receivedSince(before))).not.toContain('checkout.session.completed');
  });

  it('a subscription: checkout sends created/completed/paid; the portal cancels at period end, and ending the period deletes it', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: monthlyPrice.id, quantity: 1 }],
      success_url: 'http://localhost:3000/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/cancelled',
      subscription_data: { metadata: { companyId: 'company-1' } },
    });
    expect(session).toMatchObject({ mode: 'subscription', amount_total: 2900, subscription: null });
    expect(await (await fetch(session.url!)).text()).toContain('€29.00 per month');

    let before = receiver.received.length;
    expect((await pressButton(session.url!, 'Pay')).status).toBe(303);
    const events = receivedSince(before);
    expect(typesOf(events)).toEqual(['customer.subscription.created', 'checkout.session.completed', 'invoice.paid']);
    const subscriptionId = (events[0]!.data.object as Stripe.Subscription).id;
    expect(subscriptionId).toMatch(/^sub_/);
    expect(events[1]!.data.object).toMatchObject({ subscription: subscriptionId, status: 'complete' });
    expect(events[2]!.data.object).toMatchObject({
      object: 'invoice',
      status: 'paid',
      amount_paid: 2900,
      parent: { subscription_details: { subscription: subscriptionId, metadata: { companyId: 'company-1' } } },
    });

    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({
      status: 'active',
      customer: customer.id,
      cancel_at_period_end: false,
      canceled_at: null,
      metadata: { companyId: 'company-1' },
    });
    const [item] = subscription.items.data;
    expect(item!.price).toMatchObject({ id: monthlyPrice.id, object: 'price', unit_amount: 2900 });
    const days = (item!.current_period_end - item!.current_period_start) / 86_400;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect((subscription as unknown as { current_period_end: number }).current_period_end).toBe(item!.current_period_end);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'active' })).data.map((sub) => sub.id)).toEqual([subscriptionId]);

    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:3000/#/settings/billing' });
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer: customer.id, url: `${local.endpoint}/portal/${portal.id}` });
    expect(portal.id).toMatch(/^bps_/);
    const portalPage = await (await fetch(portal.url)).text();
    expect(portalPage).toContain('<h1>Billing portal</h1>');
    expect(portalPage).toContain('Starter');
    expect(portalPage).toContain('Renews on');
    expect(portalPage).toContain('href="http://localhost:3000/#/settings/billing"');

    before = receiver.received.length;
    const cancelled = await pressButton(portal.url, 'Cancel plan');
    expect(cancelled.status).toBe(303);
    const [updated] = receivedSince(before);
    expect(updated).toMatchObject({
      type: 'customer.subscription.updated',
      data: { object: { id: subscriptionId, cancel_at_period_end: true, status: 'active' }, previous_attributes: { cancel_at_period_end: false } },
    });
    expect(await (await fetch(new URL(cancelled.headers.get('location')!, portal.url))).text()).toContain('Cancels on');

    before = receiver.received.length;
    expect((await pressButton(portal.url, 'End billing period')).status).toBe(303);
    expect(receivedSince(before)).toMatchObject([
      { type: 'customer.subscription.deleted', data: { object: { id: subscriptionId, status: 'canceled' } } },
    ]);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect(await (await fetch(portal.url)).text()).toContain('You have no active subscriptions.');
  });

  it('switching plan, renewing, failing a payment and cancelling, in the portal and through the API', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: monthlyPrice.id, quantity: 1 }],
      success_url: 'http://localhost:3000/done',
    });
    await pressButton(session.url!, 'Pay');
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });

    let before = receiver.received.length;
    expect((await pressButton(portal.url, 'Switch plan', { price: yearlyPrice.id })).status).toBe(303);
    expect(typesOf(receivedSince(before))).toEqual(['customer.subscription.updated', 'invoice.paid']);
    const switched = await stripe.subscriptions.retrieve(subscriptionId);
    expect(switched.items.data[0]!.price.id).toBe(yearlyPrice.id);
    expect((switched.items.data[0]!.current_period_end - switched.items.data[0]!.current_period_start) / 86_400).toBeGreaterThanOrEqual(365);

    before = receiver.received.length;
    await pressButton(portal.url, 'End billing period');
    expect(typesOf(receivedSince(before))).toEqual(['customer.subscription.updated', 'invoice.paid']);

    before = receiver.received.length;
    await pressButton(portal.url, 'Fail next payment');
    expect(typesOf(receivedSince(before))).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect(receivedSince(before)[1]!.data).toMatchObject({ object: { status: 'past_due' }, previous_attributes: { status: 'active' } });

    before = receiver.received.length;
    const viaApi = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: switched.items.data[0]!.id, price: monthlyPrice.id }],
      proration_behavior: 'none',
    });
    expect(viaApi.items.data[0]!.price.id).toBe(monthlyPrice.id);
    const cancelled = await stripe.subscriptions.cancel(subscriptionId);
    expect(cancelled).toMatchObject({ status: 'canceled' });
    await local.webhooksIdle();
    const apiEvents = receivedSince(before);
    expect(typesOf(apiEvents)).toEqual(['customer.subscription.updated', 'invoice.paid', 'customer.subscription.deleted']);
    expect(apiEvents[0]!.request?.id).toMatch(/^req_/);
    await expect(stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('retries a delivery the receiver answered 500, with the same event, without holding the page up', async () => {
    const session = await packSession();
    const before = receiver.received.length;
    receiver.failNext.push(500);
    // The retry is held until the page has answered: a page that waited for it would never answer.
    let release = () => {};
    receiver.hold = new Promise<void>((resolve) => (release = resolve));
    const response = await pressButton(session.url!, 'Pay').finally(() => {
      receiver.hold = null;
      release();
    });
    expect(response.status).toBe(303);
    expect(receiver.attempts.slice(-1)).toEqual([{ id: expect.stringMatching(/^evt_/), status: 500 }]);
    expect(receivedSince(before)).toEqual([]);
    await local.webhooksIdle();
    const [delivered] = receivedSince(before);
    expect(delivered).toMatchObject({ type: 'checkout.session.completed', data: { object: { id: session.id } } });
    expect(receiver.attempts.filter((attempt) => attempt.id === delivered!.id).map((attempt) => attempt.status)).toEqual([500, 200]);
    expect(local.events().map((event) => event.id)).toContain(delivered!.id);
  }, 30_000); // a hang guard (a page that waited for the held retry would never answer), not a speed claim

  it('signs events so that a tampered body fails verification', async () => {
    const event = local.events().at(-1)!;
    const payload = JSON.stringify(event, null, 2);
    const { signatureHeader } = await import('../../lib/local/stripe/webhooks');
    const header = signatureHeader(payload, WEBHOOK_SECRET);
    expect(stripe.webhooks.constructEvent(payload, header, WEBHOOK_SECRET).id).toBe(event.id);
    expect(() => stripe.webhooks.constructEvent(payload.replace(event.id, 'evt_forged'), header, WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});

describe('Stripe stand-in: persistence', () => {
  it('keeps the account across a restart on the same data file', async () => {
    const file = path.join(dataDir, 'restart.json');
    const first = await startStripeLocal({ dataFile: file, webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
    const created = await sdk(first.endpoint).customers.create({ name: 'Persistent' });
    await first.stop();
    const second = await startStripeLocal({ dataFile: file, webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
    try {
      expect(((await sdk(second.endpoint).customers.retrieve(created.id)) as Stripe.Customer).name).toBe('Persistent');
    } finally {
      await second.stop();
    }
  });
});
