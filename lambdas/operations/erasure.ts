import * as z from 'zod/mini';
import { emailSchema, idSchema } from '../contracts/common';
import { DELETED_DATA_KINDS } from '../contracts/vocabulary';
import { nonceSchema } from '../contracts/member';
import { defineOperation } from './operation';

/**
 * Deletion on request (issue 28): a candidate's "Delete my data". The request and the confirmation are
 * public and name nothing in their path: the company and the address travel in the body (the answer is
 * the same whatever they name), the confirmation's nonce too (it is the credential, kept out of paths
 * and logs). The pages read the company's name by its id (issue 43), the id both their links carry.
 */

const deletionRequestedSchema = z.object({ message: z.string() });

/** The company a deletion page is about (issue 43): the pages name it, so a candidate of several can tell which one they ask. */
const companyNameSchema = z.string();

const deletionReceiptSchema = z.object({
  /** The receipt's id: the candidate quotes it, the company keeps it (without personal data). */
  receiptId: z.string(),
  /** The company whose data about the candidate was deleted (on the receipt page; not kept with the receipt). */
  companyName: companyNameSchema,
  deletedAt: z.string(),
  kinds: z.array(z.enum(DELETED_DATA_KINDS)),
  /** How many candidacies (one per position) were deleted. */
  candidates: z.int(),
});

export const getDataDeletionCompany = defineOperation({
  method: 'GET',
  path: '/data-deletion-companies/{companyId}',
  auth: 'public',
  grants: ['table:read'],
  summary:
    'The company a candidate\'s "Delete my data" pages are about, by name (the link in every mail to a candidate names its id): its name only. An unknown company is a 404.',
  params: z.object({ companyId: idSchema }),
  response: z.object({ companyName: companyNameSchema }),
});

export const requestDataDeletion = defineOperation({
  method: 'POST',
  path: '/data-deletion-requests',
  auth: 'public',
  grants: ['table:write', 'mail:send'],
  summary:
    'A candidate asks a company to delete everything of theirs: always 202 with the same message; when the address is a candidate there, a confirmation link (24 h, single use) is mailed to it. Rate-limited per company and address.',
  body: z.object({ companyId: idSchema, email: emailSchema }),
  response: deletionRequestedSchema,
  successStatus: 202,
});

export const confirmDataDeletion = defineOperation({
  method: 'POST',
  path: '/data-deletion-requests/confirmed',
  auth: 'public',
  grants: ['table:write', 'media:delete', 'mail:send', 'events:put'],
  summary:
    'Confirms a deletion request from its mailed link: deletes every candidate of that address in that company with their answers, media, transcripts, captions and packages, mails the candidate a receipt and the owners a notice, and returns the receipt. A used or expired link is a 404.',
  body: z.object({ nonce: nonceSchema }),
  response: deletionReceiptSchema,
  timeoutSeconds: 60,
});
