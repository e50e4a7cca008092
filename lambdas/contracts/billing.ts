import * as z from 'zod/mini';
import { currencies, intervals, tiers } from './billing-catalog';
import { idSchema, singleLineText } from './common';
import { defineContract } from './contract';

/**
 * Billing (spec §7 Billing): Stripe Checkout for packs and subscriptions, its status by the SPA's
 * own reference, the Billing Portal, the price list and Stripe's webhook. Amounts never come
 * from the browser: a checkout names a Stripe price, which must be one of the catalogue's.
 */

/** An absolute http(s) URL; the server also requires it to point into the app. */
const appUrlSchema = singleLineText(z.maxLength(2048, 'That address is too long.')).check(
  z.refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'Must be an http(s) address.'),
);

const priceSchema = z.object({
  priceId: z.string(),
  lookupKey: z.string(),
  currency: z.enum(currencies),
  unitAmount: z.int(),
  kind: z.enum(['pack', 'subscription']),
  candidates: z.nullable(z.int()),
  tier: z.nullable(z.enum(tiers)),
  interval: z.nullable(z.enum(intervals)),
});

export const listPrices = defineContract({
  summary: 'The packs and subscriptions on sale, with the Stripe price id to check out each.',
  response: z.object({ prices: z.array(priceSchema) }),
});

export const checkoutSessionStatuses = ['open', 'completed', 'expired'] as const;

export const createCheckoutSession = defineContract({
  summary:
    'Starts a Stripe Checkout for one of our prices (owner only): a pack adds its credits, a subscription gives unlimited invites once Stripe confirms the payment.',
  body: z.object({
    priceId: z.string().check(z.trim(), z.minLength(1, 'Choose a plan.'), z.maxLength(255), z.regex(/^[A-Za-z0-9_]+$/, 'Not a valid price.')),
    companyId: idSchema,
    frontendReferenceId: idSchema,
    successUrl: appUrlSchema,
    cancelUrl: appUrlSchema,
  }),
  response: z.object({ sessionId: z.string(), url: z.string() }),
  successStatus: 201,
});

export const getCheckoutSessionStatus = defineContract({
  summary: "A checkout's status by the SPA's reference: completed once Stripe's confirmation has been applied.",
  params: z.object({ frontendReferenceId: idSchema }),
  response: z.object({ sessionId: z.string(), checkoutSessionStatus: z.enum(checkoutSessionStatuses) }),
});

export const createPortalSession = defineContract({
  summary: "Opens Stripe's billing portal for the company (owner only): invoices, payment method, plan changes and cancellation.",
  body: z.object({ companyId: idSchema, returnUrl: appUrlSchema }),
  response: z.object({ redirectUrl: z.string() }),
  successStatus: 201,
});

export const handleStripeWebhook = defineContract({
  summary: "Stripe's events, verified by their signature over the raw body; each is applied once.",
  response: z.object({ received: z.literal(true) }),
});
