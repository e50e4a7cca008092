import type { MailMessage } from '../../adapters/mail';
import { DEFAULT_BRAND_COLORS } from '../../contracts/vocabulary';
import { emailLayout, escapeHtml } from './layout';

/** To a company's owners (issue 41), once a month at most: the month's summary tokens reached the budget, so summaries pause until the next month. */
export const summariesPausedEmail = (input: {
  to: string;
  companyName: string;
  month: string;
  budgetTokens: number;
  settingsHref: string;
}): MailMessage => {
  const budget = input.budgetTokens.toLocaleString('en-US');
  const sentence = `Your company has used its summary budget for ${input.month} (${budget} tokens), so new answers are not summarised until the month ends. Answers, transcripts and existing summaries are unaffected.`;
  return {
    to: input.to,
    subject: `Summaries of ${input.companyName} are paused until next month`,
    text: [sentence, '', `Company settings → Summaries shows this month's use: ${input.settingsHref}`].join('\n'),
    html: emailLayout(
      'Summaries paused',
      `<h1 style="font-size:20px;margin:0 0 16px">Summaries paused</h1>
<p style="margin:0 0 16px">${escapeHtml(sentence)}</p>
<p style="margin:0"><a href="${escapeHtml(input.settingsHref)}" style="display:inline-block;background:${DEFAULT_BRAND_COLORS.primary};color:#fff;text-decoration:none;padding:10px 18px;border-radius:4px">Open ${escapeHtml(input.companyName)}</a></p>`,
    ),
  };
};
