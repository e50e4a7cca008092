import type { SsoConfiguration, SsoDomainRecord, SsoProvider, SsoSettings } from '../../../../lambdas/contracts/sso';
import { apiPath, callApi, type ApiBody } from '../../api/client';
import { useApi } from '../../api/use-api';

/*
 * Company settings → Sign-in (issue 42): the calls of the owner's single sign-on set-up, through the
 * one typed client (types only from the contract: no zod in the bundle for a call).
 */
export type { SsoConfiguration, SsoDomainRecord, SsoProvider, SsoSettings };
export type NewSsoProvider = ApiBody<'createSsoProvider'>;

export const ssoConfigurationKey = (companyId: string) => apiPath('getSsoConfiguration', { companyId });
export const useSsoConfiguration = (companyId: string) => useApi(ssoConfigurationKey(companyId));

export const createSsoProviderCall = (companyId: string, body: NewSsoProvider) => callApi('createSsoProvider', { params: { companyId }, body });
export const deleteSsoProviderCall = (companyId: string, providerId: string) => callApi('deleteSsoProvider', { params: { companyId, providerId } });
export const createSsoDomainCall = (companyId: string, domain: string) => callApi('createSsoDomain', { params: { companyId }, body: { domain } });
export const checkSsoDomainCall = (companyId: string, domain: string) => callApi('checkSsoDomain', { params: { companyId, domain } });
export const deleteSsoDomainCall = (companyId: string, domain: string) => callApi('deleteSsoDomain', { params: { companyId, domain } });
export const putSsoSettingsCall = (companyId: string, body: SsoSettings) => callApi('putSsoSettings', { params: { companyId }, body });
export const createSsoRecoveryCodeCall = (companyId: string) => callApi('createSsoRecoveryCode', { params: { companyId } });
