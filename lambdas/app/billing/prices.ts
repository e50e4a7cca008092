import { catalog, catalogEntryOf, type CatalogPrice } from '../../contracts/billing-catalog';
import { pricesByLookupKeys, stripe } from '../../adapters/stripe';
import type { Logger } from '../../platform/logger';

/** The catalogue's prices as they exist in the Stripe account (found by lookup key; see catalogEntryOf). */
export interface OnSale {
  priceId: string;
  price: CatalogPrice;
}

const CACHE_MS = 5 * 60_000;

let cached: { at: number; prices: Promise<OnSale[]> } | undefined;

const load = async (log?: Logger): Promise<OnSale[]> => {
  const client = await stripe();
  const keys = catalog.map((price) => price.lookupKey);
  const prices = await pricesByLookupKeys(client, keys, { active: true });
  const found = new Map<string, OnSale>();
  for (const price of prices) {
    const entry = catalogEntryOf(price);
    if (entry) found.set(entry.lookupKey, { priceId: price.id, price: entry });
    else log?.warn('Stripe price differs from the catalogue; not sold', { priceId: price.id, lookupKey: price.lookup_key });
  }
  const missing = keys.filter((key) => !found.has(key));
  if (missing.length > 0) log?.warn('catalogue prices missing in Stripe: run npm run stripe:setup', { missing });
  return catalog.flatMap((price) => found.get(price.lookupKey) ?? []);
};

/** Every price on sale, in the catalogue's order (cached for a few minutes per instance). */
export const pricesOnSale = (log?: Logger): Promise<OnSale[]> => {
  if (!cached || Date.now() - cached.at > CACHE_MS) {
    const prices = load(log);
    cached = { at: Date.now(), prices };
    prices.catch(() => (cached = undefined));
  }
  return cached.prices;
};

/** The catalogue entry of a Stripe price id, if it is one we sell (asks Stripe, not the cache). */
export const priceOnSale = async (priceId: string): Promise<CatalogPrice | undefined> => {
  const client = await stripe();
  try {
    return catalogEntryOf(await client.prices.retrieve(priceId));
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return undefined;
    throw error;
  }
};
