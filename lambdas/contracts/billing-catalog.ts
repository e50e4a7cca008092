/**
 * What the product sells (spec §9), defined once: the Billing tab shows it, the server accepts only
 * these prices, and `npm run stripe:setup` (and the local stack) create them in a Stripe account as
 * Prices found by their lookup keys. Amounts are in minor units (cents, pence), as Stripe counts.
 */
export const currencies = ['usd', 'gbp', 'eur'] as const;
export type Currency = (typeof currencies)[number];

/** Pay-as-you-go packs: candidates and the price per candidate. */
export const packs = [
  { candidates: 10, perCandidate: { usd: 500, gbp: 400, eur: 450 } },
  { candidates: 20, perCandidate: { usd: 400, gbp: 320, eur: 360 } },
  { candidates: 40, perCandidate: { usd: 300, gbp: 240, eur: 270 } },
] as const satisfies readonly { candidates: number; perCandidate: Record<Currency, number> }[];

export const tiers = ['small', 'medium', 'large'] as const;
export type Tier = (typeof tiers)[number];
export const intervals = ['month', 'year'] as const;
export type Interval = (typeof intervals)[number];

/** How often each interval bills, in words ("billed monthly"). */
const frequencies: Record<Interval, string> = { month: 'monthly', year: 'yearly' };

/** Spec §8: an unexpected subscription frequency raises an error (it is never shown as another one). */
export class UnexpectedSubscriptionFrequency extends Error {
  constructor(readonly interval: unknown) {
    super(`Unexpected subscription frequency: ${JSON.stringify(interval)}`);
    this.name = 'UnexpectedSubscriptionFrequency';
  }
}

/** "monthly" or "yearly"; any other interval throws UnexpectedSubscriptionFrequency. */
export const billingFrequency = (interval: string): string => {
  if (!Object.hasOwn(frequencies, interval)) throw new UnexpectedSubscriptionFrequency(interval);
  return frequencies[interval as Interval];
};

/** Subscriptions: unlimited usage; yearly is ten times monthly (two months free). */
export const subscriptionPlans = [
  { tier: 'small', name: 'Starter', companySize: 'Under 50 employees', monthly: { usd: 9000, gbp: 7200, eur: 8100 } },
  { tier: 'medium', name: 'Growth', companySize: '50 to 250 employees', monthly: { usd: 18000, gbp: 14400, eur: 16200 } },
  { tier: 'large', name: 'Scale', companySize: '251 to 500 employees', monthly: { usd: 36000, gbp: 28800, eur: 32400 } },
] as const satisfies readonly { tier: Tier; name: string; companySize: string; monthly: Record<Currency, number> }[];

export const YEARLY_MONTHS = 10;

export type CatalogPrice =
  | { kind: 'pack'; lookupKey: string; productId: string; productName: string; currency: Currency; unitAmount: number; candidates: number }
  | {
      kind: 'subscription';
      lookupKey: string;
      productId: string;
      productName: string;
      currency: Currency;
      unitAmount: number;
      tier: Tier;
      interval: Interval;
    };

export const packLookupKey = (candidates: number, currency: Currency) => `pack_${candidates}_${currency}`;
export const subscriptionLookupKey = (tier: Tier, interval: Interval, currency: Currency) => `subscription_${tier}_${interval}_${currency}`;

/** Every price, in display order. */
export const catalog: readonly CatalogPrice[] = [
  ...packs.flatMap((pack) =>
    currencies.map((currency): CatalogPrice => ({
      kind: 'pack',
      lookupKey: packLookupKey(pack.candidates, currency),
      productId: `video_interviews_pack_${pack.candidates}`,
      productName: `${pack.candidates} candidates`,
      currency,
      unitAmount: pack.candidates * pack.perCandidate[currency],
      candidates: pack.candidates,
    })),
  ),
  ...subscriptionPlans.flatMap((plan) =>
    intervals.flatMap((interval) =>
      currencies.map((currency): CatalogPrice => ({
        kind: 'subscription',
        lookupKey: subscriptionLookupKey(plan.tier, interval, currency),
        productId: `video_interviews_${plan.tier}`,
        productName: plan.name,
        currency,
        unitAmount: plan.monthly[currency] * (interval === 'year' ? YEARLY_MONTHS : 1),
        tier: plan.tier,
        interval,
      })),
    ),
  ),
];

export const catalogPrice = (lookupKey: string | null | undefined): CatalogPrice | undefined =>
  catalog.find((price) => price.lookupKey === lookupKey);

/** The plan's display name, e.g. "Growth". */
export const planName = (tier: Tier): string => subscriptionPlans.find((plan) => plan.tier === tier)!.name;

/** The fields of a Stripe Price that say what it sells. */
export interface PriceFacts {
  lookup_key: string | null;
  active: boolean;
  unit_amount: number | null;
  currency: string;
  recurring: { interval: string } | null;
}

/**
 * The catalogue entry a Stripe price sells, when it sells exactly that: active, with the entry's
 * lookup key, amount, currency and interval (none for a pack). A price edited in the dashboard is
 * not ours until `npm run stripe:setup` brings the account back in line.
 */
export const catalogEntryOf = (price: PriceFacts): CatalogPrice | undefined => {
  const entry = catalogPrice(price.lookup_key);
  if (!entry || !price.active || price.unit_amount !== entry.unitAmount || price.currency !== entry.currency) return undefined;
  const interval = price.recurring?.interval ?? null;
  return (entry.kind === 'pack' ? interval === null : interval === entry.interval) ? entry : undefined;
};
