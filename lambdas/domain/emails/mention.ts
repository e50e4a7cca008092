import type { MailMessage } from '../../adapters/mail';
import { momentText } from '../../contracts/comment';
import { DEFAULT_BRAND_COLORS } from '../../contracts/vocabulary';
import { emailLayout, escapeHtml, type EmailBrand } from './layout';

export interface MentionMail {
  to: string;
  /** Who wrote the comment (their address: members have no other name). */
  authorEmail: string;
  candidateName: string;
  jobTitle: string;
  content: string;
  /** The moment the comment is pinned to: answer N (1-based) at that second. */
  pin: { answerNumber: number; atSeconds: number } | null;
  /** The candidate's page, at the pinned answer and moment when there is one. */
  candidateHref: string;
}

/**
 * A team member was mentioned in a comment on a candidate (issue 27): who, on whom, the comment
 * (escaped: it is the author's text) and a link to the candidate. `brand`: the company's branding
 * while its theme is on.
 */
export const mentionEmail = (mail: MentionMail, brand: EmailBrand | null = null): MailMessage => {
  const where = mail.pin ? ` at ${momentText(mail.pin.atSeconds)} of answer ${mail.pin.answerNumber}` : '';
  const intro = `${mail.authorEmail} mentioned you in a comment on ${mail.candidateName} (${mail.jobTitle})${where}:`;
  return {
    to: mail.to,
    subject: `${mail.authorEmail} mentioned you on ${mail.candidateName}`,
    text: [intro, '', ...mail.content.split('\n').map((line) => `> ${line}`), '', `Open the candidate: ${mail.candidateHref}`].join('\n'),
    html: emailLayout(
      `Mentioned on ${mail.candidateName}`,
      `<h1 style="font-size:20px;margin:0 0 16px">You were mentioned on ${escapeHtml(mail.candidateName)}</h1>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #dfe4ea;color:#2f3a4b;white-space:pre-wrap">${escapeHtml(mail.content)}</blockquote>
<p style="margin:0"><a href="${escapeHtml(mail.candidateHref)}" style="display:inline-block;background:${DEFAULT_BRAND_COLORS.primary};color:#fff;text-decoration:none;padding:10px 18px;border-radius:4px">Open the candidate</a></p>`,
      brand,
    ),
  };
};
