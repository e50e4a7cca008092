/**
 * The product's small vocabularies, each defined once as plain data with its type derived: the
 * server's schemas and rules, the SPA and the infrastructure import them from here. A unit test
 * (test/unit/vocabulary.test.ts) fails on a literal copy of any of these lists elsewhere in the
 * source (a union type or an array naming all of a list's members), so a new status is added here
 * and reaches every place that names them. No imports.
 */

/** A candidate's statuses (spec §3 Candidate), in the order screens show their tabs. */
export const CANDIDATE_STATUSES = ['invited', 'responded', 'shortlisted', 'rejected'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

/** The statuses evaluation moves a candidate between (spec §4): everything but invited. */
export const EVALUATED_STATUSES = ['responded', 'shortlisted', 'rejected'] as const satisfies readonly CandidateStatus[];
export type EvaluatedStatus = (typeof EVALUATED_STATUSES)[number];

/** The evaluation actions (spec §4's table), in the order screens offer them. */
export const EVALUATION_ACTIONS = ['undo', 'shortlist', 'reject'] as const;
export type EvaluationAction = (typeof EVALUATION_ACTIONS)[number];

/** What deleting a candidate or a position answers as its status. */
export const DELETED = 'deleted' as const;

/** A position's statuses (spec §3 Position), and the actions that move it between them. */
export const POSITION_STATUSES = ['open', 'closed'] as const;
export type PositionStatus = (typeof POSITION_STATUSES)[number];
export const POSITION_ACTIONS = ['close', 'open'] as const;
export type PositionAction = (typeof POSITION_ACTIONS)[number];

/**
 * An invitation mail's delivery status (issue 26), as SES's events report it: `sent` until an event
 * arrives, then `delivered`, `bounced` or `complained` (a complaint stops further reminders);
 * `not_sent` when SES did not take the mail at all, its retries spent (issue 37: no event follows).
 */
export const MAIL_STATUSES = ['sent', 'not_sent', 'delivered', 'bounced', 'complained'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** A company member's roles (spec §3 Member). */
export const MEMBER_ROLES = ['owner', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A media item's upload and processing status, its captions' and its transcript's (the pipeline's states). */
export const UPLOAD_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
export const CAPTIONS_STATUSES = ['none', 'preparing', 'ready', 'failed'] as const;
export type CaptionsStatus = (typeof CAPTIONS_STATUSES)[number];
export const TRANSCRIPT_STATUSES = ['none', 'created', 'submitted', 'completed', 'failed'] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

/** An answer package's status (the answer-package builder's states). */
export const PACKAGE_STATUSES = ['generating', 'completed', 'failed'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** The brand colours a company without a theme gets (spec §3 Theme defaults), e-mails and pages alike. */
export const DEFAULT_BRAND_COLORS = { primary: '#3f51b5', secondary: '#f50057' } as const;

/** The header the session id travels in (DESIGN §3), as the SPA sends it; HTTP header names are case-insensitive. */
export const SESSION_HEADER = 'X-Session-Id';
/** The header a creating request carries so that a repeat of it does nothing twice (issue 37; lambdas/platform/idempotency.ts). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** What a repeat answered from the stored response says (`true`). */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';

/**
 * What the company's audit log records (issue 28): who viewed a candidate, played or downloaded an
 * answer, exported, shared, changed a status or deleted, and a deletion the candidate requested.
 */
export const AUDIT_ACTIONS = [
  'viewed',
  'played',
  'downloaded',
  'exported',
  'shared',
  'status_changed',
  'deleted',
  'deleted_on_request',
  /** A request made with an API key (issue 38): the route and its status in the detail. */
  'api_request',
  /** An owner changed a company setting that decides what is done with candidates' data (issue 41: summaries on or off); what it is now in the detail. */
  'settings_changed',
  /** An owner signed in with the company's single sign-on recovery code (issue 42). */
  'recovery_sign_in',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The kinds of a candidate's data a deletion takes (issue 28): what a deletion receipt lists and
 * the "Delete my data" pages and mails name.
 */
export const DELETED_DATA_KINDS = ['videos', 'transcripts', 'captions', 'answer_packages', 'personal_details'] as const;
export type DeletedDataKind = (typeof DELETED_DATA_KINDS)[number];

/** How a deletion receipt's candidates were deleted (issue 28): at the candidate's request, or by the company's retention policy. */
export const DELETION_PATHS = ['candidate_request', 'retention'] as const;
export type DeletionPath = (typeof DELETION_PATHS)[number];

/** Why a candidate was deleted, as the `candidate.deleted` webhook says it (issue 38): by the team, on one of the deletion paths, or their invite expired. */
export const CANDIDATE_DELETION_REASONS = ['team', ...DELETION_PATHS, 'invite_expired'] as const;

/**
 * A company's retention policy (issue 28, Company settings): the months it may choose, the default
 * for a company that never chose, and the bounds the API accepts. Rules: lambdas/domain/retention.ts.
 */
export const RETENTION_MONTH_CHOICES = [1, 2, 3, 6, 9, 12, 18, 24] as const;
export const DEFAULT_RETENTION_MONTHS = 6;
export const RETENTION_MONTHS_MIN = 1;
export const RETENTION_MONTHS_MAX = 24;

/** The days a public share link may stay valid (issue 28), or none (null): the share dialog preselects the default. */
export const SHARE_EXPIRY_DAYS = [1, 7, 30] as const;
export const SHARE_EXPIRY_DEFAULT_DAYS = 7;

/**
 * What a question asks the candidate for (issue 39): a recording (video, the default and the spec's
 * behaviour, or audio only), a typed text, one or several of its options, or a file.
 */
export const ANSWER_TYPES = ['video', 'audio', 'text', 'single_choice', 'multiple_choice', 'file'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];
/** The answer types whose options the candidate picks from. */
export const CHOICE_ANSWER_TYPES = ['single_choice', 'multiple_choice'] as const satisfies readonly AnswerType[];
export type ChoiceAnswerType = (typeof CHOICE_ANSWER_TYPES)[number];

/**
 * What picking a knockout option does (issue 39), as the position chooses: `flag` the candidate for
 * the team and go on, or `end` the interview with a kind message (the candidate is then responded,
 * listed as knocked out, with why).
 */
export const KNOCKOUT_ACTIONS = ['flag', 'end'] as const;
export type KnockoutAction = (typeof KNOCKOUT_ACTIONS)[number];
