import Stripe from 'stripe';
import { secretFromEnvironment } from './secrets';

/**
 * Stripe's official SDK with the secret key from Secrets Manager (grant billing:api). The API's
 * base URL is Stripe's unless STRIPE_API_URL names another (as AWS_ENDPOINT_URL_* does for the
 * AWS clients: the local stack points it at its Stripe stand-in).
 */
let client: Promise<Stripe> | undefined;

/** Where the SDK connects: Stripe's API, or the server at `baseUrl` (an http(s) URL). */
export const stripeConnection = (baseUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> => {
  if (!baseUrl) return {};
  const url = new URL(baseUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { host: url.hostname, port: Number(url.port || (protocol === 'https' ? 443 : 80)), protocol };
};

export const stripe = (): Promise<Stripe> => {
  client ??= secretFromEnvironment('STRIPE_API_KEY_SECRET_ID').then(
    (key) =>
      new Stripe(key, {
        ...stripeConnection(process.env.STRIPE_API_URL),
        maxNetworkRetries: 2,
        timeout: 8000,
        appInfo: { name: 'video-interviews' },
      }),
  );
  client.catch(() => (client = undefined));
  return client;
};

/** The signing secret of Stripe's webhook endpoint (grant billing:webhook). */
export const webhookSigningSecret = (): Promise<string> => secretFromEnvironment('STRIPE_WEBHOOK_SECRET_ID');

/** Verifies a webhook delivery's signature over its raw body and returns the event (throws when it does not match). */
export const verifiedEvent = async (rawBody: string, signature: string): Promise<Stripe.Event> =>
  Stripe.webhooks.constructEventAsync(rawBody, signature, await webhookSigningSecret());

export type { Stripe };
