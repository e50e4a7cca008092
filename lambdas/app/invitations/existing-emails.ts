import { emailsTaken } from '../../data/candidates/emails';
import type { Caller } from '../access/caller';
import { requirePositionAccess } from '../access/position';

/**
 * A bulk import's check against the position (issue 28): which of the addresses it is about to
 * invite are already candidates there, so the preview flags them before anything is sent. The
 * same access as inviting (a 404 otherwise), then one BatchGetItem of the per-position uniqueness
 * items (`keys.candidateEmail`), 100 addresses a request. The addresses come back as asked.
 */
export const existingCandidateEmails = async (positionId: string, caller: Caller, emails: readonly string[]): Promise<string[]> => {
  const { position } = await requirePositionAccess(positionId, caller);
  const wanted = [...new Set(emails)];
  const taken = new Set(await emailsTaken(position.positionId, wanted));
  return wanted.filter((email) => taken.has(email));
};
