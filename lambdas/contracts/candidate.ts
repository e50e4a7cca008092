import * as z from 'zod';
import { emailSchema, idSchema } from './common';
import { defineContract } from './contract';

/** Candidates as the hiring team sees them (spec §3 Candidate, §7 Positions/Candidates). */
export const CANDIDATE_STATUSES = ['invited', 'responded', 'shortlisted', 'rejected'] as const;
export const CANDIDATE_PAGE_SIZE = 12;
export const BATCH_INVITE_MAX = 500;

export const candidateNameSchema = z.string().trim().min(1, 'Enter the candidate’s name.').max(100, 'Use at most 100 characters.');

/** A point in time with its relative text ("3 days ago", "in 6 days"), as the spec's time fields. */
export const timeSchema = z.object({ timeValue: z.string(), relativeTime: z.string() });

const variantSchema = z.object({ contentHref: z.string(), contentType: z.string() });

export const candidateSummarySchema = z.object({
  candidateId: z.string(),
  positionId: z.string(),
  candidateName: z.string(),
  email: z.string().nullable(),
  currentStatus: z.enum(CANDIDATE_STATUSES),
  createdAt: timeSchema,
  expiresAt: timeSchema.nullable(),
  completedAt: timeSchema.nullable(),
  interviewHref: z.string(),
  thumbnail: z.object({ variants: z.array(variantSchema) }).nullable(),
});

const newCandidateSchema = z.object({
  candidateName: candidateNameSchema,
  email: emailSchema.nullable(),
});

export const listCandidates = defineContract({
  summary: "A page of a position's candidates in one status tab (12 a page), newest first; `after` continues after that candidate.",
  params: z.object({ positionId: idSchema }),
  query: z.object({ tab: z.enum(CANDIDATE_STATUSES).default('invited'), after: idSchema.optional() }),
  response: z.object({ candidates: z.array(candidateSummarySchema), hasMore: z.boolean() }),
});

export const inviteCandidate = defineContract({
  summary: 'Invites one candidate: spends a credit unless subscribed, e-mails the interview link when an e-mail is given.',
  params: z.object({ positionId: idSchema }),
  body: newCandidateSchema,
  response: candidateSummarySchema,
  successStatus: 201,
});

export const inviteCandidatesBatch = defineContract({
  summary: 'Invites candidates in bulk (from a CSV): all or none, one credit each unless subscribed.',
  params: z.object({ positionId: idSchema }),
  body: z.object({
    newCandidates: z
      .array(newCandidateSchema)
      .min(1, 'Add at least one candidate.')
      .max(BATCH_INVITE_MAX, `Invite at most ${BATCH_INVITE_MAX} at once.`),
  }),
  response: z.object({ candidates: z.array(candidateSummarySchema) }),
  successStatus: 201,
});

export const sendPreviewInvite = defineContract({
  summary: 'E-mails the signed-in member the invitation a candidate would get, with a practice interview (no credit, not listed).',
  params: z.object({ positionId: idSchema }),
  response: z.object({ email: z.string() }),
});

export const reinviteCandidate = defineContract({
  summary: 'Sends an invited candidate the invitation again, with a fresh deadline.',
  params: z.object({ candidateId: idSchema }),
  response: candidateSummarySchema,
});

export const getCandidate = defineContract({
  summary: 'A candidate with the questions they were asked and their answers (video variants, thumbnails, captions).',
  params: z.object({ candidateId: idSchema }),
  response: candidateSummarySchema.extend({
    jobTitle: z.string(),
    questions: z.array(z.object({ title: z.string().nullable(), content: z.string().nullable() })),
    answers: z.array(
      z.object({
        answerId: z.string(),
        questionIndex: z.number().int(),
        rating: z.number().int().min(1).max(5).nullable(),
        thumbnail: z.object({ variants: z.array(variantSchema) }).nullable(),
        video: z.object({
          videoGroupId: z.string(),
          uploadStatus: z.enum(['uploading', 'processing', 'ready', 'failed']),
          captions: z.object({ captionsStatus: z.enum(['none', 'preparing', 'ready', 'failed']), variants: z.array(variantSchema) }),
          variants: z.array(variantSchema),
        }),
      }),
    ),
  }),
});

export const setCandidateStatus = defineContract({
  summary: 'Deletes a candidate (their answers and media go too).',
  params: z.object({ candidateId: idSchema, status: z.enum(['delete']) }),
  response: z.object({ candidateId: z.string(), currentStatus: z.literal('deleted') }),
});
