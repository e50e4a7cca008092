import { DELETED_DATA_KINDS, type DeletedDataKind } from './vocabulary';

/**
 * Deletion on request (issue 28): a candidate asks a company to delete everything of theirs, confirms
 * by a link mailed to their address, and gets a receipt. The wording the pages and the mails share
 * (no zod here: the candidate's light app imports it).
 */

/** What each kind of deleted data is called on the pages, in the mails and on the receipt. */
export const DELETED_DATA_KIND_TEXT: Record<DeletedDataKind, string> = {
  videos: 'Your recorded answers (videos)',
  transcripts: 'Transcripts of your answers',
  captions: 'Captions of your answers',
  answer_packages: 'Downloadable answer packages',
  personal_details: 'Your personal details (name, e-mail address, status, ratings, comments and scores)',
};

/** Every kind, in the order the pages and mails list them. */
export const deletedDataKindTexts = (): string[] => DELETED_DATA_KINDS.map((kind) => DELETED_DATA_KIND_TEXT[kind]);

/** The one answer to every well-formed request, whether or not the company holds data for the address (no account enumeration). */
export const DELETION_REQUESTED_MESSAGE = "If we hold data for this address, we've e-mailed a link to confirm. The link works for 24 hours.";

/** Why a confirmation link no longer works (used once, expired, or never issued). */
export const DELETION_LINK_GONE_MESSAGE =
  'This link has already been used or has expired. If your data is still held, ask again from the "Delete my data" page.';

/** How long a confirmation link works. */
export const DELETION_REQUEST_TTL_HOURS = 24;
