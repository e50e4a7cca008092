import * as z from 'zod/mini';

export const serviceNames = ['database', 'storage', 'email', 'workflow'] as const;

export const serviceCheckSchema = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.int().check(z.nonnegative()),
  detail: z.optional(z.string()),
});
