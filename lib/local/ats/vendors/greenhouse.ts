import { createHash, randomBytes } from 'node:crypto';
import type { StandInCandidate, StandInRequest, StandInResponse, VendorContext, VendorStandIn } from '../types';

/**
 * Greenhouse's stand-in: Harvest API v3 (https://harvestdocs.greenhouse.io) for the calls the adapter
 * makes, behind OAuth 2.0 client credentials as auth.greenhouse.io issues them:
 * - POST /token (auth)  HTTP Basic client id:secret, grant_type=client_credentials → {access_token, token_type, expires_in}
 * - GET  /v3/candidate_tags, /v3/applied_candidate_tags, /v3/candidates, /v3/applications: bare arrays,
 *   `per_page` (1–500, 100 by default) on the first request, then the Link header's rel="next" URL whose
 *   `cursor` must travel alone; `ids`-style filters take at most 50 comma-separated ids
 * - POST /v3/notes {candidate_id, application_id?, body, visibility}                          → 201, the note
 * - POST /v3/applications/{id}/move {from_stage_id, to_stage_id?} (no to_stage_id: the next stage) → 204
 * Errors are {message, errors}. Each stand-in candidate has one application on one job whose interview
 * plan is STAGES; a candidate the control page added (stage "New applicant") starts in the first of them.
 */
const CLIENT_ID = 'greenhouse-local-client';
const CLIENT_SECRET = 'greenhouse-local-secret';
const ACCESS_TTL_MS = 60 * 60_000;
const FORGET_AFTER_MS = 24 * 60 * 60_000;
const DEFAULT_PER_PAGE = 100;
const MAX_PER_PAGE = 500;
const MAX_IDS = 50;
const JOB = { id: 4001, name: 'Local stand-in job' } as const;
export const GREENHOUSE_LOCAL_STAGES = [
  { id: 5001, name: 'Application Review' },
  { id: 5002, name: 'Video Interview' },
  { id: 5003, name: 'Phone Screen' },
  { id: 5004, name: 'Onsite' },
  { id: 5005, name: 'Offer' },
] as const;

const harvestError = (status: number, message: string, errors: string[] = []): StandInResponse => ({ status, body: { message, errors } });
const unprocessable = (...errors: string[]) => harvestError(422, 'Unprocessable Content', errors);

/** Greenhouse ids are numbers; the stand-in's candidates keep the shared model's text ids. */
const sameId = (value: unknown, id: string) => String(value) === id;

/** A tag's id: stable for its name. */
const tagId = (name: string) => Number.parseInt(createHash('sha256').update(`tag:${name}`).digest('hex').slice(0, 12), 16);
const applicationIdOf = (candidate: StandInCandidate) => `${candidate.id}-1`;
const stageOf = (candidate: StandInCandidate) =>
  GREENHOUSE_LOCAL_STAGES.find((stage) => stage.name === candidate.stage) ?? GREENHOUSE_LOCAL_STAGES[0];

const bodyFields = (request: StandInRequest): Record<string, unknown> | null => {
  if (!request.rawBody) return {};
  if (/application\/x-www-form-urlencoded/.test(request.headers['content-type'] ?? ''))
    return Object.fromEntries(new URLSearchParams(request.rawBody));
  try {
    const parsed: unknown = JSON.parse(request.rawBody);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** POST /token: client credentials from HTTP Basic (or the form, as OAuth allows). */
const token = (request: StandInRequest, context: VendorContext): StandInResponse => {
  const fields = bodyFields(request) ?? {};
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const [clientId, clientSecret] = basic
    ? (() => {
        const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        return colon < 0 ? [decoded, ''] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
      })()
    : [String(fields.client_id ?? ''), String(fields.client_secret ?? '')];
  if (!clientId && !clientSecret) return harvestError(401, 'Unauthorized');
  const grantType = typeof fields.grant_type === 'string' ? fields.grant_type : '';
  if (!grantType) return harvestError(400, 'Must include `grant_type` parameter in /token request');
  if (grantType !== 'client_credentials') return harvestError(400, `grant_type=${grantType} is invalid, the stand-in supports client_credentials`);
  if (clientId !== CLIENT_ID || clientSecret !== CLIENT_SECRET) return { status: 401, body: { error: 'invalid_client' } };
  const now = Date.now();
  const value = `greenhouse-local-access-${randomBytes(24).toString('base64url')}`;
  context.state.tokens = [
    ...context.state.tokens.filter((t) => t.expiresAt > now - FORGET_AFTER_MS),
    { kind: 'access', value, expiresAt: now + ACCESS_TTL_MS },
  ];
  context.save();
  return {
    status: 200,
    headers: { 'cache-control': 'no-store' },
    body: { access_token: value, token_type: 'Bearer', expires_in: ACCESS_TTL_MS / 1000 },
  };
};

const unauthorized = (request: StandInRequest, context: VendorContext): StandInResponse | null => {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return harvestError(401, 'Unauthorized', ['Token could not be decoded.']);
  const access = context.state.tokens.find((t) => t.kind === 'access' && t.value === match[1]);
  if (!access) return harvestError(401, 'Unauthorized', ['Token could not be decoded.']);
  if (access.expiresAt <= Date.now()) return harvestError(401, 'Unauthorized', ['Token has expired.']);
  return null;
};

/** The ids of a comma-separated filter, or the 422 for more than 50. */
const idsFilter = (query: URLSearchParams, name: string): string[] | null | StandInResponse => {
  const value = query.get(name);
  if (value === null) return null;
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return ids.length > MAX_IDS ? unprocessable(`${name} accepts at most ${MAX_IDS} ids`) : ids;
};

interface Cursor {
  readonly q: string;
  readonly perPage: number;
  readonly offset: number;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
const decodeCursor = (value: string): Cursor | null => {
  try {
    const cursor = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<Cursor>;
    return typeof cursor.q === 'string' && Number.isInteger(cursor.perPage) && Number.isInteger(cursor.offset) ? (cursor as Cursor) : null;
  } catch {
    return null;
  }
};

/** A v3 list: the filters of the first request (or of the cursor), one page, and the Link header to the next. */
const list = (request: StandInRequest, context: VendorContext, items: (query: URLSearchParams) => unknown[] | StandInResponse): StandInResponse => {
  let query = request.query;
  let offset = 0;
  let perPage = DEFAULT_PER_PAGE;
  const cursorValue = query.get('cursor');
  if (cursorValue !== null) {
    if ([...query.keys()].some((name) => name !== 'cursor')) return unprocessable('cursor must be the only query parameter');
    const cursor = decodeCursor(cursorValue);
    if (!cursor) return unprocessable('cursor is invalid');
    ({ offset, perPage } = cursor);
    query = new URLSearchParams(cursor.q);
  } else if (query.has('per_page')) {
    perPage = Number(query.get('per_page'));
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) return unprocessable(`per_page must be between 1 and ${MAX_PER_PAGE}`);
  }
  const filters = new URLSearchParams([...query].filter(([name]) => name !== 'per_page' && name !== 'cursor'));
  const all = items(filters);
  if (!Array.isArray(all)) return all;
  const headers: Record<string, string> = {};
  if (offset + perPage < all.length) {
    const next = encodeCursor({ q: filters.toString(), perPage, offset: offset + perPage });
    headers.link = `<${context.base}/api${request.path}?cursor=${next}>; rel="next"`;
  }
  return { status: 200, headers, body: all.slice(offset, offset + perPage) };
};

const byCreation = (candidates: readonly StandInCandidate[]) =>
  [...candidates].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id));

const candidateOf = (candidate: StandInCandidate) => {
  const [first = '', ...rest] = candidate.name.trim().split(/\s+/);
  const updated = [candidate.createdAt, ...candidate.notes.map((note) => note.createdAt), ...candidate.stageMoves.map((move) => move.at)]
    .sort()
    .at(-1);
  return {
    id: candidate.id,
    first_name: first,
    last_name: rest.join(' '),
    company: null,
    title: null,
    is_private: false,
    can_email: true,
    created_at: candidate.createdAt,
    updated_at: updated,
    last_activity_at: updated,
    email_addresses: candidate.email ? [{ value: candidate.email, type: 'personal', primary: true }] : [],
    phone_numbers: [],
    addresses: [],
    website_addresses: [],
    social_media_addresses: [],
    tags: candidate.tags,
  };
};

const applicationOf = (candidate: StandInCandidate) => ({
  id: applicationIdOf(candidate),
  candidate_id: candidate.id,
  job_id: JOB.id,
  prospect: false,
  status: 'in_process',
  stage_id: stageOf(candidate).id,
  created_at: candidate.createdAt,
  updated_at: candidate.stageMoves.at(-1)?.at ?? candidate.createdAt,
  last_activity_at: candidate.stageMoves.at(-1)?.at ?? candidate.createdAt,
});

const tagsOf = (candidates: readonly StandInCandidate[]) => {
  const names = new Map<string, string>();
  for (const candidate of byCreation(candidates)) for (const name of candidate.tags) if (!names.has(name)) names.set(name, candidate.createdAt);
  return [...names].map(([name, createdAt]) => ({ id: tagId(name), name, created_at: createdAt, updated_at: createdAt }));
};

const readCandidates = (request: StandInRequest, context: VendorContext): StandInResponse | undefined => {
  const candidates = byCreation(context.state.candidates);
  switch (request.path) {
    case '/v3/candidate_tags':
      return list(request, context, (query) => {
        const ids = idsFilter(query, 'ids');
        if (ids && !Array.isArray(ids)) return ids;
        return tagsOf(candidates).filter((tag) => !ids || ids.some((id) => sameId(tag.id, id)));
      });
    case '/v3/applied_candidate_tags':
      return list(request, context, (query) => {
        const tagIds = idsFilter(query, 'candidate_tag_ids');
        const candidateIds = idsFilter(query, 'candidate_ids');
        for (const filter of [tagIds, candidateIds]) if (filter && !Array.isArray(filter)) return filter;
        return candidates.flatMap((candidate) =>
          candidate.tags
            .map((name) => ({
              id: `${candidate.id}-${tagId(name)}`,
              candidate_id: candidate.id,
              candidate_tag_id: tagId(name),
              created_at: candidate.createdAt,
              updated_at: candidate.createdAt,
            }))
            .filter(
              (row) =>
                (!Array.isArray(tagIds) || tagIds.some((id) => sameId(row.candidate_tag_id, id))) &&
                (!Array.isArray(candidateIds) || candidateIds.includes(candidate.id)),
            ),
        );
      });
    case '/v3/candidates':
      return list(request, context, (query) => {
        const ids = idsFilter(query, 'ids');
        if (ids && !Array.isArray(ids)) return ids;
        return candidates.filter((candidate) => !ids || ids.includes(candidate.id)).map(candidateOf);
      });
    case '/v3/applications':
      return list(request, context, (query) => {
        const ids = idsFilter(query, 'ids');
        const candidateIds = idsFilter(query, 'candidate_ids');
        for (const filter of [ids, candidateIds]) if (filter && !Array.isArray(filter)) return filter;
        const status = query.get('status');
        if (status !== null && !['active', 'rejected', 'hired', 'converted'].includes(status)) {
          return unprocessable('status must be one of active, rejected, hired, converted');
        }
        // Every stand-in application is active (in process).
        if (status !== null && status !== 'active') return [];
        return candidates
          .filter(
            (candidate) =>
              (!Array.isArray(ids) || ids.includes(applicationIdOf(candidate))) &&
              (!Array.isArray(candidateIds) || candidateIds.includes(candidate.id)),
          )
          .map(applicationOf);
      });
    default:
      return undefined;
  }
};

const createNote = (request: StandInRequest, context: VendorContext): StandInResponse => {
  const fields = bodyFields(request);
  if (!fields) return harvestError(400, 'The request body must be JSON');
  const errors: string[] = [];
  if (fields.candidate_id === undefined) errors.push('candidate_id is required');
  if (typeof fields.body !== 'string' || !fields.body.trim()) errors.push('body is required');
  if (!['public', 'private', 'admin_only'].includes(String(fields.visibility))) errors.push('visibility must be one of public, private, admin_only');
  if (errors.length) return unprocessable(...errors);
  const candidate = context.state.candidates.find((c) => sameId(fields.candidate_id, c.id));
  if (!candidate) return harvestError(404, 'Resource not found');
  if (fields.application_id !== undefined && fields.application_id !== null && !sameId(fields.application_id, applicationIdOf(candidate))) {
    return unprocessable('application_id does not belong to the candidate');
  }
  const note = { id: randomBytes(8).toString('hex'), body: String(fields.body), createdAt: context.now().toISOString() };
  candidate.notes.push(note);
  context.save();
  const visibility = { public: 'publicly_visible', private: 'privately_visible', admin_only: 'admin_only_visible' }[String(fields.visibility)];
  return {
    status: 201,
    body: {
      id: note.id,
      candidate_id: candidate.id,
      application_id: fields.application_id ?? null,
      user_id: null,
      body: note.body,
      visibility,
      type: 'NOTE',
      created_at: note.createdAt,
    },
  };
};

const moveApplication = (request: StandInRequest, context: VendorContext, applicationId: string): StandInResponse => {
  const fields = bodyFields(request);
  if (!fields) return harvestError(400, 'The request body must be JSON');
  const candidate = context.state.candidates.find((c) => applicationIdOf(c) === applicationId);
  if (!candidate) return harvestError(404, 'Resource not found');
  if (fields.from_stage_id === undefined || fields.from_stage_id === null) return unprocessable('from_stage_id is required');
  if (fields.to_job_id !== undefined && fields.to_job_id !== null && !sameId(fields.to_job_id, String(JOB.id))) {
    return unprocessable('to_job_id: the stand-in has one job');
  }
  const from = stageOf(candidate);
  if (!sameId(fields.from_stage_id, String(from.id))) return unprocessable("from_stage_id does not match the application's current stage");
  const index = GREENHOUSE_LOCAL_STAGES.findIndex((stage) => stage.id === from.id);
  let to: (typeof GREENHOUSE_LOCAL_STAGES)[number] | undefined;
  if (fields.to_stage_id !== undefined && fields.to_stage_id !== null) {
    to = GREENHOUSE_LOCAL_STAGES.find((stage) => sameId(fields.to_stage_id, String(stage.id)));
    if (!to) return unprocessable("to_stage_id is not a stage of the application's job");
  } else {
    to = GREENHOUSE_LOCAL_STAGES[index + 1];
    if (!to) return unprocessable('The application is in the last stage of its job');
  }
  candidate.stage = to.name;
  candidate.stageMoves.push({ from: from.name, to: to.name, at: context.now().toISOString() });
  context.save();
  return { status: 204 };
};

export const greenhouseStandIn: VendorStandIn = {
  type: 'greenhouse',
  accepts: { 'Client ID': CLIENT_ID, 'API key': CLIENT_SECRET },

  auth(request, context) {
    if (request.method === 'POST' && request.path === '/token') return token(request, context);
    return undefined;
  },

  api(request, context) {
    if (!request.path.startsWith('/v3/')) return undefined;
    const refused = unauthorized(request, context);
    if (refused) return refused;
    // A candidate added on the control page starts in the job's first stage.
    let normalised = false;
    for (const candidate of context.state.candidates) {
      if (!GREENHOUSE_LOCAL_STAGES.some((stage) => stage.name === candidate.stage)) {
        candidate.stage = GREENHOUSE_LOCAL_STAGES[0].name;
        normalised = true;
      }
    }
    if (normalised) context.save();

    if (request.method === 'GET') return readCandidates(request, context);
    if (request.method === 'POST' && request.path === '/v3/notes') return createNote(request, context);
    const move = /^\/v3\/applications\/([^/]+)\/move$/.exec(request.path);
    if (request.method === 'POST' && move) return moveApplication(request, context, decodeURIComponent(move[1]!));
    return undefined;
  },
};
