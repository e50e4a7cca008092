import * as z from 'zod/mini';
import { companyIdParams } from '../contracts/account';
import { idSchema, singleLineText, trimmedLine } from '../contracts/common';
import { integrationTypes } from '../contracts/company';
import { credentialText, integrationSchema, oauthStateSchema } from '../contracts/integrations';
import { defineOperation } from './operation';

export const listIntegrations = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/integrations',
  auth: 'session',
  grants: ['table:read'],
  summary: "The company's integrations (any member: the position settings show a tag section per integration). Secrets are masked.",
  params: companyIdParams,
  response: z.object({ integrations: z.array(integrationSchema) }),
});

export const createIntegration = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/companies/{companyId}/integrations',
  auth: 'owner',
  grants: ['table:write', 'ats:api', 'app:links'],
  timeoutSeconds: 20,
  summary:
    'Adds a key-based integration (owner only): the credential is checked against the ATS first, then stored encrypted with KMS. Lever connects through POST /lever/oauth-href instead.',
  params: companyIdParams,
  body: z.object({
    integrationType: z.enum(integrationTypes, 'Choose an integration type.'),
    authToken: credentialText('API key'),
    username: z.nullish(credentialText('username')),
    integrationProperties: z.nullish(z.object({ greenhouse: z.nullish(z.object({ automaticStageTransitions: z.boolean() })) })),
  }),
  response: integrationSchema,
  successStatus: 201,
});

export const deleteIntegration = defineOperation({
  method: 'DELETE',
  path: '/integrations/{integrationId}',
  auth: 'session',
  grants: ['table:write', 'ats:api'],
  timeoutSeconds: 20,
  summary: 'Removes an integration (owner only): both directions stop, its webhook is unregistered and its stored secrets are deleted.',
  params: z.object({ integrationId: idSchema }),
  response: z.undefined(),
  successStatus: 204,
});

export const createLeverOAuthHref = defineOperation({
  method: 'POST',
  path: '/lever/oauth-href',
  auth: 'session',
  grants: ['table:write', 'ats:api', 'app:links'],
  summary:
    "Starts Lever's OAuth consent for the company (owner only): the link to Lever's consent page, with a single-use state bound to the company and user.",
  body: z.object({ companyId: idSchema }),
  response: z.object({ authHref: z.string() }),
});

export const completeLeverOAuth = defineOperation({
  method: 'POST',
  path: '/lever/oauth-completion',
  auth: 'session',
  grants: ['table:write', 'ats:api', 'app:links'],
  timeoutSeconds: 20,
  summary: "Completes Lever's consent: the state is used up, the code exchanged for tokens (stored encrypted) and the integration added.",
  body: z.object({ state: oauthStateSchema, code: trimmedLine(2000) }),
  response: z.object({ companyId: z.string() }),
});

export const abortLeverOAuth = defineOperation({
  method: 'DELETE',
  path: '/lever/oauth-completion',
  auth: 'session',
  grants: ['table:write'],
  summary: 'Ends a consent Lever refused or the user cancelled: the state is used up; nothing is stored.',
  body: z.object({
    state: oauthStateSchema,
    error: z.nullish(singleLineText(z.maxLength(200))),
    errorDescription: z.nullish(singleLineText(z.maxLength(2000))),
  }),
  response: z.object({ companyId: z.string() }),
});

export const handleIntegrationWebhook = defineOperation({
  method: 'POST',
  path: '/integration-webhooks/{integrationId}',
  auth: 'public',
  grants: ['table:write', 'ats:api', 'mail:send', 'media:read', 'events:put'],
  timeoutSeconds: 28,
  summary: "An ATS's webhook delivery for one integration, verified by the ATS's signature over the raw body; it syncs the integration's tags now.",
  params: z.object({ integrationId: idSchema }),
  response: z.object({ received: z.literal(true) }),
});
