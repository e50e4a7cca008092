import type * as z from 'zod';
import type { getMe } from '../../../lambdas/contracts/account';
import type { getCompany, getOwnershipStatus, getPlanStatus } from '../../../lambdas/contracts/company';
import { apiPath } from './client';
import { useApi } from './use-api';

export type Me = z.infer<typeof getMe.response>;
export type Company = z.infer<typeof getCompany.response>;
export type PlanStatus = z.infer<typeof getPlanStatus.response>;
export type OwnershipStatus = z.infer<typeof getOwnershipStatus.response>;

export const useMe = (enabled = true) => useApi(enabled ? apiPath('getMe') : null);
export const useCompany = (companyId: string | undefined) => useApi(companyId ? apiPath('getCompany', { companyId }) : null);
export const usePlanStatus = (companyId: string | undefined) => useApi(companyId ? apiPath('getPlanStatus', { companyId }) : null);
export const useOwnershipStatus = (companyId: string | undefined) => useApi(companyId ? apiPath('getOwnershipStatus', { companyId }) : null);

/** Plan status in words, for the company name's hover text. */
export const describePlan = (plan: PlanStatus): string => {
  switch (plan.subscriptionStatus) {
    case 'complimentary':
      return 'Complimentary plan: unlimited candidates';
    case 'subscribed':
      return 'Subscribed: unlimited candidates';
    default: {
      const { remaining, allocated } = plan.candidatePacksStatus;
      return `Pay as you go: ${remaining} of ${allocated} interview credits remaining`;
    }
  }
};
