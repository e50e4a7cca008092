import * as z from 'zod/mini';
import { emailSchema, trimmedLine } from './common';
import { CANDIDATE_STATUSES } from './candidate-status';
import { ANSWER_TYPES, CAPTIONS_STATUSES, MAIL_STATUSES, PACKAGE_STATUSES, SHARE_EXPIRY_DAYS, TRANSCRIPT_STATUSES, UPLOAD_STATUSES } from './vocabulary';
import { timingAdjustmentSchema } from './timing-schemas';
import { NO_ADJUSTMENT } from './timing';
import { knockoutRecordSchema } from './answer-types';

/** Candidates as the hiring team sees them (spec §3 Candidate, §7 Positions/Candidates). */
export { CANDIDATE_STATUSES } from './candidate-status';
export const CANDIDATE_PAGE_SIZE = 12;
export const BATCH_INVITE_MAX = 500;
/** Rows a bulk import (issue 28) reads and checks at once; it invites them in requests of at most BATCH_INVITE_MAX. */
export const BULK_IMPORT_MAX = 1000;

export const candidateNameSchema = trimmedLine(100, 'Enter the candidate’s name.', 'Use at most 100 characters.');

/** A point in time with its relative text ("3 days ago", "in 6 days"), as the spec's time fields. */
export const timeSchema = z.object({ timeValue: z.string(), relativeTime: z.string() });

/**
 * What became of an invitation mail (issue 26): `sent` with no reason or time until SES reports on
 * it, then `delivered`, `bounced` (with a reason to show the team) or `complained`, and when; or
 * `not_sent` (issue 37) when SES did not take it at all, with the reason and when it was tried.
 */
export const mailDeliverySchema = z.object({ status: z.enum(MAIL_STATUSES), reason: z.nullable(z.string()), at: z.nullable(timeSchema) });

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
  /** The invitation mail's delivery (issue 26); null for a candidate without an e-mail address (link invitations). */
  mail: z.nullable(mailDeliverySchema),
  /** Why a knockout option they picked flagged them or ended their interview (issue 39); null when none did. */
  knockout: z.nullable(knockoutRecordSchema),
  /**
   * In a list sorted by score (issue 43): how many scorecards the candidate has, and their mean
   * once the caller has submitted theirs (until then others' scores stay hidden, as on the
   * candidate page); absent elsewhere.
   */
  score: z.optional(z.object({ count: z.int(), mean: z.nullable(z.number()) })),
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

/**
 * Turning sharing on: `expires_in_days` 1, 7 or 30, or null for a link that never expires. Left
 * out, a new link never expires and a link that is on keeps its expiry; given, it sets the expiry
 * of the link anew from now (the same link).
 */
export const shareRequestSchema = z.optional(
  z.object({
    expiresInDays: z.optional(
      z.nullable(
        z.union(
          SHARE_EXPIRY_DAYS.map((days) => z.literal(days)),
          { error: 'Choose an expiry of 1, 7 or 30 days, or none.' },
        ),
      ),
    ),
  }),
);

export const sharingDetailsSchema = z.object({
  publicCandidateId: z.string(),
  publicCandidateHref: z.string(),
  /** When the link stops working (a 404 from then on, as when sharing is off), null for never. */
  expiresAt: z.nullable(z.string()),
  /**
   * The days chosen when its expiry was last set (1, 7 or 30; issue 43: the share dialog shows them as
   * chosen); null for a link that never expires, and for one whose expiry was set before they were kept.
   */
  expiresInDays: z.nullable(z.int()),
  /** When someone last opened the public page, null while nobody has. */
  lastOpenedAt: z.nullable(z.string()),
});

/** A recorded answer's media (video, or audio only: issue 39): its variants, captions and status. */
export const recordingViewSchema = z.object({
  uploadStatus: z.enum(UPLOAD_STATUSES),
  captions: z.object({ captionsStatus: z.enum(CAPTIONS_STATUSES), variants: z.array(variantSchema) }),
  variants: z.array(variantSchema),
});

/**
 * An answer in its form (issue 39), as the team's candidate page and the public page show it: one
 * of `video` (a video or an audio answer: `answerType` says which), `text`, `choices` or `file` is
 * set, the others are null. A text answer is plain text: it is shown as text everywhere.
 */
export const answerContentSchema = z.object({
  answerType: z.enum(ANSWER_TYPES),
  text: z.nullable(z.string()),
  /** A choice question's options in the question's order: which the candidate picked, and which knock out. */
  choices: z.nullable(z.array(z.object({ optionId: z.string(), label: z.string(), picked: z.boolean(), knockout: z.boolean() }))),
  /** A file answer: its name as the candidate's, the type read from its bytes, and a short-lived link that downloads it (an attachment). */
  file: z.nullable(z.object({ fileName: z.string(), contentType: z.string(), size: z.int(), downloadHref: z.string() })),
});

export const publicAnswerSchema = z.extend(answerContentSchema, {
  answerId: z.string(),
  questionIndex: z.int(),
  thumbnail: z.nullable(z.object({ variants: z.array(variantSchema) })),
  video: z.nullable(recordingViewSchema),
});
