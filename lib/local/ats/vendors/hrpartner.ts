import { randomBytes } from 'node:crypto';
import type { StandInCandidate, StandInRequest, StandInResponse, VendorContext, VendorStandIn } from '../types';

/**
 * HR Partner's REST API as the adapter uses it (https://api.hrpartner.io, developer.hrpartner.io):
 * the `x-api-key` header on every call (401 "Your API key is wrong" otherwise), GET /company,
 * GET /applicants with its `tag` filter (a bare JSON array, as HR Partner's lists are), and
 * GET/POST /applicants/{id}, whose free-text `notes` hold the notes: what a POST appends to them
 * becomes a note of the stand-in's candidate. Stand-in candidates are the applicants; their tags
 * are `tags: [{ tag }]` as HR Partner shows an employee's tags.
 */
const API_KEY = 'hrpartner-local-key';
const NOTE_SEPARATOR = '\n\n';

const json = (status: number, body: unknown): StandInResponse => ({ status, body });

const splitName = (name: string) => {
  const parts = name.trim().split(/\s+/);
  const last = parts.length > 1 ? parts.pop()! : '';
  return { first_names: parts.join(' '), last_name: last };
};

const notesText = (candidate: StandInCandidate) => candidate.notes.map((note) => note.body).join(NOTE_SEPARATOR);

const applicant = (candidate: StandInCandidate) => {
  const { first_names, last_name } = splitName(candidate.name);
  return {
    id: candidate.id,
    first_names,
    last_name,
    full_name: last_name ? `${last_name}, ${first_names}` : first_names,
    email: candidate.email ?? '',
    phone: '',
    source: 'Careers page',
    status: candidate.stage,
    notes: notesText(candidate),
    tags: candidate.tags.map((tag) => ({ tag })),
    created_at: candidate.createdAt,
  };
};

/** What a POST's `notes` does to the candidate's notes: text appended to them is a new note; other text replaces them. */
const updateNotes = (candidate: StandInCandidate, notes: string, context: VendorContext) => {
  const current = notesText(candidate);
  if (notes === current) return;
  const note = (body: string) => ({ id: randomBytes(6).toString('hex'), body, createdAt: context.now().toISOString() });
  if (current && notes.startsWith(current)) {
    const added = notes.slice(current.length).replace(/^\s+/, '').trimEnd();
    if (added) candidate.notes.push(note(added));
    return;
  }
  candidate.notes = notes.trim() ? [note(notes.trim())] : [];
};

const parseBody = (raw: string): Record<string, unknown> | null => {
  try {
    const parsed: unknown = JSON.parse(raw || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

export const hrpartnerStandIn: VendorStandIn = {
  type: 'hrpartner',
  accepts: { 'API key': API_KEY },

  api(request: StandInRequest, context: VendorContext) {
    if (request.headers['x-api-key'] !== API_KEY) return json(401, { message: 'Unauthorized -- Your API key is wrong.' });
    const { state } = context;

    if (request.path === '/company') {
      if (request.method !== 'GET') return json(405, { message: 'Method Not Allowed' });
      return json(200, {
        name: 'Local Stand-in Pty Ltd',
        slug: 'local-stand-in',
        subdomain: 'local',
        subscribed: true,
        subscribed_until: '2099-12-31T00:00:00+00:00',
        employee_limit: 50,
        total_employees: 0,
        active_employees: 0,
        timezone: 'Australia/Sydney',
      });
    }

    if (request.path === '/applicants') {
      if (request.method !== 'GET') return json(405, { message: 'Method Not Allowed' });
      const tag = request.query.get('tag')?.trim().toLowerCase();
      const found = state.candidates.filter((c) => !tag || c.tags.some((t) => t.toLowerCase() === tag));
      return json(200, found.map(applicant));
    }

    const one = /^\/applicants\/([^/]+)$/.exec(request.path);
    if (one) {
      const candidate = state.candidates.find((c) => c.id === decodeURIComponent(one[1]!));
      if (!candidate) return json(404, { message: 'Not Found -- The specified resource or path could not be found.' });
      if (request.method === 'GET') return json(200, applicant(candidate));
      if (request.method !== 'POST') return json(405, { message: 'Method Not Allowed' });
      const body = parseBody(request.rawBody);
      if (!body) return json(400, { message: 'Bad Request -- Your request is invalid.' });
      if (body.notes !== undefined) {
        if (typeof body.notes !== 'string') return json(400, { message: 'Bad Request -- notes must be text.' });
        updateNotes(candidate, body.notes, context);
      }
      context.save();
      return json(200, applicant(candidate));
    }
    return undefined;
  },
};
