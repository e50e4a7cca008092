import type { Currency, Interval, Tier } from '../contracts/billing-catalog';
import type { Theme } from '../contracts/company';
import { integrationTypes, subscriptionStatuses } from '../contracts/company';
import { DEFAULT_BRAND_COLORS } from '../contracts/vocabulary';

/** A new account's company starts with these. */
export const SIGN_UP_CREDITS = 3;

export const defaultTheme = (): Theme => ({
  themeEnabled: false,
  themeDefinition: { palette: { primary: { main: DEFAULT_BRAND_COLORS.primary }, secondary: { main: DEFAULT_BRAND_COLORS.secondary } } },
  logoImageGroupId: null,
});

export const defaultConfig = { isEvaluationEnabled: true, isRatingEnabled: true } as const;

/** The ATS integrations this deployment can connect: every type has an adapter (lambdas/adapters/ats). */
export const supportedIntegrationTypes: (typeof integrationTypes)[number][] = [...integrationTypes];

export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export interface Credits {
  allocated: number;
  invited: number;
}

/** What the company knows of its Stripe subscription (from the last event applied). */
export interface StoredSubscription {
  subscriptionId: string;
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete… */
  status: string;
  tier: Tier | null;
  interval: Interval | null;
  currency: Currency | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
}

/** Stripe statuses that give unlimited invites; anything else (past_due, unpaid, canceled…) does not. */
export const isPaying = (stripeStatus: string): boolean => stripeStatus === 'active' || stripeStatus === 'trialing';

/**
 * The status a subscription event leaves the company in: a complimentary plan is never changed by
 * billing, and an event about a subscription other than the company's current one only takes
 * over when that subscription pays (an old one ending must not end the new one).
 */
export const subscriptionStatusAfter = (
  current: { subscriptionStatus: SubscriptionStatus; subscription: StoredSubscription | null },
  next: StoredSubscription,
): { subscriptionStatus: SubscriptionStatus; subscription: StoredSubscription } | null => {
  const isCurrent = current.subscription === null || current.subscription.subscriptionId === next.subscriptionId;
  if (!isCurrent && !isPaying(next.status)) return null;
  if (current.subscriptionStatus === 'complimentary') return { subscriptionStatus: 'complimentary', subscription: next };
  return { subscriptionStatus: isPaying(next.status) ? 'subscribed' : 'not_subscribed', subscription: next };
};

export const planStatus = (subscriptionStatus: SubscriptionStatus, credits: Credits, subscription: StoredSubscription | null = null) => ({
  subscriptionStatus,
  candidatePacksStatus: { allocated: credits.allocated, invited: credits.invited, remaining: Math.max(0, credits.allocated - credits.invited) },
  subscription:
    subscription && subscription.tier && subscription.interval && subscription.currency && subscriptionStatus === 'subscribed'
      ? {
          tier: subscription.tier,
          interval: subscription.interval,
          currency: subscription.currency,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          currentPeriodEnd: subscription.currentPeriodEnd,
        }
      : null,
});
