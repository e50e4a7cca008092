import type { ServerResponse } from 'node:http';
import type { MailMessage } from './ses-local';
import { DEFAULT_BRAND_COLORS } from '../../lambdas/contracts/vocabulary';
import { escapeHtml } from '../../lambdas/domain/emails/layout';

/** `/_local/mail`: the local mailbox as JSON (newest first) or, for a browser, as a page. */
export const mailboxJson = (messages: MailMessage[]) => ({
  messages: messages.map((m) => ({
    message_id: m.messageId,
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    sent_at: m.sentAt,
  })),
});

export const mailboxPage = (messages: MailMessage[]): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mailbox (${messages.length})</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f5f6fa;color:#1c1c28}
header{background:${DEFAULT_BRAND_COLORS.primary};color:#fff;padding:16px 24px}header h1{margin:0;font-size:20px}header p{margin:4px 0 0;opacity:.85;font-size:14px}
main{max-width:960px;margin:24px auto;padding:0 16px}
details{background:#fff;border-radius:8px;margin-bottom:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
summary{cursor:pointer;padding:14px 16px;display:flex;gap:16px;align-items:baseline}
summary strong{flex:1}summary span{color:#555;font-size:13px}
iframe{width:100%;min-height:420px;border:0;border-top:1px solid #eee}
pre{white-space:pre-wrap;padding:16px;margin:0;border-top:1px solid #eee}
.empty{text-align:center;color:#666;padding:48px}
</style></head><body>
<header><h1>Local mailbox</h1><p>Every e-mail the local stack sent, newest first. JSON: <code>/_local/mail?format=json</code></p></header>
<main>${
  messages.length === 0
    ? '<p class="empty">No e-mail has been sent yet.</p>'
    : messages
        .map(
          (
            m,
            i,
          ) => `<details${i === 0 ? ' open' : ''}><summary><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to.join(', '))}</span><span>${escapeHtml(new Date(m.sentAt).toLocaleString('en'))}</span></summary>
${m.html ? `<iframe sandbox title="${escapeHtml(m.subject)}" srcdoc="${escapeHtml(m.html)}"></iframe>` : ''}<pre>${escapeHtml(m.text)}</pre></details>`,
        )
        .join('\n')
}</main></body></html>`;

export const sendMailbox = (res: ServerResponse, messages: MailMessage[], wantsHtml: boolean) => {
  if (wantsHtml) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(mailboxPage(messages));
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(mailboxJson(messages)));
};
