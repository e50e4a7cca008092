import * as z from 'zod/mini';
import { emailSchema, trimmedLine } from './common';
import { CANDIDATE_STATUSES } from './candidate-status';
import { CAPTIONS_STATUSES, PACKAGE_STATUSES, TRANSCRIPT_STATUSES, UPLOAD_STATUSES } from './vocabulary';
import { timingAdjustmentSchema } from './timing-schemas';
import { NO_ADJUSTMENT } from './timing';

/** Candidates as the hiring team sees them (spec §3 Candidate, §7 Positions/Candidates). */
export { CANDIDATE_STATUSES } from './candidate-status';
export const CANDIDATE_PAGE_SIZE = 12;
export const BATCH_INVITE_MAX = 500;

export const candidateNameSchema = trimmedLine(100, 'Enter the candidate’s name.', 'Use at most 100 characters.');

/** A point in time with its relative text ("3 days ago", "in 6 days"), as the spec's time fields. */
export const timeSchema = z.object({ timeValue: z.string(), relativeTime: z.string() });

export const variantSchema = z.object({ contentHref: z.string(), contentType: z.string() });

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
  /** The candidate's pacing is adjusted (issue 25: no time limit, more time or extra retakes). */
  timingAdjusted: z.boolean(),
});

export const newCandidateSchema = z.object({
  candidateName: candidateNameSchema,
  email: z.nullable(emailSchema),
  /** Their adjustment of the position's pacing (issue 25); none when absent. */
  timing: z._default(timingAdjustmentSchema, () => ({ ...NO_ADJUSTMENT })),
});

export const SEARCH_MIN_CHARS = 3;

/**
 * The answer package (spec §3): built off the request path, `generating` until it is `completed`
 * (the page polls meanwhile) or `failed` (it may be exported again). Answers whose video failed to
 * process are left out of the zip and named here; the rest still export.
 */
export const answerPackageSchema = z.object({
  packageStatus: z.enum(['not_generated', ...PACKAGE_STATUSES]),
  downloadHref: z.nullable(z.string()),
  leftOutAnswers: z.array(z.object({ answerId: z.string(), questionIndex: z.int(), reason: z.enum(['processing_failed']) })),
});

export const answerTranscriptsSchema = z.object({
  answerTranscripts: z.array(
    z.object({
      answerId: z.string(),
      transcriptStatus: z.enum(TRANSCRIPT_STATUSES),
      paragraphs: z.array(z.object({ startMillis: z.int(), content: z.string() })),
    }),
  ),
});

export const sharingDetailsSchema = z.object({ publicCandidateId: z.string(), publicCandidateHref: z.string() });

export const publicAnswerSchema = z.object({
  answerId: z.string(),
  questionIndex: z.int(),
  thumbnail: z.nullable(z.object({ variants: z.array(variantSchema) })),
  video: z.object({
    uploadStatus: z.enum(UPLOAD_STATUSES),
    captions: z.object({ captionsStatus: z.enum(CAPTIONS_STATUSES), variants: z.array(variantSchema) }),
    variants: z.array(variantSchema),
  }),
});
