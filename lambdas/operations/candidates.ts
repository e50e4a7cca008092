import * as z from 'zod/mini';
import {
  BATCH_INVITE_MAX,
  BULK_IMPORT_MAX,
  SEARCH_MIN_CHARS,
  answerContentSchema,
  answerPackageSchema,
  answerTranscriptsSchema,
  candidateSummarySchema,
  newCandidateSchema,
  recordingViewSchema,
  shareRequestSchema,
  sharingDetailsSchema,
  variantSchema,
} from '../contracts/candidate';
import { CANDIDATE_STATUSES, EVALUATED_STATUSES, EVALUATION_ACTIONS, UPLOAD_STATUSES } from '../contracts/vocabulary';
import { emailSchema, idSchema, singleLineText } from '../contracts/common';
import { integrationAttributesSchema, integrationTypes } from '../contracts/integrations';
import { timingAdjustmentSchema, timingRequestSchema } from '../contracts/timing-schemas';
import { answerSummaryViewSchema, summaryOverviewViewSchema } from '../contracts/summaries';
import { defineOperation } from './operation';

export const listCandidates = defineOperation({
  method: 'GET',
  path: '/positions/{positionId}/candidates',
  auth: 'session',
  apiKeyScope: 'read',
  grants: ['table:read', 'media:read', 'app:links'],
  summary:
    "A page of a position's candidates (12 a page), newest first: one status tab, or `done` (responded, shortlisted and rejected together, for companies without evaluation), or a search of names and e-mails across all statuses (`search_text`, at least 3 characters; invited candidates last). `after` continues after that candidate; `through` returns every page up to and including that candidate (a reload keeps the place).",
  params: z.object({ positionId: idSchema }),
  query: z.object({
    tab: z._default(z.enum([...CANDIDATE_STATUSES, 'done']), 'invited'),
    searchText: z.optional(singleLineText(z.trim(), z.minLength(SEARCH_MIN_CHARS, 'Enter at least 3 characters to search...'), z.maxLength(100))),
    after: z.optional(idSchema),
    through: z.optional(idSchema),
    /** `score`: only the tab's scored candidates (issue 27 scorecards), highest mean score first. */
    sort: z._default(z.enum(['newest', 'score']), 'newest'),
  }),
  response: z.object({ candidates: z.array(candidateSummarySchema), hasMore: z.boolean() }),
});

export const inviteCandidate = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/positions/{positionId}/candidates',
  auth: 'session',
  apiKeyScope: 'candidates:invite',
  grants: ['table:write', 'mail:send', 'media:read', 'events:put'],
  summary: 'Invites one candidate: spends a credit unless subscribed, e-mails the interview link when an e-mail is given.',
  params: z.object({ positionId: idSchema }),
  body: newCandidateSchema,
  response: candidateSummarySchema,
  successStatus: 201,
});

export const inviteCandidatesBatch = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/positions/{positionId}/candidates/batch',
  auth: 'session',
  apiKeyScope: 'candidates:invite',
  grants: ['table:write', 'mail:send', 'media:read', 'events:put'],
  timeoutSeconds: 60,
  summary: 'Invites candidates in bulk (from a CSV): all or none, one credit each unless subscribed.',
  params: z.object({ positionId: idSchema }),
  body: z.object({
    newCandidates: z
      .array(newCandidateSchema)
      .check(z.minLength(1, 'Add at least one candidate.'), z.maxLength(BATCH_INVITE_MAX, `Invite at most ${BATCH_INVITE_MAX} at once.`)),
  }),
  response: z.object({ candidates: z.array(candidateSummarySchema) }),
  successStatus: 201,
});

export const checkCandidateEmails = defineOperation({
  method: 'POST',
  path: '/positions/{positionId}/candidates/existing-emails',
  auth: 'session',
  apiKeyScope: 'candidates:invite',
  grants: ['table:read'],
  summary:
    "Which of these e-mail addresses are already candidates of the position (a bulk import's preview flags them before anything is sent): up to 1,000, read by key (BatchGetItem, 100 a request). The same access as inviting to the position.",
  params: z.object({ positionId: idSchema }),
  body: z.object({
    emails: z
      .array(emailSchema)
      .check(z.minLength(1, 'Add at least one e-mail address.'), z.maxLength(BULK_IMPORT_MAX, `Check at most ${BULK_IMPORT_MAX} addresses at once.`)),
  }),
  response: z.object({ existingEmails: z.array(z.string()) }),
});

export const sendPreviewInvite = defineOperation({
  method: 'POST',
  path: '/positions/{positionId}/preview-invite',
  auth: 'session',
  grants: ['table:write', 'mail:send', 'media:read'],
  summary: 'E-mails the signed-in member the invitation a candidate would get, with a practice interview (no credit, not listed).',
  params: z.object({ positionId: idSchema }),
  response: z.object({ email: z.string() }),
});

export const getCandidate = defineOperation({
  method: 'GET',
  path: '/candidates/{candidateId}',
  auth: 'session',
  apiKeyScope: 'read',
  // table:write: a member's first opening of a responded candidate marks them reviewed (the position's `new_to_review`).
  grants: ['table:write', 'media:read', 'app:links'],
  summary:
    "A candidate with the questions they were asked, their answers (video variants, thumbnails, captions, ratings), the answer package, and the neighbours for Previous / Next (by completion time, newest first) and Next to review (the oldest still responded). Each read is a view in the company's audit log, except that reads naming the same `view` (an id the page makes once per opening and sends with its background refreshes) record one view between them.",
  params: z.object({ candidateId: idSchema }),
  query: z.object({
    /** The opening of the page this read belongs to (issue 43): one audit log view per opening. */
    view: z.optional(idSchema),
  }),
  response: z.extend(candidateSummarySchema, {
    jobTitle: z.string(),
    rating: z.nullable(z.number()),
    answerPackage: answerPackageSchema,
    /** The ATS the candidate came from (spec §3), with the profile link and what was written back. */
    integrationType: z.nullable(z.enum(integrationTypes)),
    integrationAttributes: z.nullable(integrationAttributesSchema),
    /** Their adjustment of the pacing (issue 25), and what they asked for while the team has not set it since. */
    timing: timingAdjustmentSchema,
    timingRequest: z.nullable(timingRequestSchema),
    /** When the company's retention policy deletes the candidate (issue 28), null when it never does. */
    deleteAfter: z.nullable(z.string()),
    navigation: z.object({
      previousCandidateId: z.nullable(z.string()),
      nextCandidateId: z.nullable(z.string()),
      nextToReviewCandidateId: z.nullable(z.string()),
    }),
    questions: z.array(z.object({ title: z.nullable(z.string()), content: z.nullable(z.string()) })),
    answers: z.array(
      z.object({
        answerId: z.string(),
        questionIndex: z.int(),
        rating: z.nullable(z.int().check(z.minimum(1), z.maximum(5))),
        thumbnail: z.nullable(z.object({ variants: z.array(variantSchema) })),
        /** A video or audio answer's recording (null for a text, choice or file answer). */
        video: z.nullable(z.extend(recordingViewSchema, { videoGroupId: z.string() })),
        ...answerContentSchema.shape,
        /** Its machine-written summary (issue 41); null while summaries are off for the company or it has none yet. */
        summary: z.nullable(answerSummaryViewSchema),
      }),
    ),
    /** The machine-written overview across their answers (issue 41); null while summaries are off or there is none yet. */
    summaryOverview: z.nullable(summaryOverviewViewSchema),
  }),
});

export const reinviteCandidate = defineOperation({
  method: 'PUT',
  idempotent: true,
  path: '/candidates/{candidateId}/reinvite',
  auth: 'session',
  apiKeyScope: 'candidates:invite',
  grants: ['table:write', 'mail:send', 'media:read'],
  summary: 'Sends an invited candidate the invitation again, with a fresh deadline.',
  params: z.object({ candidateId: idSchema }),
  response: candidateSummarySchema,
});

export const fixCandidateEmail = defineOperation({
  method: 'PUT',
  idempotent: true,
  path: '/candidates/{candidateId}/email',
  auth: 'session',
  grants: ['table:write', 'mail:send', 'media:read'],
  summary:
    "Corrects an invited candidate's e-mail address (after a bounce, issue 26) and sends the invitation again to it, with a fresh deadline, spending no credit. The new address must not already be a candidate of the position (409).",
  params: z.object({ candidateId: idSchema }),
  body: z.object({ email: emailSchema }),
  response: candidateSummarySchema,
});

export const setCandidateTiming = defineOperation({
  method: 'PUT',
  idempotent: true,
  path: '/candidates/{candidateId}/timing',
  auth: 'session',
  grants: ['table:write', 'mail:send'],
  summary:
    "Sets a candidate's timing adjustment (issue 25, WCAG 2.2.1): time limits off, a multiplier of the thinking and answer times, extra retakes. Answers any pending request of theirs, and e-mails the candidate (with an address) whether it is granted, with the link to their interview. Allowed at any time: questions not yet answered get the new timing.",
  params: z.object({ candidateId: idSchema }),
  body: timingAdjustmentSchema,
  response: z.object({ timing: timingAdjustmentSchema, timingRequest: z.null() }),
});

export const setCandidateStatus = defineOperation({
  method: 'PUT',
  path: '/candidates/{candidateId}/{status}',
  auth: 'session',
  apiKeyScope: 'candidates:status',
  grants: ['table:write', 'app:links', 'events:put'],
  summary:
    "Evaluation: shortlist, reject, undo → responded, per spec §4's transition table; the position's counts change in the same transaction. (`delete` on this path is deleteCandidate, a function of its own.)",
  params: z.object({ candidateId: idSchema, status: z.enum(EVALUATION_ACTIONS) }),
  response: z.object({ candidateId: z.string(), currentStatus: z.enum(EVALUATED_STATUSES) }),
});

/** The spec's `PUT /candidates/{candidateId}/{status}` with `delete`: API Gateway matches this literal route first, so deletion is its own function and the others hold no `media:delete`. */
export const deleteCandidate = defineOperation({
  method: 'PUT',
  path: '/candidates/{candidateId}/delete',
  auth: 'session',
  grants: ['table:write', 'media:delete', 'events:put'],
  timeoutSeconds: 30,
  summary: 'Deletes the candidate with their answers and every media object of theirs.',
  params: z.object({ candidateId: idSchema }),
  response: z.object({ candidateId: z.string(), currentStatus: z.literal('deleted') }),
});

export const exportCandidates = defineOperation({
  method: 'GET',
  path: '/positions/{positionId}/candidates-export',
  auth: 'session',
  apiKeyScope: 'read',
  // table:write: the export is recorded in the company's audit log.
  grants: ['table:write', 'app:links'],
  summary:
    "Every candidate of a position as rows for a CSV download (the SPA names it date_jobtitle_Candidates.csv), with each answer in words when the position asks anything other than a video, and why a knockout stopped them. Names, e-mails and answers that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) come prefixed with '.",
  params: z.object({ positionId: idSchema }),
  response: z.object({
    rows: z.array(
      z.object({
        candidateName: z.string(),
        email: z.nullable(z.string()),
        currentStatus: z.enum(CANDIDATE_STATUSES),
        invitedAt: z.string(),
        completedAt: z.nullable(z.string()),
        rating: z.nullable(z.number()),
        interviewHref: z.string(),
        /** The mean of their scorecards (issue 27), and the mean per criterion; absent while unscored. */
        score: z.optional(z.nullable(z.number())),
        criterionScores: z.optional(z.array(z.object({ name: z.string(), mean: z.number() }))),
        /**
         * Issue 39: each question's answer in words, by question index ('' where not answered): a
         * text as written, the options picked joined with "; " (a knockout marked), a file by its
         * name, a recording by its kind. Only on rows of candidates asked something other than a video.
         */
        answers: z.optional(z.array(z.string())),
        /** Why a knockout option flagged them or ended their interview (issue 39); absent when none did. */
        knockedOut: z.optional(z.string()),
        /**
         * Issue 41, while the company has summaries on: each summarised answer's machine-written points
         * on a line of its own, `Q<n>: [m:ss] text | [m:ss] text` ('' when none has any); absent while summaries are off.
         */
        summary: z.optional(z.string()),
      }),
    ),
    /** The questions' titles, the answer columns' names (issue 39): present when a row has `answers`. */
    questions: z.optional(z.array(z.string())),
  }),
});

export const rateAnswer = defineOperation({
  method: 'PUT',
  path: '/answers/{answerId}/rating',
  auth: 'session',
  grants: ['table:write'],
  summary: 'Rates an answer from 1 to 5.',
  params: z.object({ answerId: idSchema }),
  body: z.object({ newRating: z.int().check(z.minimum(1, 'Choose a rating from 1 to 5.'), z.maximum(5, 'Choose a rating from 1 to 5.')) }),
  response: z.object({ answerId: z.string(), rating: z.int() }),
});

export const processAnswerAgain = defineOperation({
  method: 'PUT',
  path: '/answers/{answerId}/processing',
  auth: 'session',
  grants: ['table:write', 'workflow:start'],
  summary:
    "Processes an answer whose video failed to process again, from the candidate's stored upload (issue 37): the answer is `processing` until the media pipeline has it ready, or failed again. Only a failed answer is started again, once; for any other (a second click included) nothing happens and its status is answered.",
  params: z.object({ answerId: idSchema }),
  response: z.object({ answerId: z.string(), uploadStatus: z.enum(UPLOAD_STATUSES) }),
});

export const getAnswerTranscripts = defineOperation({
  method: 'GET',
  path: '/candidates/{candidateId}/answer-transcripts',
  auth: 'session',
  apiKeyScope: 'read',
  grants: ['table:read', 'media:read'],
  summary: "Each answer's transcript: its status and paragraphs with their start times.",
  params: z.object({ candidateId: idSchema }),
  response: answerTranscriptsSchema,
});

export const getCandidateAccessStatus = defineOperation({
  method: 'GET',
  path: '/candidates/{candidateId}/access-status',
  auth: 'session',
  grants: ['table:read'],
  summary:
    'Whether the signed-in member can open a candidate (by candidate id or public candidate id), and where: the public page redirects members who can.',
  params: z.object({ candidateId: idSchema }),
  response: z.object({
    canAccess: z.boolean(),
    candidate: z.nullable(z.object({ companyId: z.string(), positionId: z.string(), candidateId: z.string() })),
  }),
});

export const createAnswerPackage = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/candidates/{candidateId}/answer-package',
  auth: 'session',
  grants: ['table:write', 'media:read', 'package:start'],
  summary:
    "Starts zipping the candidate's processed answer videos (named by question number and title) into one download, off the request path: answers `generating` (202), or the package as it is while one is being built or once the current answers are packaged. The candidate's `answer_package` says when it is completed. Answers still processing must finish first (409); answers whose processing failed are left out and named.",
  params: z.object({ candidateId: idSchema }),
  response: answerPackageSchema,
  successStatus: 202,
});

export const createSharingDetails = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/candidates/{candidateId}/sharing-details',
  auth: 'session',
  grants: ['table:write', 'app:links'],
  summary:
    'Turns sharing on: a public link to the candidate’s answers (the same link while it stays on). `expires_in_days` (1, 7 or 30, or null for never) sets when it stops working, from now; left out, a new link never expires and a link that is on keeps its expiry.',
  params: z.object({ candidateId: idSchema }),
  body: shareRequestSchema,
  response: sharingDetailsSchema,
});

export const getMySharingDetails = defineOperation({
  method: 'GET',
  path: '/candidates/{candidateId}/my-sharing-details',
  auth: 'session',
  grants: ['table:read', 'app:links'],
  summary: 'The candidate’s public link, when it expires and when it was last opened; 404 when sharing is off.',
  params: z.object({ candidateId: idSchema }),
  response: sharingDetailsSchema,
});

export const deleteSharing = defineOperation({
  method: 'DELETE',
  path: '/sharing-public-candidate-ids/{publicCandidateId}',
  auth: 'session',
  grants: ['table:write'],
  summary: 'Turns sharing off: the public link stops working at once.',
  params: z.object({ publicCandidateId: idSchema }),
  response: z.undefined(),
  successStatus: 204,
});
