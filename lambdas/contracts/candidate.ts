import * as z from 'zod/mini';
import { emailSchema, idSchema, singleLineText, trimmedLine } from './common';
import { CANDIDATE_STATUSES, EVALUATION_ACTIONS } from './candidate-status';
import { themeSchema } from './company';
import { defineContract } from './contract';
import { integrationAttributesSchema, integrationTypes } from './integrations';

/** Candidates as the hiring team sees them (spec §3 Candidate, §7 Positions/Candidates). */
export { CANDIDATE_STATUSES } from './candidate-status';
export const CANDIDATE_PAGE_SIZE = 12;
export const BATCH_INVITE_MAX = 500;

export const candidateNameSchema = trimmedLine(100, 'Enter the candidate’s name.', 'Use at most 100 characters.');

/** A point in time with its relative text ("3 days ago", "in 6 days"), as the spec's time fields. */
export const timeSchema = z.object({ timeValue: z.string(), relativeTime: z.string() });

const variantSchema = z.object({ contentHref: z.string(), contentType: z.string() });

export const candidateSummarySchema = z.object({
  candidateId: z.string(),
  positionId: z.string(),
  candidateName: z.string(),
  email: z.nullable(z.string()),
  currentStatus: z.enum(CANDIDATE_STATUSES),
  createdAt: timeSchema,
  expiresAt: z.nullable(timeSchema),
  completedAt: z.nullable(timeSchema),
  interviewHref: z.string(),
  thumbnail: z.nullable(z.object({ variants: z.array(variantSchema) })),
});

const newCandidateSchema = z.object({
  candidateName: candidateNameSchema,
  email: z.nullable(emailSchema),
});

export const SEARCH_MIN_CHARS = 3;

export const listCandidates = defineContract({
  summary:
    "A page of a position's candidates (12 a page), newest first: one status tab, or `done` (responded, shortlisted and rejected together, for companies without evaluation), or a search of names and e-mails across all statuses (`search_text`, at least 3 characters; invited candidates last). `after` continues after that candidate; `through` returns every page up to and including that candidate (a reload keeps the place).",
  params: z.object({ positionId: idSchema }),
  query: z.object({
    tab: z._default(z.enum([...CANDIDATE_STATUSES, 'done']), 'invited'),
    searchText: z.optional(singleLineText(z.trim(), z.minLength(SEARCH_MIN_CHARS, 'Enter at least 3 characters to search...'), z.maxLength(100))),
    after: z.optional(idSchema),
    through: z.optional(idSchema),
  }),
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
      .check(z.minLength(1, 'Add at least one candidate.'), z.maxLength(BATCH_INVITE_MAX, `Invite at most ${BATCH_INVITE_MAX} at once.`)),
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

/**
 * The answer package (spec §3): built off the request path, `generating` until it is `completed`
 * (the page polls meanwhile) or `failed` (it may be exported again). Answers whose video failed to
 * process are left out of the zip and named here; the rest still export.
 */
export const answerPackageSchema = z.object({
  packageStatus: z.enum(['not_generated', 'generating', 'completed', 'failed']),
  downloadHref: z.nullable(z.string()),
  leftOutAnswers: z.array(z.object({ answerId: z.string(), questionIndex: z.int(), reason: z.enum(['processing_failed']) })),
});

export const getCandidate = defineContract({
  summary:
    'A candidate with the questions they were asked, their answers (video variants, thumbnails, captions, ratings), the answer package, and the neighbours for Previous / Next (by completion time, newest first) and Next to review (the oldest still responded).',
  params: z.object({ candidateId: idSchema }),
  response: z.extend(candidateSummarySchema, {
    jobTitle: z.string(),
    rating: z.nullable(z.number()),
    answerPackage: answerPackageSchema,
    /** The ATS the candidate came from (spec §3), with the profile link and what was written back. */
    integrationType: z.nullable(z.enum(integrationTypes)),
    integrationAttributes: z.nullable(integrationAttributesSchema),
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
  summary:
    "Evaluation (shortlist, reject, undo → responded, per spec §4's transition table; the position's counts change in the same transaction) or deletion (answers and media go too).",
  params: z.object({ candidateId: idSchema, status: z.enum([...EVALUATION_ACTIONS, 'delete']) }),
  response: z.object({ candidateId: z.string(), currentStatus: z.enum(['responded', 'shortlisted', 'rejected', 'deleted']) }),
});

export const rateAnswer = defineContract({
  summary: 'Rates an answer from 1 to 5.',
  params: z.object({ answerId: idSchema }),
  body: z.object({ newRating: z.int().check(z.minimum(1, 'Choose a rating from 1 to 5.'), z.maximum(5, 'Choose a rating from 1 to 5.')) }),
  response: z.object({ answerId: z.string(), rating: z.int() }),
});

export const answerTranscriptsSchema = z.object({
  answerTranscripts: z.array(
    z.object({
      answerId: z.string(),
      transcriptStatus: z.enum(['none', 'created', 'submitted', 'completed', 'failed']),
      paragraphs: z.array(z.object({ startMillis: z.int(), content: z.string() })),
    }),
  ),
});

export const getAnswerTranscripts = defineContract({
  summary: "Each answer's transcript: its status and paragraphs with their start times.",
  params: z.object({ candidateId: idSchema }),
  response: answerTranscriptsSchema,
});

export const getCandidateAccessStatus = defineContract({
  summary:
    'Whether the signed-in member can open a candidate (by candidate id or public candidate id), and where: the public page redirects members who can.',
  params: z.object({ candidateId: idSchema }),
  response: z.object({
    canAccess: z.boolean(),
    candidate: z.nullable(z.object({ companyId: z.string(), positionId: z.string(), candidateId: z.string() })),
  }),
});

export const createAnswerPackage = defineContract({
  summary:
    "Starts zipping the candidate's processed answer videos (named by question number and title) into one download, off the request path: answers `generating` (202), or the package as it is while one is being built or once the current answers are packaged. The candidate's `answer_package` says when it is completed. Answers still processing must finish first (409); answers whose processing failed are left out and named.",
  params: z.object({ candidateId: idSchema }),
  response: answerPackageSchema,
  successStatus: 202,
});

export const sharingDetailsSchema = z.object({ publicCandidateId: z.string(), publicCandidateHref: z.string() });

export const createSharingDetails = defineContract({
  summary: 'Turns sharing on: a public link to the candidate’s answers (the same link while it stays on).',
  params: z.object({ candidateId: idSchema }),
  response: sharingDetailsSchema,
});

export const getMySharingDetails = defineContract({
  summary: 'The candidate’s public link; 404 when sharing is off.',
  params: z.object({ candidateId: idSchema }),
  response: sharingDetailsSchema,
});

export const deleteSharing = defineContract({
  summary: 'Turns sharing off: the public link stops working at once.',
  params: z.object({ publicCandidateId: idSchema }),
  response: z.undefined(),
  successStatus: 204,
});

const publicAnswerSchema = z.object({
  answerId: z.string(),
  questionIndex: z.int(),
  thumbnail: z.nullable(z.object({ variants: z.array(variantSchema) })),
  video: z.object({
    uploadStatus: z.enum(['uploading', 'processing', 'ready', 'failed']),
    captions: z.object({ captionsStatus: z.enum(['none', 'preparing', 'ready', 'failed']), variants: z.array(variantSchema) }),
    variants: z.array(variantSchema),
  }),
});

export const getPublicCandidate = defineContract({
  summary: "A shared candidate's answers, for anyone with the link: nothing beyond what the public page shows.",
  params: z.object({ publicCandidateId: idSchema }),
  response: z.object({
    candidateName: z.string(),
    jobTitle: z.string(),
    companyName: z.string(),
    /** The company's branding: its theme, and a short-lived link to its logo while the theme is on. */
    theme: themeSchema,
    logoHref: z.nullable(z.string()),
    questions: z.array(z.object({ title: z.nullable(z.string()), content: z.nullable(z.string()) })),
    answers: z.array(publicAnswerSchema),
  }),
});

export const getPublicAnswerTranscripts = defineContract({
  summary: "A shared candidate's transcripts.",
  params: z.object({ publicCandidateId: idSchema }),
  response: answerTranscriptsSchema,
});

export const exportCandidates = defineContract({
  summary:
    "Every candidate of a position as rows for a CSV download (the SPA names it date_jobtitle_Candidates.csv). Names and e-mails that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) come prefixed with '.",
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
      }),
    ),
  }),
});
