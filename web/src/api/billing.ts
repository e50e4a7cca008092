import type { getCheckoutSessionStatus, listPrices } from '../../../lambdas/operations/billing';
import type * as z from 'zod/mini';
import { POLL_INTERVAL_MS } from '../config/constants';
import { apiPath, callApi, type ApiBody } from './client';
import { useApi } from './use-api';

export type Price = z.infer<typeof listPrices.response>['prices'][number];
export type CheckoutStatus = z.infer<typeof getCheckoutSessionStatus.response>;

/** The packs and subscriptions on sale, with the Stripe price id that checks each out (spec §7 Billing). */
export const usePrices = () => useApi(apiPath('listPrices'));

/**
 * A checkout's status, asked every 5 seconds while it is still open (spec §4, §9): completed once the
 * payment's effect is applied, or expired.
 */
export const useCheckoutStatus = (frontendReferenceId: string | null) =>
  useApi(frontendReferenceId ? apiPath('getCheckoutSessionStatus', { frontendReferenceId }) : null, {
    refreshInterval: (data) => (data && data.checkoutSessionStatus !== 'open' ? 0 : POLL_INTERVAL_MS),
  });

export const createCheckoutSessionCall = (body: ApiBody<'createCheckoutSession'>) => callApi('createCheckoutSession', { body });
export const createPortalSessionCall = (companyId: string, returnUrl: string) => callApi('createPortalSession', { body: { companyId, returnUrl } });
