import type { ScheduledEvent } from 'aws-lambda';
import { CandidateGone, expiredInvites } from '../shared/db/candidates';
import { deleteCandidateCascade } from '../app/deletion/cascade';
import { createLogger, describeError } from '../shared/logger';

/**
 * Spec §9: candidates who do not respond by their deadline are deleted, with the position's
 * count and any recording they started. Runs on a schedule (lambdas/schedules.ts); each run takes
 * what is due from the sparse expiry index, a page at a time, until nothing is due.
 */
const MAX_PAGES = 20;

export const handler = async (event?: Partial<ScheduledEvent>) => {
  const log = createLogger({ job: 'expire-invites', eventId: event?.id });
  const now = event?.time ? new Date(event.time) : new Date();
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
