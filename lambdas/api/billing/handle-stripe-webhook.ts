import * as operations from '../../operations/billing';
import { applyStripeEvent } from '../../app/billing/webhook';
import { verifiedEvent, type Stripe } from '../../adapters/stripe';
import { badRequest } from '../../platform/errors';
import { defineHandler, headerValue, rawBody } from '../../platform/http';

/**
 * Stripe's webhook. The signature is checked over the body exactly as it arrived (API Gateway may
 * hand it over base64-encoded); anything unsigned or tampered with is a 400 and changes nothing.
 */
export const handler = defineHandler(operations.handleStripeWebhook, async ({ event, log }) => {
  const signature = headerValue(event, 'stripe-signature');
  if (!signature) throw badRequest('Missing Stripe-Signature header.', 'missing_signature');
  let stripeEvent: Stripe.Event;
  try {
    stripeEvent = await verifiedEvent(rawBody(event), signature);
  } catch (error) {
    if ((error as Error).name === 'StripeSignatureVerificationError' || (error as { type?: string }).type === 'StripeSignatureVerificationError') {
      throw badRequest('The Stripe signature does not match this request.', 'invalid_signature');
    }
    throw error;
  }
  const outcome = await applyStripeEvent(stripeEvent, log);
  log.info('stripe event', { eventId: stripeEvent.id, type: stripeEvent.type, outcome });
  return { received: true as const };
});
