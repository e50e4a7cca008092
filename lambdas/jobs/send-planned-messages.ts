import type { ScheduledEvent } from 'aws-lambda';
import { getCandidate } from '../shared/db/candidates';
import { getCompany } from '../shared/db/companies';
import { claimMessage, dueMessages } from '../shared/db/planned-messages';
import { createLogger, describeError } from '../shared/logger';
import { sendTemplate } from '../app/messages/planned-messages';

const MAX_PAGES = 20;

/**
 * Sends the planned messages that are due (reminders a duration after the invite, or before the
 * deadline) to candidates who have still not responded. Each message is claimed before it is sent,
 * so two runs never send it twice. "Now" is the schedule's time (EventBridge's `time`).
 */
export const handler = async (event?: Partial<ScheduledEvent>) => {
  const log = createLogger({ job: 'send-planned-messages', eventId: event?.id });
  const now = event?.time ? new Date(event.time) : new Date();
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
        if (company && (await sendTemplate(message.templateId, candidate, company.companyName))) sent += 1;
      } catch (error) {
        log.error('planned message not sent', { ...message, ...describeError(error) });
      }
    }
  }
  log.info('planned messages sent', { sent });
  return { sent };
};
