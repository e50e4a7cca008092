import * as z from 'zod/mini';
import { currencies, intervals, tiers } from './billing-catalog';
import { singleLineText } from './common';

/**
 * Billing (spec §7 Billing): Stripe Checkout for packs and subscriptions, its status by the SPA's
 * own reference, the Billing Portal, the price list and Stripe's webhook. Amounts never come
 * from the browser: a checkout names a Stripe price, which must be one of the catalogue's.
 */

/** An absolute http(s) URL; the server also requires it to point into the app. */
export const appUrlSchema = singleLineText(z.maxLength(2048, 'That address is too long.')).check(
  z.refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'Must be an http(s) address.'),
);

export const priceSchema = z.object({
  priceId: z.string(),
  lookupKey: z.string(),
  currency: z.enum(currencies),
  unitAmount: z.int(),
  kind: z.enum(['pack', 'subscription']),
  candidates: z.nullable(z.int()),
  tier: z.nullable(z.enum(tiers)),
  interval: z.nullable(z.enum(intervals)),
});

export const checkoutSessionStatuses = ['open', 'completed', 'expired'] as const;
