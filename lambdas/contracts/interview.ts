import * as z from 'zod/mini';
import { VIDEO_CONTENT_TYPES } from './media-types';
import { candidateNameSchema } from './candidate';
import { emailSchema, idSchema, urlSafeIdSchema } from './common';
import { themeSchema } from './company';
import { defineContract } from './contract';

/**
 * The candidate's side (DESIGN.md §4): no session, the unguessable interview token in the path
 * authorizes exactly one candidate. Public apply links create a candidate and hand back a token.
 */
export const interviewTokenSchema = urlSafeIdSchema(32, 64, 'Not a valid interview link.');

/** The containers an answer may come in (a recording or an uploaded file). */
export const ANSWER_CONTENT_TYPES = VIDEO_CONTENT_TYPES;

/** S3's multipart rules: every part but the last at least 5 MiB, part numbers 1..10000. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
export const MAX_PART_NUMBER = 10_000;
const partNumberSchema = z.int().check(z.minimum(1), z.maximum(MAX_PART_NUMBER));

const playableSchema = z.nullable(z.object({ contentHref: z.string(), contentType: z.string(), thumbnailHref: z.nullable(z.string()) }));

const brandingSchema = z.object({
  companyName: z.string(),
  jobTitle: z.string(),
  theme: themeSchema,
  logoHref: z.nullable(z.string()),
});

export const getInterview = defineContract({
  summary: "The candidate's interview: branding, pacing, intro, questions (with whether each is answered and retakes used), outro.",
  params: z.object({ token: interviewTokenSchema }),
  response: z.extend(brandingSchema, {
    candidateName: z.string(),
    completed: z.boolean(),
    expiresAt: z.nullable(z.string()),
    pacing: z.object({ thinkingTime: z.nullable(z.int()), answerTime: z.int(), retakes: z.nullable(z.int()) }),
    intro: z.nullable(z.object({ video: playableSchema })),
    questions: z.array(
      z.object({
        title: z.nullable(z.string()),
        content: z.nullable(z.string()),
        video: playableSchema,
        answered: z.boolean(),
        attemptsUsed: z.int(),
      }),
    ),
    outro: z.nullable(z.object({ title: z.nullable(z.string()), content: z.nullable(z.string()), video: playableSchema })),
  }),
});

export const startAnswer = defineContract({
  summary: 'Starts a recording (or a retake) of one question: opens a multipart upload for it. Fails when no retakes are left.',
  params: z.object({ token: interviewTokenSchema }),
  body: z.object({
    questionIndex: z.int().check(z.minimum(0), z.maximum(99)),
    contentType: z.enum(VIDEO_CONTENT_TYPES, 'Unable to record a supported video format.'),
  }),
  response: z.object({ answerId: z.string(), retakesLeft: z.nullable(z.int()), minPartBytes: z.int() }),
  successStatus: 201,
});

export const getAnswerPartUrls = defineContract({
  summary: 'Short-lived presigned URLs for parts of an answer being recorded (PUT each part, keep its ETag).',
  params: z.object({ token: interviewTokenSchema, answerId: idSchema }),
  body: z.object({ partNumbers: z.array(partNumberSchema).check(z.minLength(1), z.maxLength(20)) }),
  response: z.object({ parts: z.array(z.object({ partNumber: z.int(), uploadUrl: z.string() })) }),
});

export const submitAnswer = defineContract({
  summary:
    "Submits an answer: completes its upload and starts its processing. The last answer completes the interview (status responded, the position's counts, team notifications).",
  params: z.object({ token: interviewTokenSchema, answerId: idSchema }),
  body: z.object({
    parts: z
      .array(z.object({ partNumber: partNumberSchema, etag: z.string().check(z.minLength(1), z.maxLength(200)) }))
      .check(z.minLength(1, 'Upload failure'), z.maxLength(MAX_PART_NUMBER)),
  }),
  response: z.object({ completed: z.boolean() }),
});

export const getApplyLink = defineContract({
  summary: "A position's public apply page: branding, and whether it takes applications (the position is open).",
  params: z.object({ linkId: idSchema }),
  response: z.extend(brandingSchema, { open: z.boolean() }),
});

export const applyThroughLink = defineContract({
  summary: 'Applies to a position through its public link: creates the candidate (a credit, as an invite) and returns their interview.',
  params: z.object({ linkId: idSchema }),
  body: z.object({ candidateName: candidateNameSchema, email: emailSchema }),
  response: z.object({ interviewToken: z.string(), interviewHref: z.string() }),
  successStatus: 201,
});
