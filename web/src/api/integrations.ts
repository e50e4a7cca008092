import { companyListChannel } from './company-list-channel';
import type * as z from 'zod/mini';
import type { integrationTagSchema } from '../../../lambdas/contracts/integrations';
import { apiPath, callApi, type ApiBody } from './client';
import { useApi } from './use-api';

/*
 * Types only from the contract here: its values (integrationForms, integrationTypes) come with zod's
 * schemas, so the screens that show them import them from lambdas/contracts/integrations themselves,
 * and a screen that only calls (the Lever return) stays without zod.
 */
export type { Integration, IntegrationAttributes, IntegrationType } from '../../../lambdas/contracts/integrations';
export type IntegrationTag = z.infer<typeof integrationTagSchema>;
export type NewIntegration = ApiBody<'createIntegration'>;

/**
 * The company's ATS and CRM integrations (spec §2 Integrate tab, §5 Integrations). Every consumer
 * reads the list under this one SWR key (the Integrate tab, the position settings' tag sections), so
 * a change's `mutate` refreshes all of them at once; the SPA's other tabs hear of it on a
 * BroadcastChannel, as with the message templates.
 */
export const integrationsKey = (companyId: string) => apiPath('listIntegrations', { companyId });
/** The list; null (or undefined) waits, for a company that cannot have integrations. */
export const useIntegrations = (companyId: string | null | undefined) => {
  const list = useApi(companyId ? integrationsKey(companyId) : null);
  changes.useRefetchOnChange(companyId, list.mutate);
  return list;
};

/** An integration added or removed, told to the SPA's other tabs. */
const changes = companyListChannel('integrations');
export const announceIntegrationsChanged = changes.announce;

export const createIntegrationCall = (companyId: string, body: NewIntegration) => callApi('createIntegration', { params: { companyId }, body });
export const deleteIntegrationCall = (integrationId: string) => callApi('deleteIntegration', { params: { integrationId } });

/** Lever connects through its consent page: the link to it, for the browser to go to. */
export const createLeverOAuthHrefCall = (companyId: string) => callApi('createLeverOAuthHref', { body: { companyId } });
/** Back from Lever's consent: with a code the integration is added; otherwise the consent is ended. Both answer the company. */
export const completeLeverOAuthCall = (state: string, code: string) => callApi('completeLeverOAuth', { body: { state, code } });
export const abortLeverOAuthCall = (state: string, error: string | null, errorDescription: string | null) =>
  callApi('abortLeverOAuth', { body: { state, error, errorDescription } });
