import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { StandInCandidate, StandInRequest, StandInResponse, StandInToken, VendorContext, VendorStandIn, VendorState } from '../types';
import { escapeHtml } from '../../../../lambdas/domain/emails/layout';

/**
 * Lever's stand-in: the OAuth 2.0 authorization code grant of auth.lever.co (a consent page with Allow
 * and Deny, the token endpoint with single-use codes and rotating refresh tokens, access tokens for an
 * hour) and the Data API v1 calls the adapter makes, as Lever documents them
 * (https://hire.lever.co/developer/documentation):
 * - GET    /v1/opportunities?tag&archived&limit&offset   {data, hasNext, next}; `tag` is case sensitive, union of several
 * - GET    /v1/opportunities/{id}                        {data}
 * - GET    /v1/opportunities/{id}/notes, POST {value}    {data: {noteId}} (201)
 * - GET    /v1/webhooks, POST {url, event}               {data: {data: {id, configuration: {signatureToken}}}} (201)
 * - DELETE /v1/webhooks/{id}                             204
 * Errors are {code, message}; the token endpoint's are OAuth's {error, error_description}. Deliveries to
 * registered webhooks carry token, triggeredAt and signature = HMAC-SHA256(signatureToken, token + triggeredAt).
 */
export const LEVER_LOCAL_OAUTH_CLIENT = { clientId: 'lever-local-client', clientSecret: 'lever-local-secret' } as const;

const ACCESS_TTL_MS = 60 * 60_000;
const CODE_TTL_MS = 10 * 60_000;
const REFRESH_TTL_MS = 90 * 24 * 60 * 60_000;
/** Spent or expired tokens are forgotten a day after they stop working. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;
const MAX_LIMIT = 100;
const WEBHOOK_EVENTS = [
  'applicationCreated',
  'candidateHired',
  'candidateStageChange',
  'candidateArchiveChange',
  'candidateDeleted',
  'interviewCreated',
  'interviewUpdated',
  'interviewDeleted',
  'contactCreated',
  'contactUpdated',
] as const;

const apiError = (status: number, code: string, message: string): StandInResponse => ({ status, body: { code, message } });
const oauthError = (status: number, error: string, description: string): StandInResponse => ({
  status,
  headers: { 'cache-control': 'no-store' },
  body: { error, error_description: description },
});

/** A stable UUID-shaped id derived from text (Lever's contact, application and stage ids). */
const derivedId = (text: string) => {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

const bodyFields = (request: StandInRequest): Record<string, unknown> => {
  if (!request.rawBody) return {};
  if (/application\/x-www-form-urlencoded/.test(request.headers['content-type'] ?? ''))
    return Object.fromEntries(new URLSearchParams(request.rawBody));
  try {
    const parsed: unknown = JSON.parse(request.rawBody);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const issue = (state: VendorState, kind: StandInToken['kind'], ttlMs: number, redirectUri?: string): StandInToken => {
  const now = Date.now();
  state.tokens = state.tokens.filter((token) => token.expiresAt > now - FORGET_AFTER_MS);
  const token: StandInToken = {
    kind,
    value: `lever-local-${kind}-${randomBytes(24).toString('base64url')}`,
    expiresAt: now + ttlMs,
    ...(redirectUri ? { redirectUri } : {}),
  };
  state.tokens.push(token);
  return token;
};

const tokenPair = (context: VendorContext): StandInResponse => {
  const access = issue(context.state, 'access', ACCESS_TTL_MS);
  const refresh = issue(context.state, 'refresh', REFRESH_TTL_MS);
  context.save();
  return {
    status: 200,
    headers: { 'cache-control': 'no-store' },
    body: {
      access_token: access.value,
      refresh_token: refresh.value,
      token_type: 'Bearer',
      scope: 'offline_access opportunities:read:admin notes:write:admin webhooks:write:admin',
      expires_in: ACCESS_TTL_MS / 1000,
    },
  };
};

const validRedirect = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const redirectTo = (redirectUri: string, params: Record<string, string>): StandInResponse => {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value) target.searchParams.set(name, value);
  return { status: 302, headers: { location: target.toString(), 'cache-control': 'no-store' } };
};

const page = (title: string, body: string, status = 200): StandInResponse => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.actions{display:flex;gap:1rem;margin-top:1.5rem}button{padding:.6rem 1.4rem;font-size:1rem;cursor:pointer}
.allow{background:#1b5e20;color:#fff;border:0;border-radius:4px}.deny{background:#fff;color:#1a1a1a;border:1px solid #555;border-radius:4px}
code{background:#f1f1f1;padding:0 .25rem}</style></head>
<body><main>
${body}
</main></body></html>`,
});

/** GET /authorize: Lever's consent page (Allow / Deny), after checking the request as Lever's auth server does. */
const consentPage = (request: StandInRequest, context: VendorContext): StandInResponse => {
  const query = request.query;
  const clientId = query.get('client_id') ?? '';
  const redirectUri = query.get('redirect_uri') ?? '';
  const state = query.get('state') ?? '';
  const scope = query.get('scope') ?? '';
  if (clientId !== LEVER_LOCAL_OAUTH_CLIENT.clientId) {
    return page(
      'Lever: unknown application',
      `<h1>Unknown application</h1><p>No application is registered with the client ID <code>${escapeHtml(clientId)}</code>.</p>`,
      400,
    );
  }
  if (!validRedirect(redirectUri)) {
    return page('Lever: invalid callback', '<h1>Invalid callback URL</h1><p>The request has no valid <code>redirect_uri</code>.</p>', 400);
  }
  if (query.get('response_type') !== 'code')
    return redirectTo(redirectUri, { error: 'unsupported_response_type', error_description: 'Unsupported response type', state });
  // The API's identifier is its URL. The functions reach this stand-in through the fault mode's proxy
  // (lib/local/faults), another host in front of the same API, so the path is what identifies it here.
  const audiencePath = (url: string) => {
    try {
      return new URL(url).pathname;
    } catch {
      return null;
    }
  };
  if (audiencePath(query.get('audience') ?? '') !== audiencePath(`${context.base}/api/v1/`)) {
    return redirectTo(redirectUri, { error: 'access_denied', error_description: `Service not found: ${query.get('audience') ?? ''}`, state });
  }
  const hidden = Object.entries({ client_id: clientId, redirect_uri: redirectUri, state, scope })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const action = `${context.base}/auth/authorize`;
  const scopes = scope
    .split(/\s+/)
    .filter(Boolean)
    .map((item) => `<li><code>${escapeHtml(item)}</code></li>`)
    .join('');
  return page(
    'Authorize application – Lever (local stand-in)',
    `<h1>Allow this application to access your Lever account?</h1>
<p>An application (client ID <code>${escapeHtml(clientId)}</code>) asks for these permissions:</p>
<ul>${scopes || '<li>No permissions</li>'}</ul>
<p>You will be returned to <code>${escapeHtml(redirectUri)}</code>.</p>
<div class="actions">
<form method="post" action="${escapeHtml(action)}">${hidden}<input type="hidden" name="decision" value="allow"><button type="submit" class="allow">Allow</button></form>
<form method="post" action="${escapeHtml(action)}">${hidden}<input type="hidden" name="decision" value="deny"><button type="submit" class="deny">Deny</button></form>
</div>`,
  );
};

/** POST /authorize: the consent page's Allow or Deny, back to the redirect URI. */
const decide = (request: StandInRequest, context: VendorContext): StandInResponse => {
  const fields = bodyFields(request);
  const redirectUri = text(fields.redirect_uri);
  const state = text(fields.state);
  if (text(fields.client_id) !== LEVER_LOCAL_OAUTH_CLIENT.clientId || !validRedirect(redirectUri)) {
    return page('Lever: invalid request', '<h1>Invalid request</h1><p>The consent form was incomplete.</p>', 400);
  }
  if (text(fields.decision) !== 'allow') {
    return redirectTo(redirectUri, { error: 'access_denied', error_description: 'User did not authorize the request', state });
  }
  const code = issue(context.state, 'code', CODE_TTL_MS, redirectUri);
  context.save();
  return redirectTo(redirectUri, { code: code.value, state });
};

/** POST /oauth/token: authorization_code (single use, same redirect URI) and refresh_token (rotated). */
const token = (request: StandInRequest, context: VendorContext): StandInResponse => {
  const fields = bodyFields(request);
  if (text(fields.client_id) !== LEVER_LOCAL_OAUTH_CLIENT.clientId || text(fields.client_secret) !== LEVER_LOCAL_OAUTH_CLIENT.clientSecret) {
    return oauthError(401, 'access_denied', 'Unauthorized');
  }
  const now = Date.now();
  const grantType = text(fields.grant_type);
  if (grantType === 'authorization_code') {
    const code = context.state.tokens.find((t) => t.kind === 'code' && t.value === text(fields.code));
    if (!code || code.used || code.expiresAt <= now) return oauthError(403, 'invalid_grant', 'Invalid authorization code');
    code.used = true;
    context.save();
    if (code.redirectUri !== text(fields.redirect_uri)) return oauthError(403, 'invalid_grant', 'Invalid redirect_uri');
    return tokenPair(context);
  }
  if (grantType === 'refresh_token') {
    const refresh = context.state.tokens.find((t) => t.kind === 'refresh' && t.value === text(fields.refresh_token));
    if (!refresh || refresh.used || refresh.expiresAt <= now) return oauthError(403, 'invalid_grant', 'Unknown or invalid refresh token.');
    refresh.used = true;
    refresh.expiresAt = now;
    return tokenPair(context);
  }
  return oauthError(400, 'unsupported_grant_type', `Unsupported grant type: ${grantType}`);
};

const authenticated = (request: StandInRequest, context: VendorContext): boolean => {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const now = Date.now();
  return !!match && context.state.tokens.some((t) => t.kind === 'access' && t.value === match[1] && t.expiresAt > now);
};

const timestamp = (iso: string) => Date.parse(iso);

const opportunityOf = (candidate: StandInCandidate, context: VendorContext) => ({
  id: candidate.id,
  name: candidate.name,
  headline: '',
  contact: derivedId(`contact:${candidate.id}`),
  emails: candidate.email ? [candidate.email] : [],
  phones: [],
  confidentiality: 'non-confidential',
  location: '',
  links: [],
  createdAt: timestamp(candidate.createdAt),
  updatedAt: Math.max(timestamp(candidate.createdAt), ...candidate.notes.map((note) => timestamp(note.createdAt))),
  lastInteractionAt: timestamp(candidate.createdAt),
  lastAdvancedAt: timestamp(candidate.createdAt),
  snoozedUntil: null,
  archivedAt: null,
  archiveReason: null,
  stage: derivedId(`stage:${candidate.stage}`),
  stageChanges: [],
  owner: null,
  tags: candidate.tags,
  sources: [],
  origin: 'sourced',
  sourcedBy: null,
  applications: [derivedId(`application:${candidate.id}`)],
  followers: [],
  urls: { list: `${context.base}/app/candidates`, show: `${context.base}/app/candidates/${encodeURIComponent(candidate.id)}` },
  dataProtection: null,
  isAnonymized: false,
});

const noteOf = (candidate: StandInCandidate, note: StandInCandidate['notes'][number]) => ({
  id: note.id,
  text: 'Note',
  fields: [
    {
      type: 'note',
      text: 'Comment',
      value: note.body,
      createdAt: timestamp(note.createdAt),
      user: null,
      score: null,
      stage: derivedId(`stage:${candidate.stage}`),
    },
  ],
  user: null,
  secret: false,
  createdAt: timestamp(note.createdAt),
  completedAt: timestamp(note.createdAt),
  deletedAt: null,
});

/** Lever's offset token, `0.{createdAt}.{id}` of the page's last opportunity. */
const offsetOf = (candidate: StandInCandidate) => `0.${timestamp(candidate.createdAt)}.${candidate.id}`;

const listOpportunities = (request: StandInRequest, context: VendorContext): StandInResponse => {
  const query = request.query;
  const limitText = query.get('limit');
  const limit = limitText === null ? MAX_LIMIT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return apiError(400, 'BadRequestError', `limit must be between 1 and ${MAX_LIMIT}`);
  const tags = query.getAll('tag');
  // The stand-in's opportunities are never archived: archived=true lists none.
  const archivedOnly = query.get('archived') === 'true';
  const all = [...context.state.candidates]
    .sort((a, b) => timestamp(a.createdAt) - timestamp(b.createdAt) || a.id.localeCompare(b.id))
    .filter((candidate) => !archivedOnly && (tags.length === 0 || candidate.tags.some((tag) => tags.includes(tag))));
  let start = 0;
  const offset = query.get('offset');
  if (offset !== null) {
    const index = all.findIndex((candidate) => offsetOf(candidate) === offset);
    if (index < 0) return apiError(400, 'BadRequestError', 'Invalid offset token');
    start = index + 1;
  }
  const data = all.slice(start, start + limit);
  const hasNext = start + limit < all.length;
  return {
    status: 200,
    body: {
      data: data.map((candidate) => opportunityOf(candidate, context)),
      hasNext,
      ...(hasNext ? { next: offsetOf(data[data.length - 1]!) } : {}),
    },
  };
};

const webhookOf = (hook: VendorState['hooks'][number]) => ({
  id: hook.id,
  url: hook.url,
  event: hook.event,
  createdAt: null,
  updatedAt: null,
  configuration: {},
});

export const leverStandIn: VendorStandIn = {
  type: 'lever',
  accepts: { 'OAuth client id': LEVER_LOCAL_OAUTH_CLIENT.clientId, 'OAuth client secret': LEVER_LOCAL_OAUTH_CLIENT.clientSecret },

  auth(request, context) {
    if (request.method === 'GET' && request.path === '/authorize') return consentPage(request, context);
    if (request.method === 'POST' && request.path === '/authorize') return decide(request, context);
    if (request.method === 'POST' && request.path === '/oauth/token') return token(request, context);
    return undefined;
  },

  api(request, context) {
    if (!request.path.startsWith('/v1/')) return undefined;
    if (!authenticated(request, context)) return apiError(401, 'UNAUTHORIZED', 'Invalid or expired access token');
    const { state } = context;
    const path = request.path.replace(/\/+$/, '');

    if (request.method === 'GET' && path === '/v1/opportunities') return listOpportunities(request, context);

    const opportunityPath = /^\/v1\/opportunities\/([^/]+)(\/notes)?$/.exec(path);
    if (opportunityPath) {
      const id = decodeURIComponent(opportunityPath[1]!);
      const candidate = state.candidates.find((c) => c.id === id);
      if (!candidate) return apiError(404, 'ResourceNotFound', `opportunities ${id} was not found`);
      if (!opportunityPath[2]) return request.method === 'GET' ? { status: 200, body: { data: opportunityOf(candidate, context) } } : undefined;
      if (request.method === 'GET') return { status: 200, body: { data: candidate.notes.map((note) => noteOf(candidate, note)), hasNext: false } };
      if (request.method !== 'POST') return undefined;
      const value = bodyFields(request).value;
      if (typeof value !== 'string' || !value.trim()) return apiError(400, 'BadRequestError', 'value is required');
      const noteId = randomUUID();
      candidate.notes.push({ id: noteId, body: value, createdAt: context.now().toISOString() });
      context.save();
      return { status: 201, body: { data: { noteId } } };
    }

    if (path === '/v1/webhooks' && request.method === 'GET') return { status: 200, body: { data: state.hooks.map(webhookOf), hasNext: false } };
    if (path === '/v1/webhooks' && request.method === 'POST') {
      const fields = bodyFields(request);
      const url = text(fields.url);
      const event = text(fields.event);
      if (!validRedirect(url)) return apiError(400, 'BadRequestError', 'url must be a valid URL');
      if (!(WEBHOOK_EVENTS as readonly string[]).includes(event))
        return apiError(400, 'BadRequestError', `event must be one of ${WEBHOOK_EVENTS.join(', ')}`);
      const hook = { id: randomUUID(), url, event, secret: randomBytes(24).toString('hex') };
      state.hooks.push(hook);
      context.save();
      const at = context.now().getTime();
      return {
        status: 201,
        body: { data: { data: { id: hook.id, event, url, configuration: { signatureToken: hook.secret }, createdAt: at, updatedAt: at } } },
      };
    }
    const webhookPath = /^\/v1\/webhooks\/([^/]+)$/.exec(path);
    if (webhookPath && request.method === 'DELETE') {
      const id = decodeURIComponent(webhookPath[1]!);
      if (!state.hooks.some((hook) => hook.id === id)) return apiError(404, 'ResourceNotFound', `webhooks ${id} was not found`);
      state.hooks = state.hooks.filter((hook) => hook.id !== id);
      context.save();
      return { status: 204 };
    }
    return undefined;
  },

  webhookDelivery(hook, candidate, context) {
    const triggeredAt = context.now().getTime();
    const token = randomBytes(24).toString('hex');
    const event = hook.event ?? 'applicationCreated';
    const ids = { opportunityId: candidate.id, candidateId: candidate.id, contactId: derivedId(`contact:${candidate.id}`) };
    const data = event === 'applicationCreated' ? { ...ids, applicationId: derivedId(`application:${candidate.id}`), postingId: null } : ids;
    const signature = createHmac('sha256', hook.secret).update(`${token}${triggeredAt}`).digest('hex');
    return {
      headers: { 'user-agent': 'Lever-Webhooks' },
      body: JSON.stringify({ id: randomUUID(), event, triggeredAt, data, token, signature }),
    };
  },
};
