import { listPrices as contract } from '../../contracts/billing';
import { pricesOnSale } from '../../app/billing/prices';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.listPrices, contract, async ({ log }) => ({
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
