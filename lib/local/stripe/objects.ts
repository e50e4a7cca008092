import { StripeApiError } from './params';
import type {
  CheckoutSessionRecord,
  CustomerRecord,
  InvoiceRecord,
  PortalSessionRecord,
  PriceRecord,
  ProductRecord,
  StripeStore,
  SubscriptionRecord,
} from './store';

/**
 * The JSON Stripe answers with, rendered from the stand-in's records: the fields the API version
 * of the `stripe` SDK documents for each object (those the product can meet), `livemode: false`,
 * ids where Stripe gives ids and full objects where it nests them (a subscription item's price).
 */
export type StripeObject = Record<string, unknown>;

export const productObject = (product: ProductRecord): StripeObject => ({
  id: product.id,
  object: 'product',
  active: product.active,
  created: product.created,
  default_price: null,
  description: product.description,
  images: [],
  livemode: false,
  marketing_features: [],
  metadata: product.metadata,
  name: product.name,
  package_dimensions: null,
  shippable: null,
  statement_descriptor: null,
  tax_code: null,
  type: 'service',
  unit_label: null,
  updated: product.updated,
  url: null,
});

export const priceObject = (price: PriceRecord): StripeObject => ({
  id: price.id,
  object: 'price',
  active: price.active,
  billing_scheme: 'per_unit',
  created: price.created,
  currency: price.currency,
  custom_unit_amount: null,
  livemode: false,
  lookup_key: price.lookup_key,
  metadata: price.metadata,
  nickname: price.nickname,
  product: price.product,
  recurring: price.recurring
    ? {
        interval: price.recurring.interval,
        interval_count: price.recurring.interval_count,
        meter: null,
        trial_period_days: null,
        usage_type: 'licensed',
      }
    : null,
  tax_behavior: 'unspecified',
  tiers_mode: null,
  transform_quantity: null,
  type: price.recurring ? 'recurring' : 'one_time',
  unit_amount: price.unit_amount,
  unit_amount_decimal: String(price.unit_amount),
});

export const customerObject = (customer: CustomerRecord): StripeObject => ({
  id: customer.id,
  object: 'customer',
  address: null,
  balance: 0,
  created: customer.created,
  currency: null,
  default_source: null,
  delinquent: false,
  description: null,
  email: customer.email,
  invoice_prefix: customer.id.slice(4, 12).toUpperCase(),
  invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
  livemode: false,
  metadata: customer.metadata,
  name: customer.name,
  phone: null,
  preferred_locales: [],
  shipping: null,
  tax_exempt: 'none',
  test_clock: null,
});

const priceOf = (store: StripeStore, id: string): PriceRecord => {
  const price = store.prices.get(id);
  if (!price) throw new Error(`The stand-in's data refers to a price it does not have: ${id}`);
  return price;
};

export const listObject = (data: StripeObject[], url: string, hasMore = false): StripeObject => ({ object: 'list', data, has_more: hasMore, url });

export const lineItemsList = (store: StripeStore, session: CheckoutSessionRecord): StripeObject =>
  listObject(
    session.line_items.map((item) => {
      const price = priceOf(store, item.price);
      const amount = price.unit_amount * item.quantity;
      return {
        id: item.id,
        object: 'item',
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency: price.currency,
        description: store.products.get(price.product)?.name ?? null,
        price: priceObject(price),
        quantity: item.quantity,
      };
    }),
    `/v1/checkout/sessions/${session.id}/line_items`,
  );

export const sessionTotal = (store: StripeStore, session: CheckoutSessionRecord): number =>
  session.line_items.reduce((sum, item) => sum + priceOf(store, item.price).unit_amount * item.quantity, 0);

export const checkoutSessionObject = (store: StripeStore, session: CheckoutSessionRecord, endpoint: string): StripeObject => {
  const customer = session.customer ? store.customers.get(session.customer) : undefined;
  const total = sessionTotal(store, session);
  const complete = session.status === 'complete';
  return {
    id: session.id,
    object: 'checkout.session',
    amount_subtotal: total,
    amount_total: total,
    billing_address_collection: null,
    cancel_url: session.cancel_url,
    client_reference_id: session.client_reference_id,
    created: session.created,
    currency: session.currency,
    customer: session.customer,
    customer_creation: session.mode === 'subscription' ? 'always' : 'if_required',
    customer_details: complete
      ? { email: customer?.email ?? session.customer_email, name: customer?.name ?? null, phone: null, tax_exempt: 'none' }
      : null,
    customer_email: session.customer_email,
    expires_at: session.expires_at,
    invoice: session.invoice,
    livemode: false,
    locale: null,
    metadata: session.metadata,
    mode: session.mode,
    payment_intent: session.payment_intent,
    payment_method_types: ['card'],
    payment_status: session.payment_status,
    status: session.status,
    submit_type: null,
    subscription: session.subscription,
    success_url: session.success_url,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    // Stripe gives the hosted page's URL only while the session can still be paid.
    url: session.status === 'open' ? `${endpoint}/checkout/${session.id}` : null,
  };
};

export const portalSessionObject = (session: PortalSessionRecord, endpoint: string): StripeObject => ({
  id: session.id,
  object: 'billing_portal.session',
  configuration: 'bpc_local',
  created: session.created,
  customer: session.customer,
  flow: null,
  livemode: false,
  locale: null,
  on_behalf_of: null,
  return_url: session.return_url,
  url: `${endpoint}/portal/${session.id}`,
});

export const subscriptionObject = (store: StripeStore, subscription: SubscriptionRecord): StripeObject => ({
  id: subscription.id,
  object: 'subscription',
  application: null,
  billing_cycle_anchor: subscription.billing_cycle_anchor,
  cancel_at: subscription.cancel_at_period_end ? subscription.current_period_end : null,
  cancel_at_period_end: subscription.cancel_at_period_end,
  canceled_at: subscription.canceled_at,
  cancellation_details: { comment: null, feedback: null, reason: subscription.cancellation_reason },
  collection_method: 'charge_automatically',
  created: subscription.created,
  currency: subscription.currency,
  // Stripe moved the period to the items in API version 2025-03-31; the top-level copy stays for
  // code written against older versions.
  current_period_end: subscription.current_period_end,
  current_period_start: subscription.current_period_start,
  customer: subscription.customer,
  days_until_due: null,
  default_payment_method: null,
  description: null,
  discounts: [],
  ended_at: subscription.ended_at,
  items: listObject(
    subscription.items.map((item) => ({
      id: item.id,
      object: 'subscription_item',
      created: item.created,
      current_period_end: subscription.current_period_end,
      current_period_start: subscription.current_period_start,
      discounts: [],
      metadata: {},
      price: priceObject(priceOf(store, item.price)),
      quantity: item.quantity,
      subscription: subscription.id,
      tax_rates: [],
    })),
    `/v1/subscription_items?subscription=${subscription.id}`,
  ),
  latest_invoice: subscription.latest_invoice,
  livemode: false,
  metadata: subscription.metadata,
  pending_update: null,
  schedule: null,
  start_date: subscription.created,
  status: subscription.status,
  test_clock: null,
  trial_end: null,
  trial_start: null,
});

export const invoiceObject = (store: StripeStore, invoice: InvoiceRecord): StripeObject => {
  const total = invoice.lines.reduce((sum, line) => sum + priceOf(store, line.price).unit_amount * line.quantity, 0);
  const paid = invoice.status === 'paid';
  return {
    id: invoice.id,
    object: 'invoice',
    amount_due: total,
    amount_paid: paid ? total : 0,
    amount_remaining: paid ? 0 : total,
    attempt_count: invoice.attempt_count,
    attempted: invoice.attempt_count > 0,
    billing_reason: invoice.billing_reason,
    collection_method: 'charge_automatically',
    created: invoice.created,
    currency: invoice.currency,
    customer: invoice.customer,
    lines: listObject(
      invoice.lines.map((line) => {
        const price = priceOf(store, line.price);
        return {
          id: line.id,
          object: 'line_item',
          amount: price.unit_amount * line.quantity,
          currency: price.currency,
          description: `${line.quantity} × ${store.products.get(price.product)?.name ?? price.product}`,
          invoice: invoice.id,
          livemode: false,
          metadata: {},
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: false,
              subscription: invoice.subscription,
              subscription_item: line.subscription_item,
            },
          },
          period: { end: line.period_end, start: line.period_start },
          pricing: {
            type: 'price_details',
            price_details: { price: price.id, product: price.product },
            unit_amount_decimal: String(price.unit_amount),
          },
          quantity: line.quantity,
        };
      }),
      `/v1/invoices/${invoice.id}/lines`,
    ),
    livemode: false,
    metadata: {},
    number: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: invoice.subscription_metadata, subscription: invoice.subscription },
    },
    period_end: invoice.period_end,
    period_start: invoice.period_start,
    status: invoice.status,
    status_transitions: { finalized_at: invoice.created, marked_uncollectible_at: null, paid_at: invoice.paid_at, voided_at: null },
    subtotal: total,
    total,
  };
};

/**
 * `expand[]`: replaces the ids at each dotted path with their objects (`data.product` through a
 * list; `line_items` on a checkout session, which Stripe includes only when asked).
 */
export const expand = (store: StripeStore, object: StripeObject, paths: string[]): StripeObject => {
  const resolvers: Record<string, (id: string) => StripeObject | undefined> = {
    product: (id) => {
      const product = store.products.get(id);
      return product && productObject(product);
    },
    price: (id) => {
      const price = store.prices.get(id);
      return price && priceObject(price);
    },
    customer: (id) => {
      const customer = store.customers.get(id);
      return customer && customerObject(customer);
    },
    subscription: (id) => {
      const subscription = store.subscriptions.get(id);
      return subscription && subscriptionObject(store, subscription);
    },
    invoice: (id) => {
      const invoice = store.invoices.get(id);
      return invoice && invoiceObject(store, invoice);
    },
  };
  resolvers.latest_invoice = resolvers.invoice!;
  const walk = (target: StripeObject, segments: string[], path: string) => {
    const [head, ...rest] = segments as [string, ...string[]];
    if (target.object === 'list' && head === 'data' && rest.length > 0) {
      for (const item of target.data as StripeObject[]) walk(item, rest, path);
      return;
    }
    if (head === 'line_items' && target.object === 'checkout.session') {
      const session = store.checkoutSessions.get(target.id as string);
      if (session) target.line_items = lineItemsList(store, session);
    } else if (typeof target[head] === 'string') {
      const resolved = resolvers[head]?.(target[head]);
      if (!resolved) throw new StripeApiError(400, `This property cannot be expanded (${path}).`, { param: 'expand' });
      target[head] = resolved;
    } else if (!(head in target) || (target[head] !== null && typeof target[head] !== 'object')) {
      throw new StripeApiError(400, `This property cannot be expanded (${path}).`, { param: 'expand' });
    }
    const next = target[head];
    if (rest.length > 0 && next && typeof next === 'object') walk(next as StripeObject, rest, path);
  };
  for (const path of paths) {
    if (path.split('.').length > 4)
      throw new StripeApiError(400, `You cannot expand more than 4 levels of a property (${path}).`, { param: 'expand' });
    walk(object, path.split('.'), path);
  }
  return object;
};
