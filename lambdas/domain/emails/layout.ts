import { readableTextOn } from '../../contracts/contrast';

/** The shared frame of every product e-mail: simple, inline-styled HTML that mail clients render. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A company's branding in its e-mails (while its theme is on): its colours and, when it has one, a link to its logo. */
export interface EmailBrand {
  companyName: string;
  primary: string;
  secondary: string;
  logoHref: string | null;
}

/** A band in the primary colour above the message, with the logo or the company's name in readable text; a secondary-coloured rule below. */
const brandHeader = (brand: EmailBrand) => {
  const text = readableTextOn(brand.primary);
  const content = brand.logoHref
    ? `<img src="${escapeHtml(brand.logoHref)}" alt="${escapeHtml(brand.companyName)}" height="48" style="display:block;height:48px;max-width:200px;border:0;background:#ffffff;padding:4px 8px;border-radius:6px">`
    : `<span style="font-size:18px;font-weight:600;color:${text}">${escapeHtml(brand.companyName)}</span>`;
  return `<tr><td style="background:${escapeHtml(brand.primary)};color:${text};padding:16px 32px;border-radius:8px 8px 0 0;border-bottom:4px solid ${escapeHtml(brand.secondary)}">${content}</td></tr>`;
};

/**
 * The line under every mail a candidate receives (issue 28): a link to ask the company to delete
 * everything of theirs. `html` goes below the card (emailLayout's `footerHtml`), `text` at the end of the plain part.
 */
export const deleteMyDataFooter = (href: string) => ({
  text: `Want your data deleted? Delete my data: ${href}`,
  html: `<p style="margin:0;font-size:12px;color:#555">Want your data deleted? <a href="${escapeHtml(href)}" style="color:#1a4fd6">Delete my data</a></p>`,
});

/**
 * The frame; with a brand, the card opens with the company's band (the text part of a mail never
 * changes). `footerHtml` goes below the card (a candidate's "Delete my data" link).
 */
export const emailLayout = (title: string, bodyHtml: string, brand: EmailBrand | null = null, footerHtml = ''): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f5f6fa;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1c1c28">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:8px">
${brand ? brandHeader(brand) : ''}<tr><td style="padding:32px">${bodyHtml}</td></tr></table>
${footerHtml ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px"><tr><td style="padding:16px 32px">${footerHtml}</td></tr></table>\n` : ''}</td></tr></table></body></html>`;
