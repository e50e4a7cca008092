import * as z from 'zod';
import { companyIdParams } from './account';
import { defineContract } from './contract';

export const positionStatuses = ['open', 'closed'] as const;
export const candidateStatuses = ['invited', 'responded', 'shortlisted', 'rejected'] as const;

export const candidateCountsSchema = z.object({
  invited: z.number().int(),
  responded: z.number().int(),
  shortlisted: z.number().int(),
  rejected: z.number().int(),
});

export const positionSummarySchema = z.object({
  positionId: z.string(),
  jobTitle: z.string(),
  currentStatus: z.enum(positionStatuses),
  candidates: candidateCountsSchema,
  createdAt: z.string(),
});

export const listPositions = defineContract({
  summary: "A page of the company's positions in one status, newest first (one query).",
  params: companyIdParams,
  query: z.object({
    status: z.enum(positionStatuses).default('open'),
    cursor: z.string().max(1024).optional(),
  }),
  response: z.object({ positions: z.array(positionSummarySchema), cursor: z.string().nullable() }),
});
