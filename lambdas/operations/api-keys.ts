import * as z from 'zod/mini';
import { companyIdParams } from '../contracts/account';
import { apiKeySchema, createdApiKeySchema, newApiKeySchema } from '../contracts/api-keys';
import { idSchema } from '../contracts/common';
import { defineOperation } from './operation';

/** Company settings → API (issue 38): the owner's keys. Owner routes, so no key reaches them. */
export const listApiKeys = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/api-keys',
  auth: 'owner',
  grants: ['table:read'],
  summary: "The company's API keys, newest first, revoked ones included (owner only; one query). Only a key's prefix is kept, never its secret.",
  params: companyIdParams,
  response: z.object({ apiKeys: z.array(apiKeySchema) }),
});

export const createApiKey = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/companies/{companyId}/api-keys',
  auth: 'owner',
  grants: ['table:write'],
  summary:
    'Creates an API key (owner only) with a name, scopes and an optional expiry. The answer carries the secret this once (`vik_…`); only its hash is stored.',
  params: companyIdParams,
  body: newApiKeySchema,
  response: createdApiKeySchema,
  successStatus: 201,
});

export const revokeApiKey = defineOperation({
  method: 'DELETE',
  path: '/companies/{companyId}/api-keys/{keyId}',
  auth: 'owner',
  grants: ['table:write'],
  summary: 'Revokes an API key (owner only): it stops working at once; the list keeps it, marked revoked.',
  params: z.extend(companyIdParams, { keyId: idSchema }),
  response: apiKeySchema,
});
