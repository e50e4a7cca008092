import * as operations from '../../operations/billing';
import { pricesOnSale } from '../../app/billing/prices';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.listPrices, async ({ log }) => ({
  prices: (await pricesOnSale(log)).map(({ priceId, price }) => ({
    priceId,
    lookupKey: price.lookupKey,
    currency: price.currency,
    unitAmount: price.unitAmount,
    kind: price.kind,
    candidates: price.kind === 'pack' ? price.candidates : null,
    tier: price.kind === 'subscription' ? price.tier : null,
    interval: price.kind === 'subscription' ? price.interval : null,
  })),
}));
