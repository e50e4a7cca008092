import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { StandInCandidate, StandInRequest, StandInResponse, VendorContext, VendorStandIn } from '../types';

/**
 * Comeet's Recruiting API (https://api.comeet.co) for the calls the comeet adapter makes:
 * - every request: `Authorization: Bearer <JWT>`, HS256 with the partner secret, `iss` an API key
 *   of the account, `exp` not passed; otherwise 401 {status, error, message} as Comeet answers.
 * - GET /candidates: the candidate objects (uid, names, email, URL, status, steps, tags), filtered by
 *   time_created / time_hiring_process_updated :after/:before and `deleted`, `limit` a page, each
 *   page {candidates, next_page} with next_page the next page's full URL (null on the last).
 * - POST /candidates/{uid}/notes: adds the note (its HTML `text` as the text Comeet shows).
 * Comeet has no webhook for tags, so the stand-in has none.
 */

/** The partner secret the local stack gives the product (COMEET_PARTNER_SECRET_ID) and this stand-in checks tokens with. */
export const COMEET_LOCAL_PARTNER_SECRET = 'comeet-local-partner-secret';
const API_KEY = 'comeet-local-key';
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

const comeetTime = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
const error = (status: number, code: string, message: string): StandInResponse => ({ status, body: { status, error: code, message } });

/** Why the request's token is not acceptable, or null when it is. */
const tokenProblem = (request: StandInRequest, now: Date): string | null => {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return 'The Authorization header must be "Bearer <token>"';
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature || token.split('.').length !== 3) return 'The token is not a JWT';
  const expected = createHmac('sha256', COMEET_LOCAL_PARTNER_SECRET).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'The token signature does not verify';
  let head: { alg?: unknown };
  let claims: { iss?: unknown; exp?: unknown };
  try {
    head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as typeof head;
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return 'The token is not a JWT';
  }
  if (head?.alg !== 'HS256') return 'The token must be signed with HS256';
  if (typeof claims?.exp !== 'number' || claims.exp * 1000 <= now.getTime()) return 'The token has expired';
  if (claims.iss !== API_KEY) return 'Unknown API key';
  return null;
};

const lastActivity = (candidate: StandInCandidate) =>
  Math.max(
    Date.parse(candidate.createdAt),
    ...candidate.notes.map((note) => Date.parse(note.createdAt)),
    ...candidate.stageMoves.map((move) => Date.parse(move.at)),
  );

/** The `:after`/`:before` filters Comeet documents for the list, on the stand-in's candidates. */
const timeFilters: Record<string, (candidate: StandInCandidate) => number> = {
  time_created: (candidate) => Date.parse(candidate.createdAt),
  time_hiring_process_updated: lastActivity,
  time_last_status_change: (candidate) => Date.parse(candidate.stageMoves.at(-1)?.at ?? candidate.createdAt),
};

const candidateObject = (candidate: StandInCandidate, context: VendorContext) => {
  const [first = '', ...rest] = candidate.name.split(/\s+/);
  return {
    uid: candidate.id,
    person_uid: `P.${candidate.id}`,
    first_name: first,
    middle_name: null,
    last_name: rest.join(' ') || null,
    email: candidate.email,
    phone: null,
    mobile_phone: null,
    deleted: false,
    position_uid: 'LOCAL.1',
    time_created: comeetTime(candidate.createdAt),
    URL: `${context.base}/app/req/1/can/${encodeURIComponent(candidate.id)}`,
    completed_steps: [],
    current_steps: [{ name: candidate.stage, type: 'Go/No-go', time_scheduled: null }],
    future_steps: [],
    status: 'In progress',
    prospect_status: null,
    time_last_status_changed: comeetTime(candidate.stageMoves.at(-1)?.at ?? candidate.createdAt),
    tags: candidate.tags.map((name) => ({ name })),
  };
};

const listCandidates = (request: StandInRequest, context: VendorContext): StandInResponse => {
  let candidates = context.state.candidates;
  for (const [name, valueOf] of Object.entries(timeFilters)) {
    for (const edge of ['after', 'before'] as const) {
      const raw = request.query.get(`${name}:${edge}`);
      if (raw === null) continue;
      const at = Date.parse(raw);
      if (!Number.isFinite(at)) return error(400, 'invalid_request', `${name}:${edge} must be YYYY-MM-DDTHH:mm:ssZ`);
      candidates = candidates.filter((candidate) => (edge === 'after' ? valueOf(candidate) > at : valueOf(candidate) < at));
    }
  }
  // The stand-in never deletes a candidate: deleted=True lists none.
  if (request.query.get('deleted')?.toLowerCase() === 'true') candidates = [];
  const limit = Math.min(Number(request.query.get('limit') ?? DEFAULT_LIMIT), MAX_LIMIT);
  const page = Number(request.query.get('page') ?? 1);
  if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(page) || page < 1)
    return error(400, 'invalid_request', 'limit and page are positive integers');
  const slice = candidates.slice((page - 1) * limit, page * limit);
  let nextPage: string | null = null;
  if (page * limit < candidates.length) {
    const next = new URLSearchParams(request.query);
    next.set('page', String(page + 1));
    nextPage = `${context.base}/api/candidates?${next}`;
  }
  return { status: 200, body: { candidates: slice.map((candidate) => candidateObject(candidate, context)), next_page: nextPage } };
};

/** The text Comeet shows for a note's HTML (it keeps <b>, <i> and <u>, which carry no text of their own). */
const shownText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

const addNote = (uid: string, request: StandInRequest, context: VendorContext): StandInResponse => {
  const candidate = context.state.candidates.find((c) => c.id === uid);
  if (!candidate) return error(404, 'candidate_not_found', 'Candidate not found');
  let body: { time_created?: unknown; created_by?: { type?: unknown; first_name?: unknown }; text?: unknown };
  try {
    body = JSON.parse(request.rawBody) as typeof body;
  } catch {
    return error(400, 'invalid_request', 'The body must be JSON');
  }
  if (typeof body.text !== 'string' || !body.text.trim()) return error(400, 'invalid_request', 'text is required');
  if (typeof body.time_created !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(body.time_created))
    return error(400, 'invalid_request', 'time_created is required, YYYY-MM-DDTHH:mm:ssZ');
  const author = body.created_by;
  if (
    !author ||
    !['user', 'source_contact', 'other', 'app'].includes(String(author.type)) ||
    typeof author.first_name !== 'string' ||
    !author.first_name
  )
    return error(400, 'invalid_request', 'created_by needs a type (user, source_contact, other, app) and a first_name');
  const note = { id: `N.${randomBytes(6).toString('hex')}`, body: shownText(body.text), createdAt: context.now().toISOString() };
  candidate.notes.push(note);
  context.save();
  return {
    status: 200,
    body: { uid: note.id, time_created: body.time_created, created_by: { type: author.type, uid: null }, text: body.text, details: [] },
  };
};

export const comeetStandIn: VendorStandIn = {
  type: 'comeet',
  accepts: { 'API key': API_KEY },

  api(request, context) {
    const problem = tokenProblem(request, context.now());
    if (problem) return error(401, 'unauthorized', problem);
    if (request.method === 'GET' && request.path === '/candidates') return listCandidates(request, context);
    const notes = /^\/candidates\/([^/]+)\/notes$/.exec(request.path);
    if (request.method === 'POST' && notes) return addNote(decodeURIComponent(notes[1]!), request, context);
    return undefined;
  },
};
