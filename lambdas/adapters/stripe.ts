import { readEnv } from '../platform/env';
import { stripeClientSettings } from '../platform/sdk-config';
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
        ...stripeConnection(readEnv('STRIPE_API_URL').STRIPE_API_URL),
        ...stripeClientSettings,
        appInfo: { name: 'video-interviews' },
      }),
  );
  client.catch(() => (client = undefined));
  return client;
};

/** Stripe accepts at most 10 lookup keys per price list request. */
const LOOKUP_KEYS_PER_REQUEST = 10;

/** The prices with these lookup keys (as many requests as the limit takes, together). */
export const pricesByLookupKeys = async (
  client: Stripe,
  lookupKeys: readonly string[],
  params: Omit<Stripe.PriceListParams, 'lookup_keys' | 'limit'> = {},
): Promise<Stripe.Price[]> => {
  const pages = await Promise.all(
    Array.from({ length: Math.ceil(lookupKeys.length / LOOKUP_KEYS_PER_REQUEST) }, (_, i) =>
      client.prices.list({ ...params, lookup_keys: lookupKeys.slice(i * LOOKUP_KEYS_PER_REQUEST, (i + 1) * LOOKUP_KEYS_PER_REQUEST), limit: 100 }),
    ),
  );
  return pages.flatMap((page) => page.data);
};

/** The signing secret of Stripe's webhook endpoint (grant billing:webhook). */
export const webhookSigningSecret = (): Promise<string> => secretFromEnvironment('STRIPE_WEBHOOK_SECRET_ID');

/** Verifies a webhook delivery's signature over its raw body and returns the event (throws when it does not match). */
export const verifiedEvent = async (rawBody: string, signature: string): Promise<Stripe.Event> =>
  Stripe.webhooks.constructEventAsync(rawBody, signature, await webhookSigningSecret());

export type { Stripe };
