import type { StripeAccount } from './billing';
import { checkoutSessionObject, portalSessionObject, subscriptionObject } from './objects';
import { StripeApiError, bool, int, list, metadataUpdate, missingParam, noSuch, oneOf, onlyKnown, str } from './params';
import { newId, unixNow, type CheckoutSessionRecord, type LineItemRecord, type PriceRecord, type StripeEvent } from './store';
import { customer } from './api-catalog';
import { newestFirst, page, read, urlParam, wrote, type Handler } from './api-support';

/** Payments: Checkout Sessions, billing portal sessions and subscriptions. */
export const createCheckoutSession: Handler = (account, { params }) => {
  onlyKnown(params, [
    'mode',
    'customer',
    'customer_email',
    'line_items.*.price',
    'line_items.*.quantity',
    'success_url',
    'cancel_url',
    'client_reference_id',
    'metadata',
    'subscription_data.metadata',
    'payment_intent_data.metadata',
    'currency',
  ]);
  const mode = oneOf(params, 'mode', ['payment', 'subscription'], { required: true })!;
  const customerId = str(params, 'customer') || null;
  const customerEmail = str(params, 'customer_email') || null;
  if (customerId && customerEmail)
    throw new StripeApiError(400, 'You may only specify one of these parameters: customer, customer_email.', { param: 'customer_email' });
  if (customerId) customer(account, customerId, 'customer');
  if (mode === 'payment' && params.subscription_data !== undefined)
    throw new StripeApiError(400, 'You can not pass `subscription_data` in `payment` mode.', { param: 'subscription_data' });
  if (mode === 'subscription' && params.payment_intent_data !== undefined) {
    throw new StripeApiError(400, 'You can not pass `payment_intent_data` in `subscription` mode.', { param: 'payment_intent_data' });
  }
  const items = list(params, 'line_items');
  if (!items || items.length === 0) throw missingParam('line_items');
  const lineItems: LineItemRecord[] = [];
  const prices: PriceRecord[] = [];
  items.forEach((_, i) => {
    const priceId = str(params, `line_items.${i}.price`);
    if (!priceId) throw missingParam(`line_items[${i}][price]`);
    const record = account.store.prices.get(priceId);
    if (!record) throw noSuch('price', priceId, `line_items[${i}][price]`);
    if (!record.active)
      throw new StripeApiError(400, 'The price specified is inactive. This field only accepts active prices.', { param: `line_items[${i}][price]` });
    const quantity = int(params, `line_items.${i}.quantity`, { min: 1, max: 999_999 });
    if (quantity === undefined)
      throw new StripeApiError(400, `Quantity is required. Add \`quantity\` to \`line_items[${i}]\``, { param: `line_items[${i}][quantity]` });
    if (mode === 'payment' && record.recurring) {
      throw new StripeApiError(
        400,
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        {
          param: `line_items[${i}]`,
        },
      );
    }
    if (prices[0] && prices[0].currency !== record.currency)
      throw new StripeApiError(400, 'Line items must all have the same currency.', { param: `line_items[${i}][price]` });
    prices.push(record);
    lineItems.push({ id: newId('li_'), price: priceId, quantity });
  });
  if (mode === 'subscription') {
    if (!prices.some((record) => record.recurring)) {
      throw new StripeApiError(400, 'You must provide at least one recurring price in `subscription` mode when using prices.', {
        param: 'line_items',
      });
    }
    const oneTime = prices.findIndex((record) => !record.recurring);
    if (oneTime >= 0) {
      throw new StripeApiError(
        400,
        'The local Stripe stand-in takes only recurring prices in `subscription` mode (Stripe adds one-time prices to the first invoice).',
        {
          param: `line_items[${oneTime}][price]`,
        },
      );
    }
    const [first] = prices;
    if (
      prices.some(
        (record) =>
          record.recurring!.interval !== first!.recurring!.interval || record.recurring!.interval_count !== first!.recurring!.interval_count,
      )
    ) {
      throw new StripeApiError(400, 'All prices on a subscription must have the same `recurring.interval` and `recurring.interval_count`.', {
        param: 'line_items',
      });
    }
  }
  const now = unixNow();
  const session: CheckoutSessionRecord = {
    id: newId('cs_test_', 58),
    created: now,
    expires_at: now + 24 * 60 * 60,
    mode,
    customer: customerId,
    customer_email: customerEmail,
    line_items: lineItems,
    currency: prices[0]!.currency,
    success_url: urlParam(params, 'success_url'),
    cancel_url: urlParam(params, 'cancel_url'),
    client_reference_id: str(params, 'client_reference_id', { max: 200 }) || null,
    metadata: metadataUpdate(params, 'metadata') ?? {},
    subscription_metadata: metadataUpdate(params, 'subscription_data.metadata') ?? {},
    payment_intent_metadata: metadataUpdate(params, 'payment_intent_data.metadata') ?? {},
    status: 'open',
    payment_status: 'unpaid',
    payment_intent: null,
    subscription: null,
    invoice: null,
  };
  account.store.checkoutSessions.set(session.id, session);
  return wrote(checkoutSessionObject(account.store, session, account.endpoint));
};

export const checkoutSession = (account: StripeAccount, id: string) => {
  const found = account.store.checkoutSessions.get(id);
  if (!found) throw noSuch('checkout.session', id);
  return found;
};

export const createPortalSession: Handler = (account, { params }) => {
  onlyKnown(params, ['customer', 'return_url']);
  const customerId = str(params, 'customer', { required: true })!;
  customer(account, customerId, 'customer');
  const session = { id: newId('bps_'), created: unixNow(), customer: customerId, return_url: urlParam(params, 'return_url') };
  account.store.portalSessions.set(session.id, session);
  return wrote(portalSessionObject(session, account.endpoint));
};

const SUBSCRIPTION_STATUSES = [
  'active',
  'past_due',
  'canceled',
  'all',
  'ended',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'unpaid',
  'paused',
] as const;

export const listSubscriptions: Handler = (account, { params }) => {
  onlyKnown(params, ['customer', 'status', 'price', 'limit', 'starting_after', 'ending_before']);
  const customerId = str(params, 'customer');
  const status = oneOf(params, 'status', SUBSCRIPTION_STATUSES);
  const priceId = str(params, 'price');
  const matching = newestFirst(account.store.subscriptions.values()).filter(
    (record) =>
      (customerId === undefined || record.customer === customerId) &&
      (priceId === undefined || record.items.some((item) => item.price === priceId)) &&
      (status === 'all' ||
        (status === undefined && record.status !== 'canceled') ||
        (status === 'ended' && record.status === 'canceled') ||
        record.status === status),
  );
  return read(
    page(
      matching.map((record) => subscriptionObject(account.store, record)),
      params,
      '/v1/subscriptions',
    ),
  );
};

export const updateSubscription: Handler = (account, { params, request }, [id]) => {
  onlyKnown(params, ['cancel_at_period_end', 'items.*.id', 'items.*.price', 'metadata', 'proration_behavior']);
  const subscription = account.subscription(id!);
  oneOf(params, 'proration_behavior', ['always_invoice', 'create_prorations', 'none']);
  const cancelAtPeriodEnd = bool(params, 'cancel_at_period_end');
  const items = list(params, 'items') ?? [];
  if (subscription.status === 'canceled' && (cancelAtPeriodEnd !== undefined || items.length > 0)) {
    throw new StripeApiError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
  }
  const events: StripeEvent[] = [];
  items.forEach((_, i) => {
    const itemId = str(params, `items.${i}.id`);
    const priceId = str(params, `items.${i}.price`);
    if (!itemId)
      throw new StripeApiError(
        400,
        'The local Stripe stand-in keeps one item per subscription: change its price with `items[0][id]` and `items[0][price]`.',
        { param: `items[${i}][id]` },
      );
    if (priceId) events.push(...account.switchPrice(subscription, itemId, priceId, request, `items[${i}][price]`));
    else if (!subscription.items.some((item) => item.id === itemId)) throw noSuch('subscription item', itemId, `items[${i}][id]`);
  });
  if (cancelAtPeriodEnd !== undefined) events.push(...account.setCancelAtPeriodEnd(subscription, cancelAtPeriodEnd, request));
  const metadata = metadataUpdate(params, 'metadata', subscription.metadata);
  if (metadata) events.push(...account.updateMetadata(subscription, metadata, request));
  return wrote(subscriptionObject(account.store, subscription), events);
};

export const cancelSubscription: Handler = (account, { params, request }, [id]) => {
  onlyKnown(params, ['invoice_now', 'prorate']);
  const subscription = account.subscription(id!);
  const events = account.cancelNow(subscription, request);
  return wrote(subscriptionObject(account.store, subscription), events);
};
