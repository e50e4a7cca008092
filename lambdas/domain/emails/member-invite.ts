import type { MailMessage } from '../../adapters/mail';
import { emailLayout, escapeHtml, type EmailBrand } from './layout';
import { DEFAULT_BRAND_COLORS } from '../../contracts/vocabulary';

/** The invitation to join a company's hiring team. */
/** `brand`: the company's branding for the layout, while its theme is on. */
export const memberInviteEmail = (to: string, companyName: string, acceptHref: string, brand: EmailBrand | null = null): MailMessage => ({
  to,
  subject: `You're invited to join ${companyName} on Video Interviews`,
  text: [
    `You have been invited to join the hiring team of ${companyName} on Video Interviews.`,
    '',
    `Accept the invitation: ${acceptHref}`,
    '',
    'The link works for 14 days.',
  ].join('\n'),
  html: emailLayout(
    `Join ${companyName}`,
    `<h1 style="font-size:20px;margin:0 0 16px">Join ${escapeHtml(companyName)}</h1>
<p style="margin:0 0 16px">You have been invited to join the hiring team of <strong>${escapeHtml(companyName)}</strong> on Video Interviews.</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(acceptHref)}" style="display:inline-block;background:${DEFAULT_BRAND_COLORS.primary};color:#fff;text-decoration:none;padding:10px 18px;border-radius:4px">Accept invitation</a></p>
<p style="margin:0;color:#666;font-size:13px">The link works for 14 days.</p>`,
    brand,
  ),
});
