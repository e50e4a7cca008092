import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { StandInCandidate, StandInRequest, StandInResponse, VendorContext, VendorStandIn } from '../types';

/**
 * HiringThing's REST API v1 (https://api.hiringthing.com/api/v1) for the calls the hiringthing
 * adapter makes:
 * - every request: HTTP Basic with the account's API key and API password; otherwise 401 with a
 *   Basic challenge.
 * - GET /api/v1/jobs (and /jobs/active): the account's one job, every stand-in applicant applied to.
 * - GET /api/v1/applications: the applications (id, job, names, email, status, tags…), paged with
 *   page and per_page (default and most 1000) and the Total-Count, Pages, Results-Per-Page,
 *   Current-Page, First-Link and Last-Link headers.
 * - POST /api/v1/notes {application_id, body}: adds the note to the application.
 * HiringThing has no webhook API, so the stand-in has none.
 */
const USERNAME = 'hiringthing-local-key';
const PASSWORD = 'hiringthing-local-password';
const MAX_PER_PAGE = 1000;

const JOB = {
  id: 1,
  company: 'Local stand-in company',
  job_code: 'LOCAL-1',
  title: 'Stand-in position',
  abstract: 'The job every stand-in applicant applied to.',
  description: '<p>The job every stand-in applicant applied to.</p>',
  city: 'Portland',
  state: 'OR',
  country: 'US',
  archived: false,
  created_at: '2026-01-01T00:00:00Z',
};

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const authorized = (request: StandInRequest): boolean => {
  const encoded = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!encoded) return false;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  // Both compared, whatever the first gives, so a wrong key and a wrong password take as long.
  const user = sameText(decoded.slice(0, colon), USERNAME);
  const password = sameText(decoded.slice(colon + 1), PASSWORD);
  return user && password;
};

/** One page of `items`, with HiringThing's pagination headers. */
const paged = (items: readonly unknown[], request: StandInRequest, context: VendorContext): StandInResponse => {
  const page = Number(request.query.get('page') ?? 1);
  const perPage = Math.min(Number(request.query.get('per_page') ?? MAX_PER_PAGE), MAX_PER_PAGE);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1)
    return { status: 400, body: { error: 'page and per_page must be positive integers' } };
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const link = (n: number) => `${context.base}/api${request.path}?page=${n}&per_page=${perPage}`;
  return {
    status: 200,
    headers: {
      'Total-Count': String(items.length),
      Pages: String(pages),
      'Results-Per-Page': String(perPage),
      'Current-Page': String(page),
      'First-Link': link(1),
      'Last-Link': link(pages),
    },
    body: items.slice((page - 1) * perPage, page * perPage),
  };
};

const application = (candidate: StandInCandidate) => {
  const [first = '', ...rest] = candidate.name.split(/\s+/);
  return {
    id: candidate.id,
    job: JOB.title,
    job_id: JOB.id,
    status: candidate.stage,
    first_name: first,
    last_name: rest.join(' ') || null,
    phone: null,
    email: candidate.email,
    rating: null,
    applied_at: candidate.createdAt,
    source: 'Local stand-in',
    archived: false,
    tags: [...candidate.tags],
  };
};

const addNote = (request: StandInRequest, context: VendorContext): StandInResponse => {
  let body: { application_id?: unknown; body?: unknown };
  try {
    body = JSON.parse(request.rawBody) as typeof body;
  } catch {
    return { status: 400, body: { error: 'The body must be JSON' } };
  }
  if (typeof body.body !== 'string' || !body.body.trim()) return { status: 422, body: { errors: { body: ["can't be blank"] } } };
  const candidate = context.state.candidates.find((c) => c.id === String(body.application_id ?? ''));
  if (!candidate) return { status: 404, body: { error: 'Application not found' } };
  const note = { id: randomBytes(6).toString('hex'), body: body.body, createdAt: context.now().toISOString() };
  candidate.notes.push(note);
  context.save();
  return { status: 201, body: { id: note.id, application_id: candidate.id, body: note.body, created_at: note.createdAt } };
};

export const hiringthingStandIn: VendorStandIn = {
  type: 'hiringthing',
  accepts: { Username: USERNAME, Password: PASSWORD },

  api(request, context) {
    if (!authorized(request)) {
      return { status: 401, headers: { 'www-authenticate': 'Basic realm="HiringThing API"' }, body: { error: 'Unauthorized' } };
    }
    if (request.method === 'GET' && (request.path === '/api/v1/jobs' || request.path === '/api/v1/jobs/active'))
      return paged([JOB], request, context);
    if (request.method === 'GET' && request.path === '/api/v1/applications')
      return paged(context.state.candidates.map(application), request, context);
    if (request.method === 'POST' && request.path === '/api/v1/notes') return addNote(request, context);
    return undefined;
  },
};
