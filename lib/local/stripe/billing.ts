import Stripe from 'stripe';
import { checkoutSessionObject, invoiceObject, sessionTotal, subscriptionObject, type StripeObject } from './objects';
import { StripeApiError, noSuch } from './params';
import {
  newId,
  unixNow,
  type CheckoutSessionRecord,
  type Interval,
  type InvoiceRecord,
  type StripeEvent,
  type StripeStore,
  type SubscriptionRecord,
} from './store';
import type { WebhookDelivery } from './webhooks';

/**
 * What happens in the account when a customer pays, is declined, changes or cancels a plan, or a
 * billing period ends: the records change as Stripe's would, and each change yields the events
 * Stripe sends for it (a snapshot of the object, and for updates the attributes it had before).
 */
export type RequestInfo = StripeEvent['request'];
const NO_REQUEST: RequestInfo = { id: null, idempotency_key: null };

/** `start` plus `count` intervals; months clamp to the month's last day as Stripe's billing does. */
export const addInterval = (start: number, interval: Interval, count: number): number => {
  const date = new Date(start * 1000);
  if (interval === 'day' || interval === 'week') return start + count * (interval === 'day' ? 1 : 7) * 86_400;
  const months = interval === 'year' ? 12 * count : count;
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  return Math.floor(target.getTime() / 1000);
};

/** The top-level attributes that differ, with their former values (an event's `previous_attributes`). */
const changes = (before: StripeObject, after: StripeObject): StripeObject =>
  Object.fromEntries(
    Object.keys(before)
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => [key, before[key]]),
  );

export class StripeAccount {
  constructor(
    readonly store: StripeStore,
    readonly endpoint: string,
    private readonly delivery: WebhookDelivery,
  ) {}

  private event(type: string, object: StripeObject, request: RequestInfo, previous?: StripeObject): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt_'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: unixNow(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: structuredClone(previous) } : {}) },
    };
    this.store.events.push(event);
    return event;
  }

  /** Saves the account and queues the events; resolves when each has had its first delivery attempt. */
  commit(events: StripeEvent[]): Promise<void> {
    this.store.save();
    return events.length > 0 ? this.delivery.send(events) : Promise.resolve();
  }

  subscription(id: string): SubscriptionRecord {
    const subscription = this.store.subscriptions.get(id);
    if (!subscription) throw noSuch('subscription', id);
    return subscription;
  }

  private subscriptionChange(subscription: SubscriptionRecord, change: () => void, request: RequestInfo): StripeEvent {
    const before = subscriptionObject(this.store, subscription);
    change();
    const after = subscriptionObject(this.store, subscription);
    return this.event('customer.subscription.updated', after, request, changes(before, after));
  }

  private invoice(subscription: SubscriptionRecord, reason: InvoiceRecord['billing_reason'], paid: boolean): InvoiceRecord {
    const now = unixNow();
    const invoice: InvoiceRecord = {
      id: newId('in_'),
      created: now,
      customer: subscription.customer,
      subscription: subscription.id,
      currency: subscription.currency,
      billing_reason: reason,
      status: paid ? 'paid' : 'open',
      period_start: reason === 'subscription_create' ? now : subscription.current_period_start,
      period_end: reason === 'subscription_create' ? now : subscription.current_period_end,
      lines: subscription.items.map((item) => ({
        id: newId('il_'),
        price: item.price,
        quantity: item.quantity,
        subscription_item: item.id,
        period_start: subscription.current_period_start,
        period_end: subscription.current_period_end,
      })),
      attempt_count: 1,
      paid_at: paid ? now : null,
      subscription_metadata: { ...subscription.metadata },
    };
    this.store.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  private recurringOf(subscription: SubscriptionRecord) {
    const recurring = this.store.prices.get(subscription.items[0]!.price)?.recurring;
    if (!recurring) throw new Error(`Subscription ${subscription.id} has no recurring price`);
    return recurring;
  }

  /** Starts a new billing period now (a renewal, or a change of interval). */
  private newPeriod(subscription: SubscriptionRecord) {
    const { interval, interval_count } = this.recurringOf(subscription);
    const now = unixNow();
    subscription.current_period_start = now;
    subscription.current_period_end = addInterval(now, interval, interval_count);
    subscription.billing_cycle_anchor = now;
  }

  /** Open sessions past their `expires_at` expire, as Stripe's do after 24 hours. */
  expireSessions(): StripeEvent[] {
    const now = unixNow();
    return [...this.store.checkoutSessions.values()]
      .filter((session) => session.status === 'open' && session.expires_at <= now)
      .map((session) => {
        session.status = 'expired';
        return this.event('checkout.session.expired', checkoutSessionObject(this.store, session, this.endpoint), NO_REQUEST);
      });
  }

  /** Pay on the hosted page: a paid session, and in subscription mode the subscription and its first invoice. */
  completeCheckout(session: CheckoutSessionRecord): StripeEvent[] {
    const events: StripeEvent[] = [];
    const now = unixNow();
    if (session.mode === 'subscription') {
      if (!session.customer) {
        const customer = { id: newId('cus_', 14), created: now, name: null, email: session.customer_email, metadata: {} };
        this.store.customers.set(customer.id, customer);
        session.customer = customer.id;
      }
      const subscription: SubscriptionRecord = {
        id: newId('sub_'),
        created: now,
        customer: session.customer,
        currency: session.currency,
        status: 'active',
        items: session.line_items.map((item) => ({ id: newId('si_', 14), created: now, price: item.price, quantity: item.quantity })),
        current_period_start: now,
        current_period_end: now,
        billing_cycle_anchor: now,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        cancellation_reason: null,
        metadata: { ...session.subscription_metadata },
        latest_invoice: null,
      };
      this.newPeriod(subscription);
      this.store.subscriptions.set(subscription.id, subscription);
      const invoice = this.invoice(subscription, 'subscription_create', true);
      session.subscription = subscription.id;
      session.invoice = invoice.id;
      events.push(this.event('customer.subscription.created', subscriptionObject(this.store, subscription), NO_REQUEST));
      session.status = 'complete';
      session.payment_status = 'paid';
      events.push(this.event('checkout.session.completed', checkoutSessionObject(this.store, session, this.endpoint), NO_REQUEST));
      events.push(this.event('invoice.paid', invoiceObject(this.store, invoice), NO_REQUEST));
      return events;
    }
    session.payment_intent ??= newId('pi_');
    session.status = 'complete';
    session.payment_status = 'paid';
    events.push(this.event('checkout.session.completed', checkoutSessionObject(this.store, session, this.endpoint), NO_REQUEST));
    return events;
  }

  /** Decline card on the hosted page: nothing changes but the failed payment attempt. */
  declineCheckout(session: CheckoutSessionRecord): StripeEvent[] {
    if (session.mode === 'payment') session.payment_intent ??= newId('pi_');
    const paymentIntent: StripeObject = {
      id: session.payment_intent ?? newId('pi_'),
      object: 'payment_intent',
      amount: sessionTotal(this.store, session),
      amount_received: 0,
      canceled_at: null,
      capture_method: 'automatic_async',
      confirmation_method: 'automatic',
      created: unixNow(),
      currency: session.currency,
      customer: session.customer,
      description: null,
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
      livemode: false,
      metadata: session.mode === 'payment' ? { ...session.payment_intent_metadata } : {},
      payment_method: null,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
    };
    return [this.event('payment_intent.payment_failed', paymentIntent, NO_REQUEST)];
  }

  setCancelAtPeriodEnd(subscription: SubscriptionRecord, cancel: boolean, request: RequestInfo = NO_REQUEST): StripeEvent[] {
    if (subscription.cancel_at_period_end === cancel) return [];
    return [
      this.subscriptionChange(
        subscription,
        () => {
          subscription.cancel_at_period_end = cancel;
          subscription.canceled_at = cancel ? unixNow() : null;
          subscription.cancellation_reason = cancel ? 'cancellation_requested' : null;
        },
        request,
      ),
    ];
  }

  updateMetadata(subscription: SubscriptionRecord, metadata: Record<string, string>, request: RequestInfo = NO_REQUEST): StripeEvent[] {
    if (JSON.stringify(metadata) === JSON.stringify(subscription.metadata)) return [];
    return [this.subscriptionChange(subscription, () => (subscription.metadata = metadata), request)];
  }

  /** Moves the subscription's item to another recurring price in its currency; another interval starts a new, invoiced period. */
  switchPrice(
    subscription: SubscriptionRecord,
    itemId: string,
    priceId: string,
    request: RequestInfo = NO_REQUEST,
    param = 'items[0][price]',
  ): StripeEvent[] {
    const item = subscription.items.find((candidate) => candidate.id === itemId);
    if (!item) throw noSuch('subscription item', itemId, 'items[0][id]');
    const price = this.store.prices.get(priceId);
    if (!price) throw noSuch('price', priceId, param);
    if (!price.active) throw new StripeApiError(400, `The price specified is inactive. This field only accepts active prices.`, { param });
    if (!price.recurring)
      throw new StripeApiError(400, `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`, {
        param,
      });
    if (price.currency !== subscription.currency) {
      throw new StripeApiError(
        400,
        `The price specified uses currency \`${price.currency}\` but the subscription uses \`${subscription.currency}\`.`,
        { param },
      );
    }
    if (subscription.status === 'canceled')
      throw new StripeApiError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
    if (item.price === priceId) return [];
    const current = this.recurringOf(subscription);
    const newInterval = current.interval !== price.recurring.interval || current.interval_count !== price.recurring.interval_count;
    let invoice: InvoiceRecord | undefined;
    const updated = this.subscriptionChange(
      subscription,
      () => {
        item.price = priceId;
        if (newInterval) {
          this.newPeriod(subscription);
          invoice = this.invoice(subscription, 'subscription_update', true);
        }
      },
      request,
    );
    return invoice ? [updated, this.event('invoice.paid', invoiceObject(this.store, invoice), NO_REQUEST)] : [updated];
  }

  cancelNow(subscription: SubscriptionRecord, request: RequestInfo = NO_REQUEST): StripeEvent[] {
    if (subscription.status === 'canceled') return [];
    const now = unixNow();
    subscription.status = 'canceled';
    subscription.ended_at = now;
    subscription.canceled_at ??= now;
    subscription.cancellation_reason ??= 'cancellation_requested';
    return [this.event('customer.subscription.deleted', subscriptionObject(this.store, subscription), request)];
  }

  /** A test-clock step to the end of the period: the subscription ends if it was cancelled at period end, else renews. */
  endPeriod(subscription: SubscriptionRecord): StripeEvent[] {
    if (subscription.status === 'canceled') return [];
    if (subscription.cancel_at_period_end) {
      subscription.status = 'canceled';
      subscription.ended_at = unixNow();
      return [this.event('customer.subscription.deleted', subscriptionObject(this.store, subscription), NO_REQUEST)];
    }
    let invoice: InvoiceRecord | undefined;
    const updated = this.subscriptionChange(
      subscription,
      () => {
        this.newPeriod(subscription);
        invoice = this.invoice(subscription, 'subscription_cycle', true);
        subscription.status = 'active';
      },
      NO_REQUEST,
    );
    return [updated, this.event('invoice.paid', invoiceObject(this.store, invoice!), NO_REQUEST)];
  }

  /** The renewal's payment fails: a new period whose invoice stays open, and the subscription past due. */
  failNextPayment(subscription: SubscriptionRecord): StripeEvent[] {
    if (subscription.status !== 'active' || subscription.cancel_at_period_end) return [];
    const before = subscriptionObject(this.store, subscription);
    this.newPeriod(subscription);
    const invoice = this.invoice(subscription, 'subscription_cycle', false);
    subscription.status = 'past_due';
    const after = subscriptionObject(this.store, subscription);
    return [
      this.event('invoice.payment_failed', invoiceObject(this.store, invoice), NO_REQUEST),
      this.event('customer.subscription.updated', after, NO_REQUEST, changes(before, after)),
    ];
  }

  /** A past-due subscription's open invoice is paid on retry: active again. */
  retryPayment(subscription: SubscriptionRecord): StripeEvent[] {
    const invoice = subscription.latest_invoice ? this.store.invoices.get(subscription.latest_invoice) : undefined;
    if (subscription.status !== 'past_due' || !invoice || invoice.status !== 'open') return [];
    invoice.status = 'paid';
    invoice.paid_at = unixNow();
    invoice.attempt_count += 1;
    const paid = this.event('invoice.paid', invoiceObject(this.store, invoice), NO_REQUEST);
    return [paid, this.subscriptionChange(subscription, () => (subscription.status = 'active'), NO_REQUEST)];
  }
}
