import * as z from 'zod/mini';
import { idSchema } from './common';
import { AUDIT_ACTIONS } from './vocabulary';

/**
 * The company's audit log (issue 28): who viewed a candidate, played or downloaded their answers,
 * exported, shared, changed a status or deleted, with time and member. The owner reads it in
 * Company settings, newest first, filtered by member or candidate, a page at a time.
 */
export const AUDIT_PAGE_SIZE = 25;

/** How the log names a candidate whose data is gone (entries keep ids only). */
export const DELETED_CANDIDATE = 'Deleted candidate';
export const DELETED_POSITION = 'Deleted position';
export const FORMER_MEMBER = 'Former member';
export const DELETED_API_KEY = 'Deleted API key';

export const auditLogQuery = z.object({
  member: z.optional(idSchema),
  candidate: z.optional(idSchema),
  cursor: z.optional(z.string().check(z.maxLength(1024))),
});

export const auditEntrySchema = z.object({
  entryId: z.string(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** The member who did it (their address, or FORMER_MEMBER once they left); null when the candidate did. */
  member: z.nullable(z.object({ userId: z.string(), email: z.string() })),
  /** The API key that did it (issue 38), by its name (DELETED_API_KEY once it is gone); member is null then. */
  apiKey: z.nullable(z.object({ keyId: z.string(), name: z.string() })),
  /** The candidate it was about, named when the entry is read (DELETED_CANDIDATE once they are gone). */
  candidate: z.nullable(z.object({ candidateId: z.string(), candidateName: z.string(), isDeleted: z.boolean() })),
  position: z.nullable(z.object({ positionId: z.string(), jobTitle: z.string() })),
  /** A short fact about it: a status change's new status, a share link's expiry. */
  detail: z.nullable(z.string()),
});

export const auditLogSchema = z.object({
  entries: z.array(auditEntrySchema),
  cursor: z.nullable(z.string()),
  /** The company's members, for the member filter. */
  members: z.array(z.object({ userId: z.string(), email: z.string() })),
});
