import * as z from 'zod/mini';
import { defineContract } from './contract';

export const serviceNames = ['database', 'storage', 'email', 'workflow'] as const;

const serviceCheckSchema = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.int().check(z.nonnegative()),
  detail: z.optional(z.string()),
});

export const getHealth = defineContract({
  summary: 'Reports whether each backing service (database, storage, e-mail, workflow) answers.',
  response: z.object({
    status: z.enum(['ok', 'degraded']),
    stage: z.string(),
    services: z.record(z.enum(serviceNames), serviceCheckSchema),
  }),
});

export const getOpenApi = defineContract({
  summary: 'This API described as an OpenAPI 3.1 document, generated from the route contracts.',
  response: z.record(z.string(), z.unknown()),
  verbatimResponse: true,
});
