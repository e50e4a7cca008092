import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { DEFAULT_BRAND_COLORS } from '../../lambdas/contracts/vocabulary';
import { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS } from '../../lambdas/contracts/webhook-events';
import { WEBHOOK_TIMEOUT_MS } from '../../lambdas/contracts/webhooks';
import { readText } from './net';
import { escapeHtml } from '../../lambdas/domain/emails/layout';

/**
 * The local webhook receiver (issue 38), beside the mailbox: endpoints pointed at
 * `<origin>/_local/webhooks/receive/<name>` (the local stack allows its own origin as a target:
 * WEBHOOK_ALLOWED_ORIGINS) land here.
 *
 * - `GET /_local/webhooks`: what arrived, newest first (a page for a browser; JSON with `?format=json`),
 *   each with its headers, body and whether its signature verifies under the secret given as `?secret=`
 *   (the page has a field for it). `?name=` shows one receiver's deliveries.
 * - `POST /_local/webhooks/receivers/<name>` (JSON or a form): how that receiver answers next:
 *   `fail` (the next N deliveries get `status`, 500 unless said), `timeout` (the next N get no answer
 *   before the sender gives up), `redirect` (answer 302 to that URL until cleared), `reset`.
 * - `DELETE /_local/webhooks`: forget everything.
 *
 * The verification is its own implementation of the scheme (node:crypto here, not the product's
 * signer): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, any `v1` matching, `t` within
 * WEBHOOK_TOLERANCE_SECONDS.
 */
export interface ReceivedWebhook {
  id: string;
  name: string;
  receivedAt: string;
  headers: Record<string, string>;
  body: string;
  /** What the receiver answered. */
  answered: number | 'timeout';
}

interface Behaviour {
  fail: number;
  status: number;
  timeout: number;
  redirect: string | null;
}

export type SignatureCheck = 'verified' | 'mismatch' | 'stale' | 'malformed' | 'missing' | 'no-secret';

/** The scheme, verified independently of the product's signer. */
export const verifySignature = (header: string | undefined, body: string, secret: string | undefined, now = Date.now()): SignatureCheck => {
  if (!header) return 'missing';
  if (!secret) return 'no-secret';
  const parts = header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]);
  const t = parts.find(([key]) => key === 't')?.[1];
  const signatures = parts.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value!);
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) return 'malformed';
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return 'mismatch';
  return Math.abs(now / 1000 - Number(t)) > WEBHOOK_TOLERANCE_SECONDS ? 'stale' : 'verified';
};

const CHECK_LABELS: Record<SignatureCheck, string> = {
  verified: 'Signature verified',
  mismatch: 'Signature does NOT match this secret',
  stale: 'Signature matches, but its timestamp is too old (a replay?)',
  malformed: 'Signature header is malformed',
  missing: 'No signature header',
  'no-secret': 'Enter the endpoint’s secret to verify',
};

/** What the page keeps (the bench's fan-out sends 3,000). */
const KEEP = 5000;
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));

export const createWebhookReceiver = (options: { dataFile: string }) => {
  const received: ReceivedWebhook[] = existsSync(options.dataFile)
    ? (JSON.parse(readFileSync(options.dataFile, 'utf8')) as ReceivedWebhook[])
    : [];
  const behaviours = new Map<string, Behaviour>();
  const behaviourOf = (name: string): Behaviour => {
    let behaviour = behaviours.get(name);
    if (!behaviour) {
      behaviour = { fail: 0, status: 500, timeout: 0, redirect: null };
      behaviours.set(name, behaviour);
    }
    return behaviour;
  };
  // Written at most every 500 ms (a burst of deliveries is one write).
  let saveTimer: NodeJS.Timeout | null = null;
  const save = () => {
    saveTimer ??= setTimeout(() => {
      saveTimer = null;
      mkdirSync(path.dirname(options.dataFile), { recursive: true });
      writeFileSync(options.dataFile, JSON.stringify(received.slice(0, KEEP)));
    }, 500);
    saveTimer.unref();
  };

  const receive = async (req: IncomingMessage, res: ServerResponse, name: string) => {
    const body = await readText(req, 1024 * 1024);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([key, value]) => [key, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
    const behaviour = behaviourOf(name);
    const entry: ReceivedWebhook = { id: randomUUID(), name, receivedAt: new Date().toISOString(), headers, body, answered: 200 };
    received.unshift(entry);
    received.length = Math.min(received.length, KEEP);
    if (behaviour.timeout > 0) {
      behaviour.timeout -= 1;
      entry.answered = 'timeout';
      save();
      // No answer before the sender's timeout; then one, to a connection that has long gone.
      setTimeout(() => res.writeHead(504).end(), WEBHOOK_TIMEOUT_MS + 2000).unref();
      return;
    }
    if (behaviour.redirect) {
      entry.answered = 302;
      save();
      res.writeHead(302, { location: behaviour.redirect, 'content-type': 'text/plain' }).end('Moved');
      return;
    }
    if (behaviour.fail > 0) {
      behaviour.fail -= 1;
      entry.answered = behaviour.status;
      save();
      sendJson(res, behaviour.status, { error: `Failing on purpose (${behaviour.fail} more to fail)` });
      return;
    }
    save();
    sendJson(res, 200, { received: true, id: entry.id });
  };

  const configure = async (req: IncomingMessage, res: ServerResponse, name: string) => {
    const text = await readText(req, 64 * 1024);
    const form = String(req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
    let input: Record<string, unknown>;
    try {
      input = form ? Object.fromEntries(new URLSearchParams(text)) : (JSON.parse(text || '{}') as Record<string, unknown>);
    } catch {
      sendJson(res, 400, { detail: 'Send JSON: {"fail": 2, "status": 500} or {"timeout": 1} or {"redirect": "https://…"} or {"reset": true}.' });
      return;
    }
    const behaviour = behaviourOf(name);
    const count = (value: unknown) => (value === undefined || value === '' ? undefined : Math.max(0, Math.min(100, Math.floor(Number(value)) || 0)));
    if (input.reset) Object.assign(behaviour, { fail: 0, status: 500, timeout: 0, redirect: null });
    behaviour.fail = count(input.fail) ?? behaviour.fail;
    behaviour.timeout = count(input.timeout) ?? behaviour.timeout;
    const status = count(input.status);
    if (status !== undefined && status >= 300 && status <= 599) behaviour.status = status;
    if (input.redirect !== undefined) behaviour.redirect = typeof input.redirect === 'string' && input.redirect ? input.redirect : null;
    if (form) {
      res.writeHead(303, { location: '/_local/webhooks' }).end();
      return;
    }
    sendJson(res, 200, { name, ...behaviour });
  };

  const view = (entry: ReceivedWebhook, secret: string | undefined) => ({
    id: entry.id,
    name: entry.name,
    received_at: entry.receivedAt,
    headers: entry.headers,
    body: entry.body,
    answered: entry.answered,
    event_id: entry.headers[WEBHOOK_HEADERS.eventId.toLowerCase()] ?? null,
    attempt: Number(entry.headers[WEBHOOK_HEADERS.attempt.toLowerCase()]) || null,
    signature: verifySignature(entry.headers[WEBHOOK_HEADERS.signature.toLowerCase()], entry.body, secret),
  });

  const page = (entries: ReturnType<typeof view>[], secret: string | undefined, name: string | undefined, origin: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local webhook receiver (${entries.length})</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f5f6fa;color:#1c1c28}
header{background:${DEFAULT_BRAND_COLORS.primary};color:#fff;padding:16px 24px}header h1{margin:0;font-size:20px}header p{margin:4px 0 0;font-size:14px}
header code{background:rgba(255,255,255,.15);padding:0 4px;border-radius:3px}
main{max-width:960px;margin:24px auto;padding:0 16px}
form{background:#fff;border-radius:8px;padding:12px 16px;margin-bottom:12px;display:flex;flex-wrap:wrap;gap:12px;align-items:end;box-shadow:0 1px 3px rgba(0,0,0,.12)}
label{display:flex;flex-direction:column;font-size:13px;gap:4px}input{font:inherit;padding:4px 6px}button{font:inherit;padding:5px 12px}
details{background:#fff;border-radius:8px;margin-bottom:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
summary{cursor:pointer;padding:14px 16px;display:flex;flex-wrap:wrap;gap:16px;align-items:baseline}
summary strong{flex:1}summary span{color:#444;font-size:13px}
.ok{color:#0a6b2d;font-weight:600}.bad{color:#a4000f;font-weight:600}
pre{white-space:pre-wrap;word-break:break-all;padding:16px;margin:0;border-top:1px solid #eee;font-size:13px}
.empty{text-align:center;color:#555;padding:48px}
</style></head><body>
<header><h1>Local webhook receiver</h1><p>Point an endpoint at <code>${escapeHtml(origin)}/_local/webhooks/receive/&lt;name&gt;</code>. JSON: <code>/_local/webhooks?format=json</code></p></header>
<main>
<form method="get" action="/_local/webhooks"><label>Endpoint signing secret<input name="secret" type="password" autocomplete="off" value="${escapeHtml(secret ?? '')}"></label>
<label>Receiver name (empty: all)<input name="name" value="${escapeHtml(name ?? '')}"></label><button type="submit">Verify signatures</button></form>
<form method="post" action="/_local/webhooks/receivers/${escapeHtml(name && NAME.test(name) ? name : 'default')}"><label>Fail the next N deliveries<input name="fail" type="number" min="0" max="100" value="0"></label>
<label>With status<input name="status" type="number" min="300" max="599" value="500"></label><label>Time out the next N<input name="timeout" type="number" min="0" max="100" value="0"></label>
<button type="submit">Apply to receiver “${escapeHtml(name && NAME.test(name) ? name : 'default')}”</button></form>
${
  entries.length === 0
    ? '<p class="empty">Nothing has arrived yet.</p>'
    : entries
        .map(
          (entry) => `<details><summary><strong>${escapeHtml(entry.name)} · ${escapeHtml(String(entry.event_id ?? 'no event id'))}${entry.attempt ? ` · attempt ${entry.attempt}` : ''}</strong>
<span class="${entry.signature === 'verified' ? 'ok' : entry.signature === 'no-secret' ? '' : 'bad'}">${escapeHtml(CHECK_LABELS[entry.signature])}</span>
<span>answered ${escapeHtml(String(entry.answered))}</span><span>${escapeHtml(new Date(entry.received_at).toLocaleString('en'))}</span></summary>
<pre>${escapeHtml(Object.entries(entry.headers).map(([key, value]) => `${key}: ${value}`).join('\n'))}</pre><pre>${escapeHtml(entry.body)}</pre></details>`,
        )
        .join('\n')
}</main></body></html>`;

  return {
    received: () => received,
    /** Answers `/_local/webhooks…`. */
    handle: async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
      const rest = url.pathname.slice('/_local/webhooks'.length);
      const [, kind, name] = rest.split('/');
      if (kind === 'receive' && name && NAME.test(name)) {
        await receive(req, res, name);
        return;
      }
      if (kind === 'receivers' && name && NAME.test(name) && req.method === 'POST') {
        await configure(req, res, name);
        return;
      }
      if (rest === '' || rest === '/') {
        if (req.method === 'DELETE') {
          received.length = 0;
          behaviours.clear();
          save();
          res.writeHead(204).end();
          return;
        }
        const secret = url.searchParams.get('secret') ?? undefined;
        const only = url.searchParams.get('name') || undefined;
        const entries = received.filter((entry) => !only || entry.name === only).map((entry) => view(entry, secret));
        const wantsHtml = url.searchParams.get('format') !== 'json' && /text\/html/.test(req.headers.accept ?? '');
        if (wantsHtml) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page(entries, secret, only, url.origin));
        } else sendJson(res, 200, { received: entries });
        return;
      }
      sendJson(res, 404, { detail: 'Not a receiver path: /_local/webhooks/receive/<name> (letters, digits, - and _).' });
    },
  };
};
