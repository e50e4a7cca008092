import { createHash, randomBytes } from 'node:crypto';
import type { StandInCandidate, StandInRequest, StandInResponse, VendorContext, VendorStandIn } from '../types';

/**
 * Recruitee's JSON API as the adapter uses it (https://docs.recruitee.com): every path is under
 * `/c/{company_id}` and carries a personal API token as `Authorization: Bearer …` (401 without a
 * token Recruitee knows, 403 for a company the token's user is not in).
 * - GET  /c/{company}/tags                    `{ tags: [{ id, name, taggings_count }] }`
 * - GET  /c/{company}/search/new/candidates   `filters_json` (a JSON array; `{"filter":"tags","id":{"in":[ids]}}`
 *                                             is applied, a filter it does not know is ignored, as Recruitee
 *                                             does), `limit` (default 60, above 10 000 a server error),
 *                                             `page` (from 1), `sort_by` (`created_at_desc` by default);
 *                                             answers `{ aggregations, hits, total }`
 * - POST /c/{company}/candidates/{id}/notes   `{ note: { body, visibility } }` → 201 `{ note }`
 * Recruitee's ids are numbers: a candidate's is derived from the stand-in's id, a tag's from its name.
 * Recruitee registers no webhooks through its API, so this stand-in delivers none.
 */
const COMPANY_ID = 'recruitee-local-company';
const TOKEN = 'recruitee-local-token';
const DEFAULT_LIMIT = 60;
const MAX_LIMIT = 10_000;

const json = (status: number, body: unknown): StandInResponse => ({ status, body });
const error = (status: number, ...messages: string[]) => json(status, { error: messages });

const numericId = (candidate: StandInCandidate) =>
  Number.parseInt(createHash('sha256').update(`candidate:${candidate.id}`).digest('hex').slice(0, 12), 16);
const tagId = (name: string) => Number.parseInt(createHash('sha256').update(`tag:${name}`).digest('hex').slice(0, 8), 16);

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

const hit = (candidate: StandInCandidate, company: string) => ({
  id: numericId(candidate),
  company_id: company,
  name: candidate.name,
  initials: initials(candidate.name),
  emails: candidate.email ? [candidate.email] : [],
  phones: [],
  tags: [...candidate.tags],
  source: 'manual',
  sources: [],
  placements: [{ id: numericId(candidate) + 1, stage: { id: tagId(`stage:${candidate.stage}`), name: candidate.stage }, disqualified: false }],
  notes_count: candidate.notes.length,
  created_at: candidate.createdAt,
  updated_at: candidate.notes.at(-1)?.createdAt ?? candidate.createdAt,
  deleted: false,
});

/** The tag ids a `filters_json` asks for, or undefined when it asks for none (other filters are ignored). */
const tagFilter = (raw: string | null): Set<number> | undefined | 'invalid' => {
  if (!raw) return undefined;
  let filters: unknown;
  try {
    filters = JSON.parse(raw);
  } catch {
    return 'invalid';
  }
  if (!Array.isArray(filters)) return 'invalid';
  let ids: Set<number> | undefined;
  for (const filter of filters as unknown[]) {
    if (!filter || typeof filter !== 'object') continue;
    const { filter: kind, id } = filter as { filter?: unknown; id?: { in?: unknown } };
    if (kind !== 'tags' || !id || !Array.isArray(id.in)) continue;
    ids ??= new Set();
    for (const value of id.in) if (Number.isInteger(Number(value))) ids.add(Number(value));
  }
  return ids;
};

const positiveInt = (value: string | null, fallback: number) => {
  if (value === null || value === '') return fallback;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : null;
};

const search = (request: StandInRequest, context: VendorContext, company: string): StandInResponse => {
  const limit = positiveInt(request.query.get('limit'), DEFAULT_LIMIT);
  const page = positiveInt(request.query.get('page'), 1);
  if (limit === null || page === null) return error(400, 'limit and page must be positive integers');
  if (limit > MAX_LIMIT) return error(500, 'Server internal error');
  const wanted = tagFilter(request.query.get('filters_json'));
  if (wanted === 'invalid') return error(400, 'filters_json must be a JSON array');
  const sort = request.query.get('sort_by') ?? 'created_at_desc';
  const matching = context.state.candidates
    .filter((candidate) => !wanted || candidate.tags.some((tag) => wanted.has(tagId(tag))))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || numericId(a) - numericId(b));
  if (sort !== 'created_at_asc') matching.reverse();
  const hits = matching.slice((page - 1) * limit, page * limit).map((candidate) => hit(candidate, company));
  return json(200, { aggregations: null, hits, total: matching.length });
};

const addNote = (request: StandInRequest, context: VendorContext, candidateId: string): StandInResponse => {
  const candidate = context.state.candidates.find((c) => String(numericId(c)) === candidateId);
  if (!candidate) return error(404, 'Not found');
  let parsed: unknown;
  try {
    parsed = JSON.parse(request.rawBody || '{}');
  } catch {
    return error(400, 'Invalid JSON');
  }
  const note = (parsed as { note?: { body?: unknown; visibility?: unknown } } | null)?.note;
  if (!note || typeof note.body !== 'string' || !note.body.trim()) return error(422, "Body can't be blank");
  const created = { id: randomBytes(6).toString('hex'), body: note.body, createdAt: context.now().toISOString() };
  candidate.notes.push(created);
  context.save();
  return json(201, {
    note: {
      id: Number.parseInt(created.id, 16),
      body: created.body,
      created_at: created.createdAt,
      updated_at: created.createdAt,
      admin_id: 1,
      visibility: note.visibility ?? { level: 'public' },
      candidate_id: numericId(candidate),
    },
  });
};

export const recruiteeStandIn: VendorStandIn = {
  type: 'recruitee',
  accepts: { 'Company ID': COMPANY_ID, Token: TOKEN },

  api(request, context) {
    const match = /^\/c\/([^/]+)(\/.*)$/.exec(request.path);
    if (!match) return undefined;
    const company = decodeURIComponent(match[1]!);
    const path = match[2]!;
    if (request.headers.authorization !== `Bearer ${TOKEN}`) return error(401, 'Unauthorized');
    if (company !== COMPANY_ID) return error(403, 'Forbidden');

    if (request.method === 'GET' && path === '/tags') {
      const counts = new Map<string, number>();
      for (const candidate of context.state.candidates) for (const tag of candidate.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      return json(200, { tags: [...counts].map(([name, taggings_count]) => ({ id: tagId(name), name, taggings_count })) });
    }
    if (request.method === 'GET' && path === '/search/new/candidates') return search(request, context, company);
    const notes = /^\/candidates\/([^/]+)\/notes$/.exec(path);
    if (request.method === 'POST' && notes) return addNote(request, context, decodeURIComponent(notes[1]!));
    return undefined;
  },
};
