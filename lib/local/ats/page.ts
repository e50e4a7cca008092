import type { IntegrationType } from '../../../lambdas/contracts/integrations';
import type { VendorState, WebhookDeliveryResult } from './types';
import { escapeHtml } from '../../../lambdas/domain/emails/layout';

/** The stand-in's control page: add a tagged candidate, replay its webhook, read what the product wrote back. */
export const controlPage = (page: {
  type: IntegrationType;
  name: string;
  accepts: Readonly<Record<string, string>>;
  state: VendorState;
  deliveries: readonly WebhookDeliveryResult[];
  webhooks: boolean;
  /** One candidate's profile page (a profile link) instead of the whole stand-in. */
  profile?: boolean;
}): string => {
  const base = `/_local/ats/${page.type}`;
  const accepts = Object.entries(page.accepts)
    .map(([label, value]) => `<li>${escapeHtml(label)}: <code>${escapeHtml(value)}</code></li>`)
    .join('');
  const rows = page.state.candidates
    .map(
      (c) => `<li class="candidate" data-candidate-id="${escapeHtml(c.id)}">
  <h3>${escapeHtml(c.name)}</h3>
  <p>${escapeHtml(c.email ?? 'No e-mail')} · tags: ${c.tags.map((t) => `<span class="tag">${escapeHtml(t)}</span>`).join(', ')} · stage: <span class="stage">${escapeHtml(c.stage)}</span></p>
  <h4>Notes</h4>
  ${c.notes.length ? `<ul class="notes">${c.notes.map((n) => `<li class="note"><pre>${escapeHtml(n.body)}</pre><small>${escapeHtml(n.createdAt)}</small></li>`).join('')}</ul>` : '<p>No notes yet.</p>'}
  ${c.stageMoves.length ? `<h4>Stage moves</h4><ul class="stage-moves">${c.stageMoves.map((m) => `<li class="stage-move">${escapeHtml(m.from)} → ${escapeHtml(m.to)} <small>${escapeHtml(m.at)}</small></li>`).join('')}</ul>` : ''}
  ${page.webhooks ? `<form method="post" action="${base}/candidates/${encodeURIComponent(c.id)}/webhook"><button type="submit">Send webhook again</button></form>` : ''}
</li>`,
    )
    .join('');
  const hooks = page.state.hooks.map((h) => `<li><code>${escapeHtml(h.url)}</code>${h.event ? ` (${escapeHtml(h.event)})` : ''}</li>`).join('');
  const deliveries = page.deliveries
    .map((d) => `<li><code>${escapeHtml(d.url)}</code>: ${d.status ?? 'no answer'} <small>${escapeHtml(d.at)}</small></li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.name)} stand-in</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
label{display:block;margin:.5rem 0 .2rem}input{padding:.4rem;width:100%;max-width:420px}button{margin-top:.6rem;padding:.45rem .9rem}
.candidate{border:1px solid #bbb;border-radius:6px;padding:.6rem 1rem;margin:.8rem 0;list-style:none}.tag{background:#e8eaf6;padding:0 .3rem}
pre{white-space:pre-wrap;margin:.2rem 0}small{color:#444}ul{padding-left:1.2rem}</style></head>
<body><main>
${
  page.profile
    ? `<h1>${escapeHtml(page.state.candidates[0]?.name ?? '')}: ${escapeHtml(page.name)} profile (local stand-in)</h1>
<p><a href="${base}">All candidates</a></p><ul>${rows}</ul>`
    : `<h1>${escapeHtml(page.name)} (local stand-in)</h1>
<p>Speaks ${escapeHtml(page.name)}'s API for the product's adapter. It accepts:</p><ul>${accepts}</ul>
<h2>Add a candidate with a tag</h2>
<form method="post" action="${base}/candidates">
<label for="name">Name</label><input id="name" name="name" required>
<label for="email">E-mail</label><input id="email" name="email" type="email">
<label for="tag">Tag</label><input id="tag" name="tag" required>
<button type="submit">Add candidate</button></form>
<h2>Candidates</h2>
${rows ? `<ul>${rows}</ul>` : '<p>No candidates yet.</p>'}
<h2>Webhooks</h2>
${page.webhooks ? (hooks ? `<ul>${hooks}</ul>` : '<p>None registered.</p>') : `<p>${escapeHtml(page.name)} has no webhook API: the product syncs every 15 minutes.</p>`}
${deliveries ? `<h3>Deliveries</h3><ul>${deliveries}</ul>` : ''}`
}
</main></body></html>`;
};
