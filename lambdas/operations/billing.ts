import * as z from 'zod/mini';
import { appUrlSchema, checkoutSessionStatuses, priceSchema } from '../contracts/billing';
import { idSchema } from '../contracts/common';
import { defineOperation } from './operation';

export const listPrices = defineOperation({
  method: 'GET',
  path: '/stripe/prices',
  auth: 'session',
  grants: ['billing:api'],
  summary: 'The packs and subscriptions on sale, with the Stripe price id to check out each.',
  response: z.object({ prices: z.array(priceSchema) }),
});

export const createCheckoutSession = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/stripe/checkout-session',
  auth: 'session',
  grants: ['table:write', 'billing:api', 'app:links'],
  timeoutSeconds: 20,
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

export const getCheckoutSessionStatus = defineOperation({
  method: 'GET',
  path: '/stripe/checkout-session-status/{frontendReferenceId}',
  auth: 'session',
  grants: ['table:read'],
  summary: "A checkout's status by the SPA's reference: completed once Stripe's confirmation has been applied.",
  params: z.object({ frontendReferenceId: idSchema }),
  response: z.object({ sessionId: z.string(), checkoutSessionStatus: z.enum(checkoutSessionStatuses) }),
});

export const createPortalSession = defineOperation({
  method: 'POST',
  path: '/stripe/portal-session',
  auth: 'session',
  grants: ['table:write', 'billing:api', 'app:links'],
  timeoutSeconds: 20,
  summary: "Opens Stripe's billing portal for the company (owner only): invoices, payment method, plan changes and cancellation.",
  body: z.object({ companyId: idSchema, returnUrl: appUrlSchema }),
  response: z.object({ redirectUrl: z.string() }),
  successStatus: 201,
});

export const handleStripeWebhook = defineOperation({
  method: 'POST',
  path: '/stripe/webhook',
  auth: 'public',
  grants: ['table:write', 'billing:api', 'billing:webhook'],
  timeoutSeconds: 20,
  summary: "Stripe's events, verified by their signature over the raw body; each is applied once.",
  response: z.object({ received: z.literal(true) }),
});
