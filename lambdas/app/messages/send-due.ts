import { getCandidate } from '../../data/candidates/candidate';
import { getCompany } from '../../data/companies';
import { claimMessage, dueMessages } from '../../data/planned-messages';
import { describeError, type Logger } from '../../platform/logger';
import { sendTemplate } from './planned-messages';

/** Pages of due messages one run takes at most. */
const MAX_PAGES = 20;

/**
 * Sends the planned messages that are due at `now` (reminders a duration after the invite, or
 * before the deadline) to candidates who have still not responded. Each message is claimed before
 * it is sent, so two runs never send it twice.
 */
export const sendDueMessages = async (now: Date, log: Logger) => {
  let sent = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const due = await dueMessages(now);
    if (due.length === 0) break;
    for (const message of due) {
      if (!(await claimMessage(message))) continue;
      try {
        const candidate = await getCandidate(message.candidateId);
        if (!candidate || candidate.currentStatus !== 'invited' || candidate.preview) continue;
        const company = await getCompany(candidate.companyId);
        if (company && (await sendTemplate(message.templateId, candidate, company))) sent += 1;
      } catch (error) {
        log.error('planned message not sent', { ...message, ...describeError(error) });
      }
    }
  }
  log.info('planned messages sent', { sent });
  return { sent };
};
