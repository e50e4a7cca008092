import { CandidateGone } from '../../data/candidates/candidate';
import { expiredInvites } from '../../data/candidates/lists';
import { describeError, type Logger } from '../../platform/logger';
import type { WebhookEvent } from '../../contracts/webhook-events';
import { deleteCandidateCascade } from './cascade';
import { webhookEvent } from '../../adapters/events';
import { candidateDeletedData } from '../../domain/webhook-payloads';
import { publishEvents } from '../webhooks/publish-events';

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
    const expired: WebhookEvent[] = [];
    for (const candidate of due) {
      try {
        // A preview goes once its time is up, answered or not.
        await deleteCandidateCascade(candidate, { onlyIfInvited: !candidate.preview });
        deleted += 1;
        if (!candidate.preview)
          expired.push(webhookEvent('candidate.deleted', candidate.companyId, candidateDeletedData(candidate, 'invite_expired')));
      } catch (error) {
        // Responded or deleted meanwhile: nothing to expire.
        if (!(error instanceof CandidateGone)) log.error('invite not expired', { candidateId: candidate.candidateId, ...describeError(error) });
      }
    }
    await publishEvents(expired, log);
  }
  log.info('expired invites deleted', { deleted });
  return { deleted };
};
