import type { MailMessage } from '../../adapters/mail';
import { CODE_TTL_SECONDS } from '../auth';
import { emailLayout, escapeHtml } from './layout';
import { DEFAULT_BRAND_COLORS } from '../../contracts/vocabulary';

const minutes = CODE_TTL_SECONDS / 60;

/** The sign-in code: prominent, and saying it expires shortly. */
export const magicCodeEmail = (to: string, code: string): MailMessage => ({
  to,
  subject: `Your sign-in code: ${code}`,
  text: [
    `Your sign-in code is ${code}`,
    '',
    `Enter it on the sign-in screen. It expires in ${minutes} minutes and works once.`,
    '',
    'If you did not try to sign in, you can ignore this e-mail.',
  ].join('\n'),
  html: emailLayout(
    'Your sign-in code',
    `<h1 style="font-size:20px;margin:0 0 16px">Your sign-in code</h1>
<p style="margin:0 0 16px">Enter this code on the sign-in screen:</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;font-family:Menlo,Consolas,monospace;background:#eef0fb;border-radius:6px;padding:16px;text-align:center;margin:0 0 16px">${escapeHtml(code)}</p>
<p style="margin:0 0 8px">It expires in ${minutes} minutes and works once.</p>
<p style="margin:0;color:#666;font-size:13px">If you did not try to sign in, you can ignore this e-mail.</p>`,
  ),
});

/**
 * Sent instead of a code when the address has no account, so that asking for a code reveals
 * nothing to the asker (same answer, same work) while the owner of the address learns what to do.
 */
export const noAccountEmail = (to: string, registerHref: string): MailMessage => ({
  to,
  subject: 'Sign-in attempt: no account for this address',
  text: [
    `Someone (hopefully you) asked for a sign-in code for ${to}, but there is no account for this address.`,
    '',
    `To create one, register here: ${registerHref}`,
    '',
    'If it was not you, you can ignore this e-mail.',
  ].join('\n'),
  html: emailLayout(
    'No account for this address',
    `<h1 style="font-size:20px;margin:0 0 16px">No account for this address</h1>
<p style="margin:0 0 16px">Someone (hopefully you) asked for a sign-in code for ${escapeHtml(to)}, but there is no account for this address.</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(registerHref)}" style="display:inline-block;background:${DEFAULT_BRAND_COLORS.primary};color:#fff;text-decoration:none;padding:10px 18px;border-radius:4px">Create an account</a></p>
<p style="margin:0;color:#666;font-size:13px">If it was not you, you can ignore this e-mail.</p>`,
  ),
});
