import * as z from 'zod/mini';
import { candidateNameSchema } from '../contracts/candidate';
import { emailSchema, idSchema } from '../contracts/common';
import { MAX_PART_NUMBER, brandingSchema, interviewTokenSchema, partNumberSchema, playableSchema } from '../contracts/interview';
import { RECORDED_CONTENT_TYPES } from '../contracts/media-types';
import { effectivePacingSchema, timingRequestChoiceSchema, timingRequestSchema } from '../contracts/timing-schemas';
import { answerDraftSchema, candidateAnswerSpecSchema, fileAnswerStartSchema, typedAnswerSchema } from '../contracts/answer-types';
import { defineOperation } from './operation';

export const getInterview = defineOperation({
  method: 'GET',
  path: '/interviews/{token}',
  auth: 'public',
  // table:write: the first opening is recorded (issue 40's funnel).
  grants: ['table:write', 'media:read'],
  summary:
    "The candidate's interview: branding, pacing (the position's with the candidate's timing adjustment applied: `answer_time` null is no limit), whether the timing is adjusted and may still be asked for, intro, questions (with whether each is answered and retakes used), outro. Every team video comes with its captions once they are ready.",
  params: z.object({ token: interviewTokenSchema }),
  response: z.extend(brandingSchema, {
    candidateName: z.string(),
    /** The company and the candidate's address, for the page's "Delete my data" link (issue 28). */
    companyId: z.string(),
    candidateEmail: z.nullable(z.string()),
    completed: z.boolean(),
    expiresAt: z.nullable(z.string()),
    pacing: effectivePacingSchema,
    /**
     * The candidate's timing (issue 25): whether it is adjusted, whether they may choose it
     * themselves (otherwise they ask the team), whether they still can (no question started yet),
     * and the request the team has not answered yet.
     */
    timing: z.object({
      adjusted: z.boolean(),
      selfService: z.boolean(),
      canAsk: z.boolean(),
      request: z.nullable(timingRequestSchema),
    }),
    intro: z.nullable(z.object({ video: playableSchema })),
    questions: z.array(
      z.object({
        title: z.nullable(z.string()),
        content: z.nullable(z.string()),
        video: playableSchema,
        /** What the question asks for (issue 39), without which options knock out. */
        answer: candidateAnswerSpecSchema,
        /** A text question's draft while it is not answered (issue 39), null otherwise. */
        draft: z.nullable(z.string()),
        answered: z.boolean(),
        attemptsUsed: z.int(),
      }),
    ),
    /** A knockout answer ended the interview (issue 39): the position's message to the candidate. */
    knockedOut: z.nullable(z.object({ message: z.string() })),
    outro: z.nullable(z.object({ title: z.nullable(z.string()), content: z.nullable(z.string()), video: playableSchema })),
    /** The company has summaries on (issue 41): the welcome screen and the privacy note tell the candidate their answers will be summarised. */
    answersSummarised: z.boolean(),
  }),
});

export const requestInterviewTiming = defineOperation({
  method: 'POST',
  path: '/interviews/{token}/timing-request',
  auth: 'public',
  grants: ['table:write', 'mail:send'],
  summary:
    "The candidate asks for no time limit or double time, before their first question (409 once one was started). Where the position lets candidates choose, it applies at once (`applied`); otherwise the request is kept and the position's notified members get an e-mail (the team sets the timing). Safe to repeat.",
  params: z.object({ token: interviewTokenSchema }),
  body: z.object({ choice: timingRequestChoiceSchema }),
  response: z.object({ applied: z.boolean(), pacing: effectivePacingSchema }),
});

export const startAnswer = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/interviews/{token}/answers',
  auth: 'public',
  grants: ['table:write', 'media:write', 'app:links', 'events:put'],
  summary:
    'Starts a recording (or a retake) of one question: opens a multipart upload for it. Fails when no retakes are left. A take replacing a live take that was lost (replacesAnswerId) does not count.',
  params: z.object({ token: interviewTokenSchema }),
  body: z.object({
    questionIndex: z.int().check(z.minimum(0), z.maximum(99)),
    /** A video type for a video question, an audio type for an audio-only one (issue 39: the use case checks which). */
    contentType: z.enum(RECORDED_CONTENT_TYPES, 'Unable to record a supported video or audio format.'),
    /** The take this one replaces when that one was a live take that was lost: it does not count as a retake. */
    replacesAnswerId: z.optional(idSchema),
  }),
  response: z.object({ answerId: z.string(), retakesLeft: z.nullable(z.int()), minPartBytes: z.int() }),
  successStatus: 201,
});

/** A question of the candidate's interview, by its index in the path. */
const questionParams = z.object({ token: interviewTokenSchema, questionIndex: z.coerce.number().check(z.int(), z.minimum(0), z.maximum(99)) });

export const saveAnswerDraft = defineOperation({
  method: 'PUT',
  path: '/interviews/{token}/questions/{questionIndex}/draft',
  auth: 'public',
  grants: ['table:write'],
  summary:
    "Saves the draft of a text answer (issue 39) while the candidate types, so a reload loses nothing: the interview's question comes back with it as `draft` until the answer is submitted. Only for a text question not yet answered of an interview in progress.",
  params: questionParams,
  body: answerDraftSchema,
  response: z.object({ savedAt: z.string() }),
});

export const submitTypedAnswer = defineOperation({
  method: 'PUT',
  path: '/interviews/{token}/questions/{questionIndex}/answer',
  auth: 'public',
  grants: ['table:write', 'events:put', 'app:links'],
  summary:
    "Submits a typed answer (issue 39): `text` for a text question (held to its word limits), `option_ids` for a choice question (held to its options and how many may be picked). The last answer completes the interview; a knockout option flags the candidate for the team, or, when the position says so, completes the interview at once and answers the position's message in `knocked_out`. Safe to repeat: the same answer again answers the same, a different one is 409.",
  params: questionParams,
  body: typedAnswerSchema,
  response: z.object({
    completed: z.boolean(),
    /** A knockout option was picked (now or before): whether it ended the interview, and then the message for the candidate. */
    knockedOut: z.nullable(z.object({ ended: z.boolean(), message: z.nullable(z.string()) })),
  }),
});

export const startFileAnswer = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/interviews/{token}/questions/{questionIndex}/file',
  auth: 'public',
  grants: ['table:write', 'media:write', 'app:links', 'events:put'],
  summary:
    'Starts a file answer (issue 39) of a file question: a presigned PUT for exactly `size` bytes (at most 10 MB) with the content type `upload_content_type`. Submit it with the answer\'s submission (`{"uploaded": "file"}`): the server reads the file\'s type from its bytes and keeps only a PDF, Word (DOCX), PNG or JPEG. A file started earlier and not submitted is replaced.',
  params: questionParams,
  body: fileAnswerStartSchema,
  response: z.object({ answerId: z.string(), uploadUrl: z.string(), uploadContentType: z.string(), maxBytes: z.int() }),
  successStatus: 201,
});

export const getAnswerPartUrls = defineOperation({
  method: 'POST',
  path: '/interviews/{token}/answers/{answerId}/part-urls',
  auth: 'public',
  grants: ['table:read', 'media:write'],
  summary: 'Short-lived presigned URLs for parts of an answer being recorded (PUT each part, keep its ETag).',
  params: z.object({ token: interviewTokenSchema, answerId: idSchema }),
  body: z.object({ partNumbers: z.array(partNumberSchema).check(z.minLength(1), z.maxLength(20)) }),
  response: z.object({ parts: z.array(z.object({ partNumber: z.int(), uploadUrl: z.string() })) }),
});

export const submitAnswer = defineOperation({
  method: 'PUT',
  path: '/interviews/{token}/answers/{answerId}/submission',
  auth: 'public',
  grants: ['table:write', 'media:read', 'media:write', 'workflow:start', 'events:put'],
  timeoutSeconds: 30,
  summary:
    "Submits an answer: completes its upload (or, for a take recorded live, its recording) and starts its processing. The last answer completes the interview (status responded, the position's counts); the team's notifications follow in an event function.",
  params: z.object({ token: interviewTokenSchema, answerId: idSchema }),
  body: z.union([
    z.object({
      parts: z
        .array(z.object({ partNumber: partNumberSchema, etag: z.string().check(z.minLength(1), z.maxLength(200)) }))
        .check(z.minLength(1, 'Upload failure'), z.maxLength(MAX_PART_NUMBER)),
    }),
    /** A take recorded live (lambdas/operations/recordings.ts): the recording names it. */
    z.object({ recordingId: idSchema }),
    /** A file answer (issue 39) PUT whole to its presigned URL (startFileAnswer). */
    z.object({ uploaded: z.literal('file') }),
  ]),
  response: z.object({ completed: z.boolean() }),
});

export const getApplyLink = defineOperation({
  method: 'GET',
  path: '/apply-links/{linkId}',
  auth: 'public',
  grants: ['table:read', 'media:read'],
  summary: "A position's public apply page: branding, and whether it takes applications (the position is open).",
  params: z.object({ linkId: idSchema }),
  response: z.extend(brandingSchema, { open: z.boolean() }),
});

export const applyThroughLink = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/apply-links/{linkId}/candidates',
  auth: 'public',
  grants: ['table:write', 'mail:send', 'media:read', 'events:put'],
  summary: 'Applies to a position through its public link: creates the candidate (a credit, as an invite) and returns their interview.',
  params: z.object({ linkId: idSchema }),
  body: z.object({ candidateName: candidateNameSchema, email: emailSchema }),
  response: z.object({ interviewToken: z.string(), interviewHref: z.string() }),
  successStatus: 201,
});
