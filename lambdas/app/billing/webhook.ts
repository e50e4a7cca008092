import { catalogPrice } from '../../contracts/billing-catalog';
import { subscriptionStatusAfter, type StoredSubscription } from '../../domain/company';
import { stripe, type Stripe } from '../../adapters/stripe';
import { applyCheckoutStatus, applyPackPurchase, applySubscription, getCheckout, type EventOutcome } from '../../data/billing';
import { getCompany } from '../../data/companies';
import { ConditionFailed } from '../../data/transaction';
import type { Logger } from '../../platform/logger';

/**
 * Applies one verified Stripe event, once. Packs add credits from the checkout we recorded (its
 * price was checked when it started). Subscription events do not trust their own snapshot: the
 * subscription is read from Stripe again, so events arriving out of order all end in its latest
 * state. Events of no interest are acknowledged and ignored.
 */
export type WebhookOutcome = EventOutcome | 'ignored';

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

const storedSubscription = (subscription: Stripe.Subscription): StoredSubscription => {
  const item = subscription.items.data[0];
  const entry = catalogPrice(item?.price.lookup_key);
  const periodEnd = item?.current_period_end;
  return {
    subscriptionId: subscription.id,
    status: subscription.status,
    tier: entry?.kind === 'subscription' ? entry.tier : null,
    interval: entry?.kind === 'subscription' ? entry.interval : null,
    currency: entry?.currency ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000).toISOString() : null,
  };
};

/** The company a subscription belongs to: named in its metadata when the checkout created it. */
const syncSubscription = async (
  event: Stripe.Event,
  subscriptionId: string,
  log: Logger,
  checkout?: { frontendReferenceId: string; companyId: string },
): Promise<WebhookOutcome> => {
  const subscription = await (await stripe()).subscriptions.retrieve(subscriptionId);
  const companyId = subscription.metadata?.companyId ?? checkout?.companyId;
  if (!companyId) {
    log.warn('subscription without a company; ignored', { subscriptionId });
    return 'ignored';
  }
  const next = storedSubscription(subscription);
  // Another event may change the company between the read and the write: decide again then.
  for (let attempt = 0; attempt < 3; attempt++) {
    const company = await getCompany(companyId);
    if (!company) return 'ignored';
    if (company.stripeCustomerId && company.stripeCustomerId !== idOf(subscription.customer)) {
      log.warn("subscription of another customer than the company's; ignored", { subscriptionId, companyId });
      return 'ignored';
    }
    try {
      return await applySubscription({
        eventId: event.id,
        eventType: event.type,
        companyId,
        expected: { subscriptionStatus: company.subscriptionStatus, subscriptionId: company.subscription?.subscriptionId ?? null },
        next: subscriptionStatusAfter(company, next),
        checkout: checkout && { frontendReferenceId: checkout.frontendReferenceId, status: 'completed' },
        now: new Date(),
      });
    } catch (error) {
      if (error instanceof ConditionFailed && error.step === 'company') continue;
      if (error instanceof ConditionFailed && error.step === 'checkout' && checkout) {
        checkout = undefined; // completed already: the subscription's state still applies
        continue;
      }
      throw error;
    }
  }
  throw new Error(`Subscription ${subscriptionId} kept changing while its event was applied`);
};

const completedCheckout = async (event: Stripe.Event, session: Stripe.Checkout.Session, log: Logger): Promise<WebhookOutcome> => {
  if (session.payment_status === 'unpaid') return 'ignored'; // a delayed payment method: its success event follows
  const checkout = session.client_reference_id ? await getCheckout(session.client_reference_id) : null;
  if (!checkout || checkout.sessionId !== session.id) {
    log.warn('checkout not started by this app; ignored', { sessionId: session.id });
    return 'ignored';
  }
  const price = catalogPrice(checkout.lookupKey);
  if (session.mode === 'subscription') {
    const subscriptionId = idOf(session.subscription);
    if (!subscriptionId) return 'ignored';
    return syncSubscription(event, subscriptionId, log, checkout);
  }
  if (price?.kind !== 'pack') {
    log.error('paid checkout without a pack price', { sessionId: session.id, lookupKey: checkout.lookupKey });
    return 'ignored';
  }
  try {
    return await applyPackPurchase({
      eventId: event.id,
      eventType: event.type,
      companyId: checkout.companyId,
      candidates: price.candidates,
      frontendReferenceId: checkout.frontendReferenceId,
      now: new Date(),
    });
  } catch (error) {
    // The checkout was completed by another event already (completed, then async_payment_succeeded).
    if (error instanceof ConditionFailed && error.step === 'checkout') return 'duplicate';
    throw error;
  }
};

const expiredCheckout = async (event: Stripe.Event, session: Stripe.Checkout.Session): Promise<WebhookOutcome> => {
  const checkout = session.client_reference_id ? await getCheckout(session.client_reference_id) : null;
  if (!checkout || checkout.sessionId !== session.id) return 'ignored';
  try {
    return await applyCheckoutStatus({
      eventId: event.id,
      eventType: event.type,
      companyId: checkout.companyId,
      frontendReferenceId: checkout.frontendReferenceId,
      status: 'expired',
      now: new Date(),
    });
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'checkout') return 'ignored'; // completed before it expired
    throw error;
  }
};

/** The subscription an invoice bills (where the API version puts it). */
const invoiceSubscription = (invoice: Stripe.Invoice): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription) ?? idOf((invoice as unknown as { subscription?: string | { id: string } }).subscription);

export const applyStripeEvent = async (event: Stripe.Event, log: Logger): Promise<WebhookOutcome> => {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return completedCheckout(event, event.data.object, log);
    case 'checkout.session.expired':
      return expiredCheckout(event, event.data.object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return syncSubscription(event, event.data.object.id, log);
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscription(event.data.object);
      return subscriptionId ? syncSubscription(event, subscriptionId, log) : 'ignored';
    }
    default:
      return 'ignored';
  }
};
