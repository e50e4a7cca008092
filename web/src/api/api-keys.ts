import type * as z from 'zod/mini';
import type { apiKeySchema, createdApiKeySchema } from '../../../lambdas/contracts/api-keys';
import { apiPath, callApi, type ApiBody } from './client';
import { useApi } from './use-api';

/*
 * Types only from the contract here (no zod in the bundle for a call): the screens that show the
 * scopes' labels import API_KEY_SCOPE_LABELS from lambdas/contracts/api-keys themselves.
 */
export type ApiKey = z.infer<typeof apiKeySchema>;
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
export type NewApiKey = ApiBody<'createApiKey'>;

/** The company's API keys (owner only, issue 38), newest first, revoked ones included. */
export const apiKeysKey = (companyId: string) => apiPath('listApiKeys', { companyId });
export const useApiKeys = (companyId: string) => useApi(apiKeysKey(companyId));

export const createApiKeyCall = (companyId: string, body: NewApiKey) => callApi('createApiKey', { params: { companyId }, body });
export const revokeApiKeyCall = (companyId: string, keyId: string) => callApi('revokeApiKey', { params: { companyId, keyId } });
