import { appOrigin } from '../../platform/app-origin';
import { sha256 } from '../../platform/crypto';
import { stripe } from '../../adapters/stripe';
import { getCheckout, saveCheckout, setStripeCustomer } from '../../data/billing';
import type { Company } from '../../data/companies';
import { badRequest, conflict } from '../../platform/errors';
import { callerId, type Caller } from '../access/caller';
import { ownedCompany } from './owner';
import { priceOnSale } from './prices';

/** Where Stripe may send the browser back to: only into this app (no open redirect through us). */
const requireAppUrl = async (url: string, field: string): Promise<void> => {
  const origin = await appOrigin();
  if (new URL(url).origin !== new URL(origin).origin) throw badRequest(`${field} must be an address in this app.`, 'invalid_return_url');
};

/**
 * The company's one Stripe customer: created on first need with an idempotency key naming the
 * company, so two concurrent first checkouts get the same customer, and kept on the company.
 */
export const stripeCustomer = async (company: Company): Promise<string> => {
  if (company.stripeCustomerId) return company.stripeCustomerId;
  const client = await stripe();
  const customer = await client.customers.create(
    { name: company.companyName, metadata: { companyId: company.companyId } },
    { idempotencyKey: `customer-${company.companyId}` },
  );
  return setStripeCustomer(company.companyId, customer.id);
};

export interface StartCheckout {
  caller: Caller;
  companyId: string;
  priceId: string;
  frontendReferenceId: string;
  successUrl: string;
  cancelUrl: string;
}

/**
 * Starts a Stripe Checkout for one of our prices. A pack is a one-time payment; a subscription
 * needs the company not to have one already (the billing portal changes plans). The checkout is
 * recorded under the SPA's reference so its status page can follow it to completion. Everything
 * it checks is read together (the checkout reference alongside the session check), before its writes.
 */
export const startCheckout = async (input: StartCheckout): Promise<{ sessionId: string; url: string }> => {
  const userId = callerId(input.caller);
  const [company, price, taken] = await Promise.all([
    ownedCompany(input.companyId, input.caller),
    // Stripe is asked only for a signed-in caller.
    userId.then(() => priceOnSale(input.priceId)),
    getCheckout(input.frontendReferenceId),
    requireAppUrl(input.successUrl, 'success_url'),
    requireAppUrl(input.cancelUrl, 'cancel_url'),
  ]);
  if (!price) throw badRequest('That plan is not on sale. Reload the page and choose again.', 'unknown_price');
  if (price.kind === 'subscription' && company.subscriptionStatus !== 'not_subscribed') {
    throw conflict('Your company already has a plan. Change it in the billing portal.', 'already_subscribed');
  }
  if (taken && taken.companyId !== company.companyId) throw conflict('That checkout reference is already in use.', 'reference_taken');

  const customer = await stripeCustomer(company);
  const client = await stripe();
  const metadata = { companyId: company.companyId, frontendReferenceId: input.frontendReferenceId, lookupKey: price.lookupKey };
  const session = await client.checkout.sessions.create(
    {
      mode: price.kind === 'pack' ? 'payment' : 'subscription',
      customer,
      line_items: [{ price: input.priceId, quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: input.frontendReferenceId,
      metadata,
      ...(price.kind === 'subscription' ? { subscription_data: { metadata: { companyId: company.companyId } } } : {}),
    },
    // A retried request gets the same session; the same reference with other choices is refused.
    {
      idempotencyKey: `checkout-${company.companyId}-${input.frontendReferenceId}-${sha256(`${input.priceId} ${input.successUrl} ${input.cancelUrl}`).slice(0, 16)}`,
    },
  );
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
  const saved = await saveCheckout({
    frontendReferenceId: input.frontendReferenceId,
    companyId: company.companyId,
    userId: await userId,
    sessionId: session.id,
    lookupKey: price.lookupKey,
    createdAt: new Date().toISOString(),
  });
  if (!saved) throw conflict('That checkout reference is already in use.', 'reference_taken');
  return { sessionId: session.id, url: session.url };
};

/** Stripe's billing portal for the company: its invoices, payment method, plan changes and cancellation. */
export const openBillingPortal = async (input: { caller: Caller; companyId: string; returnUrl: string }): Promise<{ redirectUrl: string }> => {
  const [company] = await Promise.all([ownedCompany(input.companyId, input.caller), requireAppUrl(input.returnUrl, 'return_url')]);
  const customer = await stripeCustomer(company);
  const client = await stripe();
  const session = await client.billingPortal.sessions.create({ customer, return_url: input.returnUrl });
  return { redirectUrl: session.url };
};
