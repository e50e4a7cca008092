import type Stripe from 'stripe';
import { catalog, catalogEntryOf, type CatalogPrice } from '../lambdas/contracts/billing-catalog';
import { pricesByLookupKeys } from '../lambdas/adapters/stripe';

/**
 * Brings a Stripe account in line with the catalogue (lambdas/contracts/billing-catalog.ts): one
 * product per pack size and per plan (ids from the catalogue), one active price per lookup key with
 * the catalogue's amount, currency and interval. Stripe prices cannot change amount: a price that
 * differs is replaced by a new one that takes over its lookup key, and the old one is archived.
 * Run by `npm run stripe:setup` against a real account and by the local stack against its stand-in.
 */
export interface CatalogSyncReport {
  productsCreated: number;
  productsUpdated: number;
  pricesCreated: number;
  pricesArchived: number;
  pricesKept: number;
}

const isMissing = (error: unknown) => (error as { statusCode?: number }).statusCode === 404;

export const syncStripeCatalog = async (stripe: Stripe): Promise<CatalogSyncReport> => {
  const report: CatalogSyncReport = { productsCreated: 0, productsUpdated: 0, pricesCreated: 0, pricesArchived: 0, pricesKept: 0 };
  const products = new Map(catalog.map((price) => [price.productId, price.productName]));
  for (const [id, name] of products) {
    try {
      const product = await stripe.products.retrieve(id);
      if (product.name !== name || !product.active) {
        await stripe.products.update(id, { name, active: true });
        report.productsUpdated++;
      }
    } catch (error) {
      if (!isMissing(error)) throw error;
      await stripe.products.create({ id, name, metadata: { catalog: 'video-interviews' } });
      report.productsCreated++;
    }
  }

  const keys = catalog.map((price) => price.lookupKey);
  const existing = new Map<string, Stripe.Price>();
  for (const price of await pricesByLookupKeys(stripe, keys)) if (price.lookup_key) existing.set(price.lookup_key, price);
  for (const entry of catalog) {
    const current = existing.get(entry.lookupKey);
    const productId = current && (typeof current.product === 'string' ? current.product : current.product.id);
    if (current && catalogEntryOf(current) === entry && productId === entry.productId) {
      report.pricesKept++;
      continue;
    }
    await stripe.prices.create(priceParams(entry));
    report.pricesCreated++;
    if (current?.active) {
      await stripe.prices.update(current.id, { active: false });
      report.pricesArchived++;
    }
  }
  return report;
};

const priceParams = (entry: CatalogPrice): Stripe.PriceCreateParams => ({
  product: entry.productId,
  currency: entry.currency,
  unit_amount: entry.unitAmount,
  lookup_key: entry.lookupKey,
  transfer_lookup_key: true,
  nickname: entry.kind === 'pack' ? `${entry.candidates} candidates` : `${entry.productName}, ${entry.interval === 'year' ? 'yearly' : 'monthly'}`,
  ...(entry.kind === 'subscription' ? { recurring: { interval: entry.interval } } : {}),
});
