import { emailLayout, escapeHtml } from '../domain/emails/layout';
import { renderTemplate, standardTemplates } from '../domain/messages';
import { sendMail } from './clients/mail';
import type { Candidate } from './db/candidates';
import type { Company } from './db/companies';
import type { Position } from './db/positions';
import { interviewHref } from './invites';
import { describeError, type Logger } from './logger';

/**
 * A position's planned messages for the moments that happen in a request (`invite`, `response`):
 * each names a template, filled with the candidate's details and sent to the candidate.
 * (Messages planned a duration after the invite need a scheduled sender; see README.)
 */
export const sendPlannedMessages = async (
  trigger: 'invite' | 'response',
  candidates: Candidate[],
  position: Pick<Position, 'plannedMessages' | 'jobTitle'>,
  company: Pick<Company, 'companyName'>,
  log: Logger,
) => {
  const templates = position.plannedMessages
    .filter((m) => m.sendTrigger === trigger)
    .flatMap((m) => standardTemplates.filter((t) => t.templateId === m.templateId));
  for (const candidate of candidates) {
    if (!candidate.email || candidate.preview) continue;
    for (const template of templates) {
      const values = {
        candidateName: candidate.candidateName,
        companyName: company.companyName,
        jobTitle: position.jobTitle,
        interviewLink: await interviewHref(candidate.interviewToken),
        deadline: candidate.expiresAt ? `Please complete it by ${candidate.expiresAt.slice(0, 10)}.` : '',
      };
      const subject = renderTemplate(template.subjectLine, values);
      const text = renderTemplate(template.bodyContent, values);
      try {
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
      } catch (error) {
        log.error('planned message not sent', { candidateId: candidate.candidateId, templateId: template.templateId, ...describeError(error) });
      }
    }
  }
};
