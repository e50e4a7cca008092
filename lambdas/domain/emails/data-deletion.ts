import type { MailMessage } from '../../adapters/mail';
import { readableTextOn } from '../../contracts/contrast';
import { DELETED_DATA_KIND_TEXT, DELETION_REQUEST_TTL_HOURS } from '../../contracts/data-deletion';
import { DEFAULT_BRAND_COLORS, type DeletedDataKind } from '../../contracts/vocabulary';
import { emailLayout, escapeHtml, type EmailBrand } from './layout';

/**
 * The mails of deletion on request (issue 28): the confirmation link to the candidate's address,
 * the receipt once everything is deleted, and the team's notice (which names no one).
 */

const p = (html: string, style = '') => `<p style="margin:0 0 16px${style}">${html}</p>`;
const list = (items: readonly string[]) =>
  `<ul style="margin:0 0 16px;padding-left:20px">${items.map((item) => `<li style="margin:0 0 4px">${escapeHtml(item)}</li>`).join('')}</ul>`;
const button = (href: string, label: string, color: string) =>
  p(
    `<a href="${escapeHtml(href)}" style="display:inline-block;background:${escapeHtml(color)};color:${readableTextOn(color)};text-decoration:none;padding:10px 18px;border-radius:4px">${escapeHtml(label)}</a>`,
  );
const kindTexts = (kinds: readonly DeletedDataKind[]) => kinds.map((kind) => DELETED_DATA_KIND_TEXT[kind]);

/** "26 November 2026 at 11:18 (UTC)". */
export const utcTimeText = (iso: string) =>
  `${new Date(iso).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} (UTC)`;

const positionsText = (jobTitles: readonly string[]) =>
  jobTitles.length === 1 ? `the ${jobTitles[0]} position` : `${jobTitles.length} positions (${jobTitles.join(', ')})`;

/** The link that confirms a deletion request, mailed to the address it names. */
export const deletionConfirmationEmail = (input: {
  to: string;
  companyName: string;
  confirmHref: string;
  kinds: readonly DeletedDataKind[];
  brandColor?: string;
  brand?: EmailBrand | null;
}): MailMessage => {
  const subject = `Confirm the deletion of your data at ${input.companyName}`;
  const kinds = kindTexts(input.kinds);
  const intro = `We received a request to delete everything ${input.companyName} holds about ${input.to} from its video interviews, for every position you applied to or were invited to.`;
  const ignore = "If you didn't ask for this, ignore this e-mail: nothing will be deleted.";
  return {
    to: input.to,
    subject,
    text: [
      intro,
      '',
      'What will be deleted:',
      ...kinds.map((kind) => `- ${kind}`),
      '',
      `Review and confirm: ${input.confirmHref}`,
      '',
      `The link works for ${DELETION_REQUEST_TTL_HOURS} hours. Deletion cannot be undone.`,
      ignore,
    ].join('\n'),
    html: emailLayout(
      subject,
      `<h1 style="font-size:20px;margin:0 0 16px">Confirm the deletion of your data</h1>
${p(escapeHtml(intro))}
${p('<strong>What will be deleted:</strong>', ';margin-bottom:8px')}
${list(kinds)}
${button(input.confirmHref, 'Review and delete my data', input.brandColor ?? DEFAULT_BRAND_COLORS.primary)}
${p(escapeHtml(`The link works for ${DELETION_REQUEST_TTL_HOURS} hours. Deletion cannot be undone.`), ';color:#444;font-size:14px')}
<p style="margin:0;color:#555;font-size:13px">${escapeHtml(ignore)}</p>`,
      input.brand ?? null,
    ),
  };
};

/** The candidate's receipt: what kinds of data went, when, and the receipt's id. */
export const deletionReceiptEmail = (input: {
  to: string;
  companyName: string;
  receiptId: string;
  deletedAt: string;
  kinds: readonly DeletedDataKind[];
  jobTitles: readonly string[];
  brand?: EmailBrand | null;
}): MailMessage => {
  const subject = `Your data at ${input.companyName} has been deleted`;
  const kinds = kindTexts(input.kinds);
  const what = `As you asked, ${input.companyName} has deleted everything it held about you from its video interviews, for ${positionsText(input.jobTitles)}.`;
  const when = `Deleted on ${utcTimeText(input.deletedAt)}.`;
  const keep = `Receipt id: ${input.receiptId}. Keep this e-mail as your receipt: ${input.companyName} keeps only this id, the time and the kinds of data deleted, nothing about you.`;
  return {
    to: input.to,
    subject,
    text: [what, '', 'What was deleted:', ...kinds.map((kind) => `- ${kind}`), '', when, keep].join('\n'),
    html: emailLayout(
      subject,
      `<h1 style="font-size:20px;margin:0 0 16px">Your data has been deleted</h1>
${p(escapeHtml(what))}
${p('<strong>What was deleted:</strong>', ';margin-bottom:8px')}
${list(kinds)}
${p(escapeHtml(when))}
<p style="margin:0;color:#444;font-size:14px">Receipt id: <strong>${escapeHtml(input.receiptId)}</strong>. Keep this e-mail as your receipt: ${escapeHtml(input.companyName)} keeps only this id, the time and the kinds of data deleted, nothing about you.</p>`,
      input.brand ?? null,
    ),
  };
};

/** Tells a member of the team that a candidate of these positions was deleted at their request: no name, no address. */
export const deletedOnRequestEmail = (input: {
  to: string;
  jobTitles: readonly string[];
  receiptId: string;
  deletedAt: string;
  brand?: EmailBrand | null;
}): MailMessage => {
  const subject = 'A candidate was deleted at their request';
  const what = `A candidate of ${positionsText(input.jobTitles)} asked for their data to be deleted and confirmed it from their e-mail address.`;
  const done = `Their videos, transcripts, captions, answer packages and personal details were deleted on ${utcTimeText(input.deletedAt)}. The positions' counts are updated; nothing needs doing.`;
  const receipt = `Deletion receipt: ${input.receiptId}.`;
  return {
    to: input.to,
    subject,
    text: [what, '', done, '', receipt].join('\n'),
    html: emailLayout(
      subject,
      `<h1 style="font-size:20px;margin:0 0 16px">A candidate was deleted at their request</h1>
${p(escapeHtml(what))}
${p(escapeHtml(done))}
<p style="margin:0;color:#555;font-size:13px">${escapeHtml(receipt)}</p>`,
      input.brand ?? null,
    ),
  };
};
