import { emailLayout, escapeHtml } from '../../domain/emails/layout';
import { plannedDueAt, renderTemplate, standardTemplates } from '../../domain/messages';
import { sendMail } from '../../shared/clients/mail';
import type { Candidate } from '../../shared/db/candidates';
import type { Company } from '../../shared/db/companies';
import { schedulePlannedMessages } from '../../shared/db/planned-messages';
import type { Position } from '../../shared/db/positions';
import { interviewHref } from '../../shared/app-origin';
import { describeError, type Logger } from '../../shared/logger';

/** One template filled with the candidate's details, sent to the candidate. */
export const sendTemplate = async (templateId: string, candidate: Candidate, companyName: string): Promise<boolean> => {
  const template = standardTemplates.find((t) => t.templateId === templateId);
  if (!template || !candidate.email) return false;
  const values = {
    candidateName: candidate.candidateName,
    companyName,
    jobTitle: candidate.jobTitle,
    interviewLink: await interviewHref(candidate.interviewToken),
    deadline: candidate.expiresAt ? `Please complete it by ${candidate.expiresAt.slice(0, 10)}.` : '',
  };
  const subject = renderTemplate(template.subjectLine, values);
  const text = renderTemplate(template.bodyContent, values);
  await sendMail({
    to: candidate.email,
    subject,
    text,
    html: emailLayout(
      subject,
      text
        .split('\n\n')
        .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
        .join('\n'),
    ),
  });
  return true;
};

/**
 * A position's planned messages (spec §3): those for the moments that happen in a request
 * (`invite`, `response`) are sent now; those a duration from the invite are scheduled for the
 * sender job (lambdas/jobs/send-planned-messages.ts, which runs send-due.ts) and reach only
 * candidates who have not responded by then.
 */
export const sendPlannedMessages = async (
  trigger: 'invite' | 'response',
  candidates: Candidate[],
  position: Pick<Position, 'plannedMessages'>,
  company: Pick<Company, 'companyName'>,
  log: Logger,
) => {
  const recipients = candidates.filter((c) => c.email && !c.preview);
  for (const candidate of recipients) {
    for (const message of position.plannedMessages.filter((m) => m.sendTrigger === trigger)) {
      try {
        await sendTemplate(message.templateId, candidate, company.companyName);
      } catch (error) {
        log.error('planned message not sent', { candidateId: candidate.candidateId, templateId: message.templateId, ...describeError(error) });
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
};
