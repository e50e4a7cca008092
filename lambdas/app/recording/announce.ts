import { paths } from '../../contracts/app-paths';
import { notificationRecipients } from '../../domain/candidates';
import { responseNotificationEmail } from '../../domain/emails/candidate';
import { appLink } from '../../platform/app-origin';
import { sendMail } from '../../adapters/mail';
import { getCandidate } from '../../data/candidates/candidate';
import { getCompany } from '../../data/companies';
import { listMembers } from '../../data/members';
import { getPosition } from '../../data/positions';
import type { Logger } from '../../platform/logger';
import { emailBrand } from '../companies/branding';
import { sendPlannedMessages } from '../messages/planned-messages';
import { webhookEvent } from '../../adapters/events';
import { candidateCompletedData } from '../../domain/webhook-payloads';
import { sha256 } from '../../platform/crypto';
import { publishEvents, webhookLinks } from '../webhooks/publish-events';

/**
 * After a candidate completed the interview (the `Interview completed` event their last submission
 * published): the team hears of the response and the candidate gets the position's `response`
 * messages. The candidate, then their position, company and members, are read as they are now: a
 * candidate deleted meanwhile, or a preview, is nobody's news. A failure throws, so EventBridge retries
 * the event (and keeps it in the dead-letter queue in the end, which has an alarm).
 */
export const announceResponse = async (
  candidateId: string,
  log: Logger,
  options: { sourceEventId?: string } = {},
): Promise<{ announced: boolean }> => {
  const candidate = await getCandidate(candidateId);
  if (!candidate || candidate.preview || candidate.currentStatus === 'invited') {
    log.info('response not announced: the candidate is gone or has not completed', { candidateId });
    return { announced: false };
  }
  // `candidate.completed` (issue 38) first, so a failed mail below does not hold it up. EventBridge's
  // retry of this event publishes it again with the same id (made from the event's), which receivers
  // de-duplicate by.
  await publishEvents(
    [
      webhookEvent(
        'candidate.completed',
        candidate.companyId,
        candidateCompletedData({ ...candidate, completedAt: candidate.completedAt ?? candidate.lastActiveAt }, await webhookLinks()),
        options.sourceEventId ? { id: `evt_${sha256(`${options.sourceEventId}:candidate.completed`).slice(0, 24)}` } : {},
      ),
    ],
    log,
  );
  const [position, company, { members }] = await Promise.all([
    getPosition(candidate.positionId),
    getCompany(candidate.companyId),
    listMembers(candidate.companyId),
  ]);
  if (!position || !company) return { announced: false };
  const candidateHref = await appLink(paths.candidate.to(candidate.companyId, candidate.positionId, candidate.candidateId));
  const recipients = notificationRecipients(position, members);
  const brand = recipients.length > 0 ? await emailBrand(company) : null;
  for (const to of recipients) {
    await sendMail(responseNotificationEmail({ to, candidateName: candidate.candidateName, jobTitle: position.jobTitle, candidateHref, brand }));
  }
  await sendPlannedMessages('response', [candidate], position, company, log);
  log.info('response announced', { candidateId, notified: recipients.length });
  return { announced: true };
};
