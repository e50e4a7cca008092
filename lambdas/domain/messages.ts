/**
 * The standard message templates every company starts with (read-only), rendering and planning.
 * The triggers and invite expiry offsets are in lambdas/contracts/message-options.ts, the
 * placeholders in lambdas/contracts/message-templates.ts.
 */
import { PLACEHOLDER_PATTERN, type MessagePlaceholder } from '../contracts/message-templates';
import { deleteMyDataFooter, emailLayout, escapeHtml, type EmailBrand } from './emails/layout';

/** Days in an ISO-8601 day duration (`P7D` → 7). */
export const offsetDays = (value: string): number => Number(/^-?P(\d+)D$/.exec(value)?.[1] ?? 0);

export interface StandardTemplate {
  templateId: string;
  templateName: string;
  subjectLine: string;
  bodyContent: string;
  isStandard: true;
}

export const standardTemplates: StandardTemplate[] = [
  {
    templateId: 'standard-invite',
    templateName: 'Interview invitation',
    subjectLine: '{companyName} invites you to a video interview for {jobTitle}',
    bodyContent:
      'Hello {candidateName},\n\nThank you for your interest in the {jobTitle} position at {companyName}. Please record your answers here: {interviewLink}\n\n{deadline}',
    isStandard: true,
  },
  {
    templateId: 'standard-reminder',
    templateName: 'Interview reminder',
    subjectLine: 'Reminder: your video interview for {jobTitle}',
    bodyContent:
      'Hello {candidateName},\n\nA reminder that your video interview for {jobTitle} at {companyName} is waiting for you: {interviewLink}\n\n{deadline}',
    isStandard: true,
  },
  {
    templateId: 'standard-thank-you',
    templateName: 'Thank you for your answers',
    subjectLine: 'Thank you for interviewing with {companyName}',
    bodyContent: 'Hello {candidateName},\n\nThank you for recording your answers for {jobTitle}. The team at {companyName} will be in touch.',
    isStandard: true,
  },
];

export const isStandardTemplateId = (templateId: string) => standardTemplates.some((t) => t.templateId === templateId);

/** What each placeholder of lambdas/contracts/message-templates.ts is filled with. */
export type TemplateValues = Record<MessagePlaceholder, string>;

/** Fills a template's `{placeholders}`; unknown placeholders stay as written (the contracts refuse them on save). */
export const renderTemplate = (text: string, values: TemplateValues): string =>
  text.replace(PLACEHOLDER_PATTERN, (whole, name: string) => (Object.hasOwn(values, name) ? values[name as MessagePlaceholder] : whole));

export interface TemplateWording {
  subjectLine: string;
  bodyContent: string;
}

/**
 * A template as the mail a candidate receives: the subject, the plain text and the HTML (each
 * blank-line-separated paragraph a paragraph, the values escaped), in the company's branding while
 * its theme is on, with the candidate's "Delete my data" link when given. The one renderer of template
 * mails: the planned-message sender, the preview and the test mail all use it.
 */
export const renderMessage = (
  template: TemplateWording,
  values: TemplateValues,
  brand: EmailBrand | null = null,
  deleteMyDataHref: string | null = null,
) => {
  const subject = renderTemplate(template.subjectLine, values);
  const text = renderTemplate(template.bodyContent, values);
  // Every mail a candidate receives ends with their "Delete my data" link (issue 28), whatever the template says.
  const footer = deleteMyDataHref ? deleteMyDataFooter(deleteMyDataHref) : null;
  const html = emailLayout(
    subject,
    text
      .split(/\n{2,}/)
      .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
      .join('\n'),
    brand,
    footer?.html,
  );
  return { subject, text: footer ? `${text}\n\n${footer.text}` : text, html };
};

/** Sample values for previews and test mails. */
export const sampleTemplateValues = (companyName: string, interviewLink: string): TemplateValues => ({
  candidateName: 'Alex Example',
  companyName,
  jobTitle: 'Product Designer',
  interviewLink,
  deadline: deadlineSentence(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString()),
});

/** The `{deadline}` text of a candidate's invitation (empty without a deadline). */
export const deadlineSentence = (expiresAt: string | null) => (expiresAt ? `Please complete it by ${expiresAt.slice(0, 10)}.` : '');

/**
 * When a message planned a duration from the invite is due: `P2D` two days after the invite,
 * `-P1D` a day before the deadline (never, without a deadline). `invite` and `response` are sent at
 * those moments instead (null here).
 */
export const plannedDueAt = (trigger: string, invitedAt: string, expiresAt: string | null): string | null => {
  const match = /^(-?)P(\d+)D$/.exec(trigger);
  if (!match) return null;
  const days = Number(match[2]) * 24 * 60 * 60 * 1000;
  if (match[1] === '-') return expiresAt ? new Date(Date.parse(expiresAt) - days).toISOString() : null;
  return new Date(Date.parse(invitedAt) + days).toISOString();
};
