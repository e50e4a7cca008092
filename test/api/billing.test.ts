import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../lambdas/contracts/billing-catalog';
import { stripeConnection } from '../../lambdas/adapters/stripe';
import { keys } from '../../lambdas/data/keys';
import { baseUrl, call } from '../support/api';
import { registerAndSignIn, signIn, uniqueEmail } from '../support/accounts';
import { localDb, localEnv, updateCompany } from '../support/aws';
import { payOnStandIn, portalAction } from '../support/stripe';

/**
 * Billing against the local Stripe stand-in, through the real webhook route: checkouts for our
 * prices only, owner only, signatures checked over the raw body, and each event applied once.
 */
const WEBHOOK_SECRET = 'whsec_local_test';
const stripe = () => new Stripe('sk_test_local', stripeConnection(localEnv().STRIPE_API_URL));

const appUrl = (path: string) => `${baseUrl()}/#${path}`;

const priceId = async (sessionId: string, lookupKey: string): Promise<string> => {
  const { body } = await call('listPrices', { session: sessionId });
  const price = body.prices.find((p: { lookup_key: string }) => p.lookup_key === lookupKey);
  if (!price) throw new Error(`${lookupKey} is not on sale`);
  return price.price_id;
};

const startCheckout = async (owner: { sessionId: string; companyId: string }, lookupKey: string, reference = randomUUID()) => {
  const res = await call('createCheckoutSession', {
    session: owner.sessionId,
    body: {
      price_id: await priceId(owner.sessionId, lookupKey),
      company_id: owner.companyId,
      frontend_reference_id: reference,
      success_url: appUrl(`/companies/${owner.companyId}/confirm-checkout?frontendReferenceId=${reference}`),
      cancel_url: appUrl(`/companies/${owner.companyId}/positions`),
    },
  });
  return { res, reference };
};

const planStatus = async (owner: { sessionId: string; companyId: string }) =>
  (await call('getPlanStatus', { params: { companyId: owner.companyId }, session: owner.sessionId })).body;

/** Delivers an event to the webhook route as Stripe would, signed with `secret`. */
const deliver = (event: object, secret = WEBHOOK_SECRET, signature?: string) => {
  const payload = JSON.stringify(event);
  return call('handleStripeWebhook', {
    rawBody: payload,
    headers: { 'stripe-signature': signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
  });
};

const completedEvent = (sessionId: string, reference: string, eventId = `evt_${randomUUID().replaceAll('-', '')}`) => ({
  id: eventId,
  object: 'event',
  type: 'checkout.session.completed',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  api_version: Stripe.API_VERSION,
  data: {
    object: {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: reference,
    },
  },
});

describe('billing', () => {
  it('lists every price of the catalogue, as Stripe has them', async () => {
    const owner = await registerAndSignIn('Pricey');
    const { status, body } = await call('listPrices', { session: owner.sessionId });
    expect(status).toBe(200);
    expect(body.prices.map((p: { lookup_key: string; unit_amount: number }) => [p.lookup_key, p.unit_amount])).toEqual(
      catalog.map((price) => [price.lookupKey, price.unitAmount]),
    );
    expect(body.prices.find((p: { lookup_key: string }) => p.lookup_key === 'pack_10_eur')).toMatchObject({
      kind: 'pack',
      currency: 'eur',
      unit_amount: 4500,
      candidates: 10,
    });
  });

  it('buys a pack: the hosted page pays, the webhook adds its credits once and the checkout completes', async () => {
    const owner = await registerAndSignIn('Packs');
    const { res, reference } = await startCheckout(owner, 'pack_10_eur');
    expect(res.status).toBe(201);
    expect(res.body.url).toContain(res.body.session_id);
    expect((await call('getCheckoutSessionStatus', { params: { frontendReferenceId: reference }, session: owner.sessionId })).body).toEqual({
      session_id: res.body.session_id,
      checkout_session_status: 'open',
    });

    // A declined card changes nothing.
    await payOnStandIn(res.body.url, 'Decline card');
    expect((await planStatus(owner)).candidate_packs_status).toEqual({ allocated: 3, invited: 0, remaining: 3 });

    const landed = await payOnStandIn(res.body.url, 'Pay');
    expect(landed).toBe(appUrl(`/companies/${owner.companyId}/confirm-checkout?frontendReferenceId=${reference}`));
    await expect
      .poll(async () => (await call('getCheckoutSessionStatus', { params: { frontendReferenceId: reference }, session: owner.sessionId })).body)
      .toEqual({ session_id: res.body.session_id, checkout_session_status: 'completed' });
    expect(await planStatus(owner)).toEqual({
      subscription_status: 'not_subscribed',
      candidate_packs_status: { allocated: 13, invited: 0, remaining: 13 },
      subscription: null,
    });
  });

  it('applies the same event once, however often and however concurrently it is delivered', async () => {
    const owner = await registerAndSignIn('Replays');
    const { res, reference } = await startCheckout(owner, 'pack_20_usd');
    const event = completedEvent(res.body.session_id, reference);
    const concurrent = await Promise.all(Array.from({ length: 50 }, () => deliver(event)));
    const sequential = [];
    for (let i = 0; i < 50; i++) sequential.push(await deliver(event));
    expect([...concurrent, ...sequential].map((r) => r.status)).toEqual(Array(100).fill(200));
    expect((await planStatus(owner)).candidate_packs_status).toEqual({ allocated: 23, invited: 0, remaining: 23 });

    // Another event reporting the same paid checkout does not pay twice either.
    expect((await deliver(completedEvent(res.body.session_id, reference))).status).toBe(200);
    expect((await planStatus(owner)).candidate_packs_status.allocated).toBe(23);
  });

  it('records each event it applies, and an event id recorded before runs no effect (whatever guards the effect has)', async () => {
    const owner = await registerAndSignIn('Recorded');
    const eventItem = async (eventId: string) =>
      (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.stripeEvent(eventId), ConsistentRead: true }))).Item;
    const paid = await startCheckout(owner, 'pack_10_eur');
    const event = completedEvent(paid.res.body.session_id, paid.reference);
    expect((await deliver(event)).status).toBe(200);
    expect(await eventItem(event.id)).toMatchObject({ type: 'stripeEvent', eventType: 'checkout.session.completed' });
    expect((await planStatus(owner)).candidate_packs_status.allocated).toBe(13);

    // An open checkout, reported by an event whose id is already recorded: its own guard (the checkout
    // is not completed yet) would let the effect through, so only the event record can stop it.
    const open = await startCheckout(owner, 'pack_10_eur');
    const replayed = completedEvent(open.res.body.session_id, open.reference);
    await localDb().send(
      new PutCommand({
        TableName: localEnv().TABLE_NAME,
        Item: { ...keys.stripeEvent(replayed.id), type: 'stripeEvent', eventType: replayed.type, appliedAt: new Date().toISOString() },
      }),
    );
    expect((await deliver(replayed)).status).toBe(200);
    expect((await planStatus(owner)).candidate_packs_status.allocated).toBe(13);
    expect(
      (await call('getCheckoutSessionStatus', { params: { frontendReferenceId: open.reference }, session: owner.sessionId })).body
        .checkout_session_status,
    ).toBe('open');
  });

  it('refuses a missing or bad signature with a 400 and changes nothing', async () => {
    const owner = await registerAndSignIn('Forged');
    const { res, reference } = await startCheckout(owner, 'pack_40_gbp');
    const event = completedEvent(res.body.session_id, reference);

    const unsigned = await call('handleStripeWebhook', { rawBody: JSON.stringify(event) });
    expect(unsigned).toMatchObject({ status: 400, body: { code: 'missing_signature' } });
    expect(await deliver(event, 'whsec_someone_else')).toMatchObject({ status: 400, body: { code: 'invalid_signature' } });
    // A correctly signed body, then tampered with.
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await call('handleStripeWebhook', {
      rawBody: payload.replace('"paid"', '"paid" '),
      headers: { 'stripe-signature': signature },
    });
    expect(tampered).toMatchObject({ status: 400, body: { code: 'invalid_signature' } });
    expect((await deliver(event, WEBHOOK_SECRET, 'garbage')).status).toBe(400);

    expect((await planStatus(owner)).candidate_packs_status.allocated).toBe(3);
    expect(
      (await call('getCheckoutSessionStatus', { params: { frontendReferenceId: reference }, session: owner.sessionId })).body.checkout_session_status,
    ).toBe('open');
  });

  it('acknowledges events it does not handle and checkouts it did not start', async () => {
    const unknown = { ...completedEvent('cs_test_unknown', 'nobody'), type: 'customer.tax_id.created', data: { object: { id: 'txi_1' } } };
    expect(await deliver(unknown)).toMatchObject({ status: 200, body: { received: true } });
    expect((await deliver(completedEvent('cs_test_unknown', randomUUID()))).status).toBe(200);
  });

  it('accepts only our prices, only from the owner, and only return addresses into the app', async () => {
    const owner = await registerAndSignIn('Strict');
    const other = await registerAndSignIn('Elsewhere');
    const client = stripe();
    const product = await client.products.create({ name: 'One cent' });
    const foreign = await client.prices.create({ currency: 'usd', unit_amount: 1, product: product.id });
    const body = (price: string, extra: Record<string, string> = {}) => ({
      price_id: price,
      company_id: owner.companyId,
      frontend_reference_id: randomUUID(),
      success_url: appUrl('/companies'),
      cancel_url: appUrl('/companies'),
      ...extra,
    });
    expect(await call('createCheckoutSession', { session: owner.sessionId, body: body(foreign.id) })).toMatchObject({
      status: 400,
      body: { code: 'unknown_price' },
    });
    expect((await call('createCheckoutSession', { session: owner.sessionId, body: body('price_doesnotexist') })).status).toBe(400);
    const pack = await priceId(owner.sessionId, 'pack_10_usd');
    expect(
      await call('createCheckoutSession', { session: owner.sessionId, body: body(pack, { success_url: 'https://evil.example.com/' }) }),
    ).toMatchObject({ status: 400, body: { code: 'invalid_return_url' } });

    // Another company's owner sees nothing; a member who is not the owner is refused.
    expect((await call('createCheckoutSession', { session: other.sessionId, body: body(pack) })).status).toBe(404);
    expect(
      (await call('createPortalSession', { session: other.sessionId, body: { company_id: owner.companyId, return_url: appUrl('/') } })).status,
    ).toBe(404);
    const memberEmail = uniqueEmail('member');
    await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email: memberEmail } });
    const { mailTo } = await import('../support/accounts');
    const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec((await mailTo(memberEmail))[0]!.text)![1]!;
    await call('confirmMemberInvite', { body: { nonce } });
    const member = await signIn(memberEmail);
    expect((await call('createCheckoutSession', { session: member.sessionId, body: body(pack) })).status).toBe(403);
    expect(
      (await call('createPortalSession', { session: member.sessionId, body: { company_id: owner.companyId, return_url: appUrl('/') } })).status,
    ).toBe(403);

    // A checkout's status is the company's business.
    const { reference } = await startCheckout(owner, 'pack_10_usd');
    expect((await call('getCheckoutSessionStatus', { params: { frontendReferenceId: reference }, session: other.sessionId })).status).toBe(404);
    expect((await call('getCheckoutSessionStatus', { params: { frontendReferenceId: reference }, session: member.sessionId })).status).toBe(200);
  });

  it('subscribes, ignores stale events, cancels at period end and ends as pay-as-you-go', async () => {
    const owner = await registerAndSignIn('Subscriber');
    const { res } = await startCheckout(owner, 'subscription_medium_month_gbp');
    expect(res.status).toBe(201);
    await payOnStandIn(res.body.url, 'Pay');
    await expect.poll(async () => (await planStatus(owner)).subscription_status).toBe('subscribed');
    expect((await planStatus(owner)).subscription).toMatchObject({ tier: 'medium', interval: 'month', currency: 'gbp', cancel_at_period_end: false });

    // A second subscription is refused: plans change in the portal.
    const again = await startCheckout(owner, 'subscription_small_year_gbp');
    expect(again.res).toMatchObject({ status: 409, body: { code: 'already_subscribed' } });

    // A stale event (an old snapshot, delivered late) does not undo what Stripe says now.
    const [subscription] = (
      await stripe().subscriptions.list({ customer: (await stripe().checkout.sessions.retrieve(res.body.session_id)).customer as string })
    ).data;
    const stale = { ...completedEvent('x', 'x'), type: 'customer.subscription.updated', data: { object: { ...subscription, status: 'incomplete' } } };
    expect((await deliver(stale)).status).toBe(200);
    expect((await planStatus(owner)).subscription_status).toBe('subscribed');

    const portal = await call('createPortalSession', {
      session: owner.sessionId,
      body: { company_id: owner.companyId, return_url: appUrl('/companies') },
    });
    expect(portal.status).toBe(201);
    await portalAction(portal.body.redirect_url, 'Cancel plan');
    await expect.poll(async () => (await planStatus(owner)).subscription?.cancel_at_period_end).toBe(true);
    expect((await planStatus(owner)).subscription_status).toBe('subscribed');
    await portalAction(portal.body.redirect_url, 'End billing period');
    await expect.poll(async () => (await planStatus(owner)).subscription_status).toBe('not_subscribed');
    expect((await planStatus(owner)).subscription).toBeNull();

    // The active snapshot, replayed after the end, does not bring the plan back.
    const replay = { ...completedEvent('x', 'x'), type: 'customer.subscription.updated', data: { object: subscription } };
    expect((await deliver(replay)).status).toBe(200);
    expect((await planStatus(owner)).subscription_status).toBe('not_subscribed');
  });

  it('leaves a complimentary plan as it is', async () => {
    const owner = await registerAndSignIn('Friends');
    const { res, reference } = await startCheckout(owner, 'subscription_small_month_usd');
    await updateCompany(owner.companyId, 'SET subscriptionStatus = :s', { ':s': 'complimentary' });
    await payOnStandIn(res.body.url, 'Pay');
    await expect
      .poll(
        async () =>
          (await call('getCheckoutSessionStatus', { params: { frontendReferenceId: reference }, session: owner.sessionId })).body
            .checkout_session_status,
      )
      .toBe('completed');
    expect((await planStatus(owner)).subscription_status).toBe('complimentary');
  });
});
