import * as z from 'zod/mini';
import { idSchema, multiLineText, singleLineText, trimmedLine, urlSafeIdSchema } from './common';
import { integrationTagsSchema } from './integrations';
import {
  ANSWER_TIME_OPTIONS,
  isQuestionComplete,
  JOB_TITLE_MAX,
  MAX_QUESTIONS,
  OUTRO_CONTENT_MAX,
  OUTRO_TITLE_MAX,
  QUESTION_CONTENT_MAX,
  QUESTION_TITLE_MAX,
  RETAKE_OPTIONS,
  THINKING_TIME_OPTIONS,
} from './pacing';
import { isInviteExpiryOffset, isMessageTrigger } from './message-options';
import { POSITION_STATUSES } from './vocabulary';
import { candidateTimingSchema } from './timing-schemas';
import { answerSpecSchema, DEFAULT_KNOCKOUT, knockoutSettingsSchema, VIDEO_ANSWER } from './answer-types';

export const candidateCountsSchema = z.object({
  invited: z.int(),
  responded: z.int(),
  shortlisted: z.int(),
  rejected: z.int(),
});

const groupId = z._default(z.nullable(urlSafeIdSchema(8, 64, 'Not a valid media group id.')), null);
const oneOf = (options: readonly number[], label: string) =>
  z.int().check(z.refine((value) => options.includes(value), `${label} must be one of ${options.join(', ')} seconds.`));

export const jobTitleSchema = trimmedLine(JOB_TITLE_MAX, 'Enter a position name.', `Use at most ${JOB_TITLE_MAX} characters.`);

export const introSchema = z.object({ thumbnailImageGroupId: groupId, videoGroupId: groupId });
export const questionSchema = z
  .object({
    title: z._default(singleLineText(z.maxLength(QUESTION_TITLE_MAX, `A question title has at most ${QUESTION_TITLE_MAX} characters.`)), ''),
    content: z._default(multiLineText(z.maxLength(QUESTION_CONTENT_MAX, `Additional details have at most ${QUESTION_CONTENT_MAX} characters.`)), ''),
    thumbnailImageGroupId: groupId,
    videoGroupId: groupId,
    /** What the question asks for (issue 39); a video when absent. */
    answer: z._default(answerSpecSchema, () => ({ ...VIDEO_ANSWER })),
  })
  .check(z.refine(isQuestionComplete, { message: 'Every question needs a video or a title.', path: ['title'] }));
export const outroSchema = z.object({
  title: z._default(singleLineText(z.maxLength(OUTRO_TITLE_MAX, `The outro title has at most ${OUTRO_TITLE_MAX} characters.`)), ''),
  content: z._default(multiLineText(z.maxLength(OUTRO_CONTENT_MAX, `The outro message has at most ${OUTRO_CONTENT_MAX} characters.`)), ''),
  thumbnailImageGroupId: groupId,
  videoGroupId: groupId,
});
export const pacingSchema = z.object({
  thinkingTime: z.nullable(oneOf(THINKING_TIME_OPTIONS, 'Thinking time')),
  answerTime: oneOf(ANSWER_TIME_OPTIONS, 'Max answer length'),
  retakes: z.nullable(oneOf(RETAKE_OPTIONS, 'Retakes')),
});
export const interviewSchema = z.object({
  intro: z._default(z.nullable(introSchema), null),
  questions: z
    .array(questionSchema)
    .check(z.minLength(1, 'Add at least one question.'), z.maxLength(MAX_QUESTIONS, `Use at most ${MAX_QUESTIONS} questions.`)),
  outro: z._default(z.nullable(outroSchema), null),
  pacing: pacingSchema,
  /** What a knockout option of a choice question does (issue 39); flag the candidate when absent. */
  knockout: z._default(knockoutSettingsSchema, () => ({ ...DEFAULT_KNOCKOUT })),
});

const userIdsSchema = z.object({
  userIds: z.array(idSchema).check(z.minLength(1, "Nobody would have access. Changes can't be saved."), z.maxLength(500)),
});
export const plannedMessageSchema = z.object({
  templateId: z.string().check(z.minLength(1), z.maxLength(64)),
  sendTrigger: z.string().check(z.refine(isMessageTrigger, 'Choose a trigger from the list.')),
});

/** The editable body of a position (what PUT /positions/{id} sends in full). */
export const positionBodySchema = z.object({
  jobTitle: jobTitleSchema,
  interview: interviewSchema,
  sharing: z.nullable(userIdsSchema),
  notifying: z.nullable(userIdsSchema),
  plannedMessages: z.array(plannedMessageSchema).check(z.maxLength(20)),
  invitesExpireAfter: z.nullable(z.string().check(z.refine(isInviteExpiryOffset, 'Choose a deadline from the list.'))),
  // The server sets the link (POST …/apply-links) and ignores this value; it only has to be sane text.
  applyLink: z.nullable(z.object({ linkHref: singleLineText(z.maxLength(2048)) })),
  /** The ATS tag per integration whose candidates this position interviews (absent = none). */
  integrationTags: z._default(integrationTagsSchema, []),
  /**
   * Candidates' timing (issue 25): whether they may choose no time limit or double time themselves
   * (otherwise they ask the team), and the adjustment apply-link candidates get. Absent: they may,
   * and apply-link candidates get none.
   */
  candidateTiming: candidateTimingSchema,
});

/**
 * What the position keeps of its responses (issue 29): the responded candidates no member has
 * opened yet, and when the latest response came (null before any). Positions older than these
 * fields read as 0 and null.
 */
const responseFields = {
  newToReview: z._default(z.int(), 0),
  lastResponseAt: z._default(z.nullable(z.string()), null),
};

export const positionSchema = z.extend(positionBodySchema, {
  positionId: z.string(),
  companyId: z.string(),
  currentStatus: z.enum(POSITION_STATUSES),
  candidates: candidateCountsSchema,
  version: z.int(),
  createdAt: z.string(),
  ...responseFields,
});

export const positionSummarySchema = z.object({
  positionId: z.string(),
  jobTitle: z.string(),
  currentStatus: z.enum(POSITION_STATUSES),
  candidates: candidateCountsSchema,
  createdAt: z.string(),
  ...responseFields,
  /** The public apply link while it is on (the card copies it), as GET /positions/{id} shows it. */
  applyLink: z._default(z.nullable(z.object({ linkHref: z.string() })), null),
  /** The interview's pacing (the card's invite dialog shows what a timing adjustment gives). */
  pacing: pacingSchema,
});

export const positionIdParams = z.object({ positionId: idSchema });

export const contentItemSchema = z.object({
  contentType: z.enum(['intro', 'question', 'outro']),
  title: z.string(),
  content: z.string(),
  thumbnailImageGroupId: z.nullable(z.string()),
  videoGroupId: z.nullable(z.string()),
  ephemeralId: z.string(),
});

export const labelledValues = z.array(z.object({ label: z.string(), value: z.string() }));
