import * as z from 'zod/mini';
import { companyIdParams } from './account';
import { idSchema, multiLineText, singleLineText, trimmedLine, urlSafeIdSchema } from './common';
import { defineContract } from './contract';
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

export const positionStatuses = ['open', 'closed'] as const;

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
});

export const positionSchema = z.extend(positionBodySchema, {
  positionId: z.string(),
  companyId: z.string(),
  currentStatus: z.enum(positionStatuses),
  candidates: candidateCountsSchema,
  version: z.int(),
  createdAt: z.string(),
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
    status: z._default(z.enum(positionStatuses), 'open'),
    cursor: z.optional(z.string().check(z.maxLength(1024))),
  }),
  response: z.object({ positions: z.array(positionSummarySchema), cursor: z.nullable(z.string()) }),
});

export const createPosition = defineContract({
  summary: 'Creates an open position from the wizard (job title and interview).',
  params: companyIdParams,
  body: z.object({ jobTitle: jobTitleSchema, interview: interviewSchema }),
  response: z.object({ positionId: z.string() }),
  successStatus: 201,
});

const positionIdParams = z.object({ positionId: idSchema });

export const getPosition = defineContract({
  summary: 'A position with its interview, access, notifications, messages, deadline and public link.',
  params: positionIdParams,
  response: positionSchema,
});

export const updatePosition = defineContract({
  summary: 'Replaces the editable body of a position. `version` must be the one read: a concurrent edit gives 409.',
  params: positionIdParams,
  body: z.extend(positionBodySchema, { version: z.int().check(z.nonnegative()) }),
  response: positionSchema,
});

export const setPositionStatus = defineContract({
  summary: 'close, open (re-open) or delete (only when closed; removes its candidates and media).',
  params: z.extend(positionIdParams, { status: z.enum(['close', 'open', 'delete']) }),
  response: z.object({ positionId: z.string(), currentStatus: z.enum(['open', 'closed', 'deleted']) }),
});

export const createApplyLink = defineContract({
  summary: "Creates the position's public apply link (or returns the existing one).",
  params: positionIdParams,
  response: z.object({ linkHref: z.string() }),
  successStatus: 201,
});

const contentItemSchema = z.object({
  contentType: z.enum(['intro', 'question', 'outro']),
  title: z.string(),
  content: z.string(),
  thumbnailImageGroupId: z.nullable(z.string()),
  videoGroupId: z.nullable(z.string()),
  ephemeralId: z.string(),
});

export const getContentLibrary = defineContract({
  summary: "Intros, questions and outros of the company's positions the user can access, to reuse.",
  params: companyIdParams,
  response: z.object({
    positionsContent: z.array(z.object({ positionId: z.string(), jobTitle: z.string(), contentItems: z.array(contentItemSchema) })),
  }),
});

const labelledValues = z.array(z.object({ label: z.string(), value: z.string() }));

export const getMessageTriggers = defineContract({
  summary: 'When a planned message may be sent.',
  response: z.object({ messageTriggers: labelledValues }),
});

export const listMessageTemplates = defineContract({
  summary:
    "The company's message templates: the read-only standard ones every company starts with, then its own (lambdas/contracts/message-templates.ts), each in use when a position the caller can open plans it.",
  params: z.object({ companyId: idSchema }),
  response: z.object({
    messageTemplates: z.array(
      z.object({
        templateId: z.string(),
        templateName: z.string(),
        subjectLine: z.string(),
        bodyContent: z.string(),
        isStandard: z.boolean(),
        inUse: z.boolean(),
      }),
    ),
  }),
});

export const getInviteExpiryOffsets = defineContract({
  summary: 'Candidate deadlines a position may set (besides never).',
  response: z.object({ inviteExpiryOffsets: labelledValues }),
});
