import type { Theme } from '../contracts/company';
import { integrationTypes, subscriptionStatuses } from '../contracts/company';

/** A new account's company starts with these. */
export const SIGN_UP_CREDITS = 3;

export const defaultTheme = (): Theme => ({
  themeEnabled: false,
  themeDefinition: { palette: { primary: { main: '#3f51b5' }, secondary: { main: '#f50057' } } },
  logoImageGroupId: null,
});

export const defaultConfig = { isEvaluationEnabled: true, isRatingEnabled: true } as const;

/**
 * The ATS integrations this deployment can connect. None is implemented yet, so none is offered
 * (the Integrate tab stays hidden) until an integration's client lands.
 */
export const supportedIntegrationTypes: (typeof integrationTypes)[number][] = [];

export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export interface Credits {
  allocated: number;
  invited: number;
}

export const planStatus = (subscriptionStatus: SubscriptionStatus, credits: Credits) => ({
  subscriptionStatus,
  candidatePacksStatus: { allocated: credits.allocated, invited: credits.invited, remaining: Math.max(0, credits.allocated - credits.invited) },
});
