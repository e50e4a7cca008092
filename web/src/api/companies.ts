import type { getMe } from '../../../lambdas/operations/account';
import type { getCompany, getOwnershipStatus, getPlanStatus } from '../../../lambdas/operations/companies';
import type * as z from 'zod/mini';
import { billingFrequency, planName } from '../../../lambdas/contracts/billing-catalog';
import { formatDate } from '../lib/format';
import { apiPath, callApi } from './client';
import { useApi } from './use-api';

export type Me = z.infer<typeof getMe.response>;
export type Company = z.infer<typeof getCompany.response>;
export type PlanStatus = z.infer<typeof getPlanStatus.response>;
export type Subscription = NonNullable<PlanStatus['subscription']>;
export type OwnershipStatus = z.infer<typeof getOwnershipStatus.response>;

export const useMe = (enabled = true) => useApi(enabled ? apiPath('getMe') : null);
export const useCompany = (companyId: string | undefined) => useApi(companyId ? apiPath('getCompany', { companyId }) : null);
export const usePlanStatus = (companyId: string | undefined) => useApi(companyId ? apiPath('getPlanStatus', { companyId }) : null);
/** Sets the company's retention policy (owner, issue 28): months, or null for never. */
export const putRetentionCall = (companyId: string, retentionMonths: number | null) =>
  callApi('putRetention', { params: { companyId }, body: { retentionMonths } });

/** Switches summaries on or off for the company and whether the share page shows them (owner, issue 41). */
export const putSummariesCall = (companyId: string, setting: { enabled: boolean; showOnSharePage: boolean }) =>
  callApi('putSummaries', { params: { companyId }, body: setting });
/** Saves the signed-in user's own view preferences (issue 41: hide summaries for themselves). */
export const putPreferencesCall = (preferences: { hideSummaries: boolean }) => callApi('putPreferences', { body: preferences });

export const useOwnershipStatus = (companyId: string | undefined) => useApi(companyId ? apiPath('getOwnershipStatus', { companyId }) : null);

/** A subscription in words: "Growth plan, billed monthly". An interval other than month or year throws (spec §8). */
export const describeSubscription = (subscription: Subscription): string =>
  `${planName(subscription.tier)} plan, billed ${billingFrequency(subscription.interval)}`;

/** When a subscription renews or ends: "Renews on 5 June 2026", "Cancels on 5 June 2026"; null when Stripe gave no date. */
export const subscriptionRenewal = (subscription: Subscription): string | null =>
  subscription.currentPeriodEnd ? `${subscription.cancelAtPeriodEnd ? 'Cancels' : 'Renews'} on ${formatDate(subscription.currentPeriodEnd)}` : null;

/** Plan status in words, for the company name's hover text (spec §2) and the Billing tab. */
export const describePlan = (plan: PlanStatus): string => {
  switch (plan.subscriptionStatus) {
    case 'complimentary':
      return 'Complimentary plan: unlimited candidates';
    case 'subscribed': {
      if (!plan.subscription) return 'Subscribed: unlimited candidates';
      const renewal = subscriptionRenewal(plan.subscription);
      return `${describeSubscription(plan.subscription)}: unlimited candidates${renewal ? `. ${renewal}` : ''}`;
    }
    default: {
      const { remaining, allocated } = plan.candidatePacksStatus;
      return `Pay as you go: ${remaining} of ${allocated} interview credits remaining`;
    }
  }
};
