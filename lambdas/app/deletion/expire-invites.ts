import { CandidateGone } from '../../data/candidates/candidate';
import { expiredInvites } from '../../data/candidates/lists';
import { describeError, type Logger } from '../../platform/logger';
import { deleteCandidateCascade } from './cascade';

/** Pages of due invites one run takes at most. */
const MAX_PAGES = 20;

/**
 * Spec §9: candidates who do not respond by their deadline are deleted, with the position's count
 * and any recording they started. Takes what is due at `now` from the sparse expiry index, a page
 * at a time, until nothing is due.
 */
export const expireInvites = async (now: Date, log: Logger) => {
  let deleted = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const due = await expiredInvites(now);
    if (due.length === 0) break;
    for (const candidate of due) {
      try {
        // A preview goes once its time is up, answered or not.
        await deleteCandidateCascade(candidate, { onlyIfInvited: !candidate.preview });
        deleted += 1;
      } catch (error) {
        // Responded or deleted meanwhile: nothing to expire.
        if (!(error instanceof CandidateGone)) log.error('invite not expired', { candidateId: candidate.candidateId, ...describeError(error) });
      }
    }
  }
  log.info('expired invites deleted', { deleted });
  return { deleted };
};
