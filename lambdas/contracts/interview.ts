import * as z from 'zod';
import { VIDEO_CONTENT_TYPES } from './media-types';
import { candidateNameSchema } from './candidate';
import { emailSchema, idSchema } from './common';
import { themeSchema } from './company';
import { defineContract } from './contract';

/**
 * The candidate's side (DESIGN.md §4): no session, the unguessable interview token in the path
 * authorizes exactly one candidate. Public apply links create a candidate and hand back a token.
 */
export const interviewTokenSchema = z
  .string()
  .min(32)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid interview link.');

/** The containers an answer may come in (a recording or an uploaded file). */
export const ANSWER_CONTENT_TYPES = VIDEO_CONTENT_TYPES;

/** S3's multipart rules: every part but the last at least 5 MiB, part numbers 1..10000. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
export const MAX_PART_NUMBER = 10_000;

const playableSchema = z.object({ contentHref: z.string(), contentType: z.string(), thumbnailHref: z.string().nullable() }).nullable();

const brandingSchema = z.object({
  companyName: z.string(),
  jobTitle: z.string(),
  theme: themeSchema,
  logoHref: z.string().nullable(),
});

export const getInterview = defineContract({
  summary: "The candidate's interview: branding, pacing, intro, questions (with whether each is answered and retakes used), outro.",
  params: z.object({ token: interviewTokenSchema }),
  response: brandingSchema.extend({
    candidateName: z.string(),
    completed: z.boolean(),
    expiresAt: z.string().nullable(),
    pacing: z.object({ thinkingTime: z.number().int().nullable(), answerTime: z.number().int(), retakes: z.number().int().nullable() }),
    intro: z.object({ video: playableSchema }).nullable(),
    questions: z.array(
      z.object({
        title: z.string().nullable(),
        content: z.string().nullable(),
        video: playableSchema,
        answered: z.boolean(),
        attemptsUsed: z.number().int(),
      }),
    ),
    outro: z.object({ title: z.string().nullable(), content: z.string().nullable(), video: playableSchema }).nullable(),
  }),
});

export const startAnswer = defineContract({
  summary: 'Starts a recording (or a retake) of one question: opens a multipart upload for it. Fails when no retakes are left.',
  params: z.object({ token: interviewTokenSchema }),
  body: z.object({
    questionIndex: z.number().int().min(0).max(99),
    contentType: z.enum(VIDEO_CONTENT_TYPES, 'Unable to record a supported video format.'),
  }),
  response: z.object({ answerId: z.string(), retakesLeft: z.number().int().nullable(), minPartBytes: z.number().int() }),
  successStatus: 201,
});

export const getAnswerPartUrls = defineContract({
  summary: 'Short-lived presigned URLs for parts of an answer being recorded (PUT each part, keep its ETag).',
  params: z.object({ token: interviewTokenSchema, answerId: idSchema }),
  body: z.object({ partNumbers: z.array(z.number().int().min(1).max(MAX_PART_NUMBER)).min(1).max(20) }),
  response: z.object({ parts: z.array(z.object({ partNumber: z.number().int(), uploadUrl: z.string() })) }),
});

export const submitAnswer = defineContract({
  summary:
    "Submits an answer: completes its upload and starts its processing. The last answer completes the interview (status responded, the position's counts, team notifications).",
  params: z.object({ token: interviewTokenSchema, answerId: idSchema }),
  body: z.object({
    parts: z
      .array(z.object({ partNumber: z.number().int().min(1).max(MAX_PART_NUMBER), etag: z.string().min(1).max(200) }))
      .min(1, 'Upload failure')
      .max(MAX_PART_NUMBER),
  }),
  response: z.object({ completed: z.boolean() }),
});

export const getApplyLink = defineContract({
  summary: "A position's public apply page: branding, and whether it takes applications (the position is open).",
  params: z.object({ linkId: idSchema }),
  response: brandingSchema.extend({ open: z.boolean() }),
});

export const applyThroughLink = defineContract({
  summary: 'Applies to a position through its public link: creates the candidate (a credit, as an invite) and returns their interview.',
  params: z.object({ linkId: idSchema }),
  body: z.object({ candidateName: candidateNameSchema, email: emailSchema }),
  response: z.object({ interviewToken: z.string(), interviewHref: z.string() }),
  successStatus: 201,
});
