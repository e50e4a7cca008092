import type { MailMessage } from '../../adapters/mail';
import { readableTextOn } from '../../contracts/contrast';
import { deleteMyDataFooter, emailLayout, escapeHtml, type EmailBrand } from './layout';
import { DEFAULT_BRAND_COLORS } from '../../contracts/vocabulary';
import { TIMING_REQUEST_CHOICE_TEXT, type TimingRequestChoice } from '../../contracts/timing';

const button = (href: string, label: string, color: string) =>
  `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;background:${escapeHtml(color)};color:${readableTextOn(color)};text-decoration:none;padding:10px 18px;border-radius:4px">${escapeHtml(label)}</a></p>`;

const deadlineText = (expiresAt: string | null) =>
  expiresAt
    ? `Please complete it by ${new Date(expiresAt).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} (UTC).`
    : 'The link has no deadline.';

/** The invitation to record a video interview: the candidate's own link, the company, the position and the deadline. */
export const candidateInviteEmail = (input: {
  to: string;
  candidateName: string;
  companyName: string;
  jobTitle: string;
  interviewHref: string;
  expiresAt: string | null;
  brandColor: string;
  /** The company's branding for the layout, while its theme is on. */
  brand?: EmailBrand | null;
  preview?: boolean;
  /** The candidate's "Delete my data" link (issue 28), under the mail. */
  deleteMyDataHref?: string | null;
}): MailMessage => {
  const { candidateName, companyName, jobTitle, interviewHref, expiresAt } = input;
  const subject = `${input.preview ? '[Preview] ' : ''}${companyName} invites you to a video interview for ${jobTitle}`;
  const footer = input.deleteMyDataHref ? deleteMyDataFooter(input.deleteMyDataHref) : null;
  return {
    to: input.to,
    subject,
    text: [
      ...(input.preview
        ? ['This is a preview of the invitation your candidates receive. Answers you record are not saved with your candidates.', '']
        : []),
      `Hello ${candidateName},`,
      '',
      `${companyName} invites you to a video interview for the ${jobTitle} position. You answer the questions by recording short videos in your browser, whenever suits you.`,
      '',
      `Start your interview: ${interviewHref}`,
      '',
      deadlineText(expiresAt),
      'The link is personal: please do not share it.',
      ...(footer ? ['', footer.text] : []),
    ].join('\n'),
    html: emailLayout(
      subject,
      `${input.preview ? '<p style="margin:0 0 16px;padding:8px 12px;background:#fff4e5;border-radius:4px;font-size:13px">This is a preview of the invitation your candidates receive. Answers you record are not saved with your candidates.</p>' : ''}
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(jobTitle)} at ${escapeHtml(companyName)}</h1>
<p style="margin:0 0 16px">Hello ${escapeHtml(candidateName)},</p>
<p style="margin:0 0 16px"><strong>${escapeHtml(companyName)}</strong> invites you to a video interview for the <strong>${escapeHtml(jobTitle)}</strong> position. You answer the questions by recording short videos in your browser, whenever suits you.</p>
${button(interviewHref, 'Start your interview', input.brandColor)}
<p style="margin:0 0 8px;color:#444;font-size:14px">${escapeHtml(deadlineText(expiresAt))}</p>
<p style="margin:0;color:#666;font-size:13px">The link is personal: please do not share it.</p>`,
      input.brand,
      footer?.html,
    ),
  };
};

/** Tells a member of the hiring team that a candidate has completed their interview. */
export const responseNotificationEmail = (input: {
  to: string;
  candidateName: string;
  jobTitle: string;
  candidateHref: string;
  /** The company's branding for the layout, while its theme is on. */
  brand?: EmailBrand | null;
}): MailMessage => {
  const subject = `${input.candidateName} completed the interview for ${input.jobTitle}`;
  return {
    to: input.to,
    subject,
    text: [`${input.candidateName} has recorded their answers for ${input.jobTitle}.`, '', `Watch the answers: ${input.candidateHref}`].join('\n'),
    html: emailLayout(
      subject,
      `<h1 style="font-size:20px;margin:0 0 16px">New response for ${escapeHtml(input.jobTitle)}</h1>
<p style="margin:0 0 16px"><strong>${escapeHtml(input.candidateName)}</strong> has recorded their answers.</p>
${button(input.candidateHref, 'Watch the answers', DEFAULT_BRAND_COLORS.primary)}`,
      input.brand,
    ),
  };
};

/** Tells a member of the hiring team that a candidate asks for more time (issue 25): the team sets their timing on the candidate's page. */
export const timingRequestEmail = (input: {
  to: string;
  candidateName: string;
  jobTitle: string;
  choice: TimingRequestChoice;
  candidateHref: string;
  /** The company's branding for the layout, while its theme is on. */
  brand?: EmailBrand | null;
}): MailMessage => {
  const subject = `${input.candidateName} asks for more time`;
  const wish = TIMING_REQUEST_CHOICE_TEXT[input.choice];
  return {
    to: input.to,
    subject,
    text: [
      `${input.candidateName} asks for ${wish} in their video interview for ${input.jobTitle}.`,
      '',
      'They have not started answering yet. Adjust their timing on their page, and they can begin:',
      input.candidateHref,
    ].join('\n'),
    html: emailLayout(
      subject,
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.candidateName)} asks for more time</h1>
<p style="margin:0 0 16px"><strong>${escapeHtml(input.candidateName)}</strong> asks for <strong>${escapeHtml(wish)}</strong> in their video interview for <strong>${escapeHtml(input.jobTitle)}</strong>.</p>
<p style="margin:0 0 16px">They have not started answering yet. Adjust their timing on their page, and they can begin.</p>
${button(input.candidateHref, 'Adjust their timing', DEFAULT_BRAND_COLORS.primary)}`,
      input.brand,
    ),
  };
};

/**
 * The team's answer to a candidate's request for more time (issue 43): granted or not, with the
 * link back to their interview and the deadline, in the company's layout with the "Delete my data"
 * link, as the invitation.
 */
export const timingAnswerEmail = (input: {
  to: string;
  candidateName: string;
  companyName: string;
  jobTitle: string;
  choice: TimingRequestChoice;
  granted: boolean;
  interviewHref: string;
  expiresAt: string | null;
  brandColor: string;
  brand?: EmailBrand | null;
  deleteMyDataHref?: string | null;
}): MailMessage => {
  const { candidateName, companyName, jobTitle, interviewHref, expiresAt } = input;
  const wish = TIMING_REQUEST_CHOICE_TEXT[input.choice];
  const subject = input.granted
    ? `Your request for ${wish} is granted: ${jobTitle} at ${companyName}`
    : `Your request for ${wish}: ${jobTitle} at ${companyName}`;
  const answer = input.granted
    ? `${companyName} has granted your request for ${wish} in your video interview for the ${jobTitle} position. It applies to every question you have not answered yet.`
    : `${companyName} could not grant your request for ${wish} in your video interview for the ${jobTitle} position. You can still take the interview, with the timing shown on its first page.`;
  const footer = input.deleteMyDataHref ? deleteMyDataFooter(input.deleteMyDataHref) : null;
  return {
    to: input.to,
    subject,
    text: [
      `Hello ${candidateName},`,
      '',
      answer,
      '',
      `Open your interview: ${interviewHref}`,
      '',
      deadlineText(expiresAt),
      'The link is personal: please do not share it.',
      ...(footer ? ['', footer.text] : []),
    ].join('\n'),
    html: emailLayout(
      subject,
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(jobTitle)} at ${escapeHtml(companyName)}</h1>
<p style="margin:0 0 16px">Hello ${escapeHtml(candidateName)},</p>
<p style="margin:0 0 16px">${escapeHtml(answer)}</p>
${button(interviewHref, 'Open your interview', input.brandColor)}
<p style="margin:0 0 8px;color:#444;font-size:14px">${escapeHtml(deadlineText(expiresAt))}</p>
<p style="margin:0;color:#666;font-size:13px">The link is personal: please do not share it.</p>`,
      input.brand,
      footer?.html,
    ),
  };
};
