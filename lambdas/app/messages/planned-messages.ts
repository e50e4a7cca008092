import { deadlineSentence, plannedDueAt, renderMessage } from '../../domain/messages';
import { mailTags, mayRemind, type StoredMailDelivery } from '../../domain/mail-delivery';
import { sendMail } from '../../adapters/mail';
import type { Candidate } from '../../data/candidates/candidate';
import type { Company } from '../../data/companies';
import { schedulePlannedMessages } from '../../data/planned-messages';
import type { Position } from '../../data/positions';
import { interviewHref } from '../../platform/app-origin';
import { describeError, type Logger } from '../../platform/logger';
import { emailBrand } from '../companies/branding';
import { deleteMyDataHref } from '../data-deletion/links';
import { recordNotSent } from '../mail/send-outcome';
import { companyTemplate } from './templates';

/**
 * One template (standard, or the company's own in its wording at this moment) filled with the
 * candidate's details, sent to the candidate. False when there is nothing to send (no address, or
 * the template is gone).
 */
export const sendTemplate = async (
  templateId: string,
  candidate: Candidate,
  company: Pick<Company, 'companyId' | 'companyName' | 'theme'>,
): Promise<boolean> => {
  if (!candidate.email) return false;
  // An address that complained about our mail gets no more of it (issue 26).
  if (!mayRemind(candidate.mail)) return false;
  const template = await companyTemplate(candidate.companyId, templateId);
  if (!template) return false;
  const [interviewLink, brand, deleteHref] = await Promise.all([
    interviewHref(candidate.interviewToken),
    emailBrand(company),
    deleteMyDataHref(company.companyId, candidate.email),
  ]);
  const mail = renderMessage(
    template,
    {
      candidateName: candidate.candidateName,
      companyName: company.companyName,
      jobTitle: candidate.jobTitle,
      interviewLink,
      deadline: deadlineSentence(candidate.expiresAt),
    },
    brand,
    deleteHref,
  );
  // Tagged like the invitation (a planned `invite` message is the invitation): a bounce or complaint shows on the candidate.
  await sendMail({ to: candidate.email, ...mail, tags: mailTags({ kind: 'candidate_invitation', candidateId: candidate.candidateId }) });
  return true;
};

/**
 * A position's planned messages (spec §3): those for the moments that happen in a request
 * (`invite`, `response`) are sent now; those a duration from the invite are scheduled for the
 * sender job (lambdas/jobs/send-planned-messages.ts, which runs send-due.ts) and reach only
 * candidates who have not responded by then. A planned `invite` message is the invitation: one SES
 * does not take is recorded as not sent (issue 37); the candidates it was recorded for are returned
 * with the delivery now stored.
 */
export const sendPlannedMessages = async (
  trigger: 'invite' | 'response',
  candidates: Candidate[],
  position: Pick<Position, 'plannedMessages'>,
  company: Pick<Company, 'companyId' | 'companyName' | 'theme'>,
  log: Logger,
): Promise<Map<string, StoredMailDelivery>> => {
  const notSent = new Map<string, StoredMailDelivery>();
  const recipients = candidates.filter((c) => c.email && !c.preview);
  for (const candidate of recipients) {
    for (const message of position.plannedMessages.filter((m) => m.sendTrigger === trigger)) {
      try {
        await sendTemplate(message.templateId, candidate, company);
      } catch (error) {
        if (trigger !== 'invite') {
          log.error('planned message not sent', { candidateId: candidate.candidateId, templateId: message.templateId, ...describeError(error) });
          continue;
        }
        const mail = await recordNotSent({ kind: 'candidate_invitation', candidateId: candidate.candidateId }, candidate.email!, error, log);
        if (mail) notSent.set(candidate.candidateId, mail);
      }
    }
  }
  if (trigger === 'invite') {
    await schedulePlannedMessages(
      recipients.flatMap((candidate) =>
        position.plannedMessages.flatMap((m) => {
          const dueAt = plannedDueAt(m.sendTrigger, candidate.createdAt, candidate.expiresAt);
          return dueAt ? [{ dueAt, candidateId: candidate.candidateId, templateId: m.templateId }] : [];
        }),
      ),
    );
  }
  return notSent;
};
