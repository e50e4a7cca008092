import * as z from 'zod/mini';
import { serviceCheckSchema, serviceNames } from '../contracts/system';
import { defineOperation } from './operation';

export const getHealth = defineOperation({
  method: 'GET',
  path: '/health',
  auth: 'public',
  grants: ['health:check'],
  summary: 'Reports whether each backing service (database, storage, e-mail, workflow) answers.',
  response: z.object({
    status: z.enum(['ok', 'degraded']),
    stage: z.string(),
    services: z.record(z.enum(serviceNames), serviceCheckSchema),
  }),
});

export const getOpenApi = defineOperation({
  method: 'GET',
  path: '/openapi.json',
  auth: 'public',
  grants: [],
  summary: 'This API described as an OpenAPI 3.1 document, generated from the route contracts.',
  response: z.record(z.string(), z.unknown()),
  verbatimResponse: true,
});
