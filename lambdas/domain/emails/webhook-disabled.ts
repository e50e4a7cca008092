import type { MailMessage } from '../../adapters/mail';
import { WEBHOOK_DISABLE_AFTER_DAYS } from '../../contracts/webhooks';
import { DEFAULT_BRAND_COLORS } from '../../contracts/vocabulary';
import { emailLayout, escapeHtml } from './layout';

/** To a company's owner (issue 38): an endpoint failed every delivery for WEBHOOK_DISABLE_AFTER_DAYS and is now disabled. */
export const webhookDisabledEmail = (input: {
  to: string;
  companyName: string;
  url: string;
  failingSince: string;
  lastError: string;
  settingsHref: string;
}): MailMessage => {
  const since = new Date(input.failingSince).toUTCString();
  return {
    to: input.to,
    subject: `A webhook endpoint of ${input.companyName} was disabled`,
    text: [
      `Every delivery to your webhook endpoint ${input.url} has failed since ${since}, for ${WEBHOOK_DISABLE_AFTER_DAYS} days, so it is now disabled: no more events are sent to it.`,
      '',
      `The last attempt: ${input.lastError}`,
      '',
      `Fix the receiver, then enable the endpoint again in Company settings → Webhooks (its delivery log shows each attempt): ${input.settingsHref}`,
    ].join('\n'),
    html: emailLayout(
      'Webhook endpoint disabled',
      `<h1 style="font-size:20px;margin:0 0 16px">Webhook endpoint disabled</h1>
<p style="margin:0 0 16px">Every delivery to your webhook endpoint <strong>${escapeHtml(input.url)}</strong> has failed since ${escapeHtml(since)}, for ${WEBHOOK_DISABLE_AFTER_DAYS} days, so it is now disabled: no more events are sent to it.</p>
<p style="margin:0 0 16px">The last attempt: ${escapeHtml(input.lastError)}</p>
<p style="margin:0 0 16px">Fix the receiver, then enable the endpoint again in Company settings → Webhooks; its delivery log shows each attempt.</p>
<p style="margin:0"><a href="${escapeHtml(input.settingsHref)}" style="display:inline-block;background:${DEFAULT_BRAND_COLORS.primary};color:#fff;text-decoration:none;padding:10px 18px;border-radius:4px">Open ${escapeHtml(input.companyName)}</a></p>`,
    ),
  };
};
