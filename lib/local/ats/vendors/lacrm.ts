import { createHash, randomInt } from 'node:crypto';
import type { StandInCandidate, StandInRequest, StandInResponse, VendorContext, VendorStandIn } from '../types';

/**
 * Less Annoying CRM's API v2 as the adapter uses it: one endpoint (the stand-in's api path stands for
 * https://api.lessannoyingcrm.com/v2/), POST with JSON `{ Function, Parameters }`, the API key as
 * the whole `Authorization` header, errors as HTTP 400 `{ ErrorCode, ErrorDescription }` (a wrong or
 * missing key: "Invalid credentials…"). Functions: GetUser, GetGroups, GetContactsInGroup,
 * GetContactsById and CreateNote, paged lists as `{ HasMoreResults, Results }` with Page (from 1)
 * and MaxNumberOfResults (default 500, at most 10,000).
 *
 * Stand-in candidates are contacts; a candidate's tags are the contact groups it is a member of
 * (the control page's "tag" is the group's name), each group's GroupId derived from its name.
 */
const API_KEY = 'lacrm-local-key';
const USER_ID = '1073223';

const error = (code: string, description: string): StandInResponse => ({
  status: 400,
  body: { ErrorCode: code, ErrorDescription: description },
});

/** LACRM's ids are long numbers (normally 31 digits), sent as strings. */
const uid = (seed?: string) => {
  if (seed === undefined) return Array.from({ length: 31 }, (_, i) => (i === 0 ? randomInt(1, 10) : randomInt(0, 10))).join('');
  const digits = BigInt(`0x${createHash('sha256').update(seed).digest('hex')}`)
    .toString()
    .slice(0, 30);
  return `4${digits}`;
};

interface StandInGroup {
  readonly GroupId: string;
  readonly Name: string;
  readonly members: StandInCandidate[];
}

/** The groups the candidates' tags make, in the order they first appear. */
const groupsOf = (candidates: readonly StandInCandidate[]): StandInGroup[] => {
  const groups = new Map<string, StandInGroup>();
  for (const candidate of candidates) {
    for (const tag of candidate.tags) {
      let group = groups.get(tag);
      if (!group) groups.set(tag, (group = { GroupId: uid(`group:${tag}`), Name: tag, members: [] }));
      group.members.push(candidate);
    }
  }
  return [...groups.values()];
};

const splitName = (name: string) => {
  const parts = name.trim().split(/\s+/);
  const last = parts.length > 1 ? parts.pop()! : '';
  return { FirstName: parts.join(' '), LastName: last };
};

const contactRecord = (candidate: StandInCandidate) => ({
  ContactId: candidate.id,
  IsCompany: false,
  AssignedTo: USER_ID,
  Name: { Salutation: '', ...splitName(candidate.name), MiddleName: '', Suffix: '' },
  Email: candidate.email ? [{ Text: candidate.email, Type: 'Work', TypeId: '1' }] : [],
  Phone: [],
  'Company Name': '',
  'Job Title': '',
  DateCreated: candidate.createdAt,
  LastUpdate: candidate.notes.at(-1)?.createdAt ?? candidate.createdAt,
});

type Parameters = Record<string, unknown>;

/** Page and MaxNumberOfResults as LACRM validates them; an error response when they are off. */
const paging = (parameters: Parameters): { page: number; size: number } | StandInResponse => {
  const page = parameters.Page ?? 1;
  const size = parameters.MaxNumberOfResults ?? 500;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1) return error('InvalidPage', 'Page must be a whole number of at least 1.');
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > 10_000) {
    return error('InvalidMaxNumberOfResults', 'MaxNumberOfResults must be a whole number from 1 to 10000.');
  }
  return { page, size };
};

const paged = <T>(rows: readonly T[], parameters: Parameters): StandInResponse => {
  const p = paging(parameters);
  if ('status' in p) return p;
  const start = (p.page - 1) * p.size;
  return { status: 200, body: { HasMoreResults: rows.length > start + p.size, Results: rows.slice(start, start + p.size) } };
};

const functions: Record<string, (parameters: Parameters, context: VendorContext) => StandInResponse> = {
  GetUser: () => ({
    status: 200,
    body: { UserId: USER_ID, FirstName: 'Local', LastName: 'Stand-in', Timezone: 'America/Chicago', Email: 'owner@lacrm.local' },
  }),

  GetGroups: (parameters, { state }) =>
    paged(
      groupsOf(state.candidates).map((g) => ({
        GroupId: g.GroupId,
        Name: g.Name,
        Sharing: 'Public',
        TeamIds: [],
        Color: '',
        ...(parameters.ReturnNumberOfContacts === true ? { NumberOfContacts: g.members.length } : {}),
      })),
      parameters,
    ),

  GetContactsInGroup: (parameters, { state }) => {
    const byId = typeof parameters.GroupId === 'string' && parameters.GroupId !== '';
    const byName = typeof parameters.GroupName === 'string' && parameters.GroupName !== '';
    if (byId === byName) return error('GroupIdOrName', 'Pass either GroupId or GroupName to identify the group, but not both.');
    const group = groupsOf(state.candidates).find((g) => (byId ? g.GroupId === parameters.GroupId : g.Name === parameters.GroupName));
    if (!group) return error('GroupNotFound', 'The group you passed does not exist or you do not have access to it.');
    return paged(
      group.members.map((c) => ({ ContactId: c.id, GroupId: group.GroupId, ContactMetaData: { Name: c.name, AssignedTo: USER_ID } })),
      parameters,
    );
  },

  GetContactsById: (parameters, { state }) => {
    const ids = parameters.ContactIds;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
      return error('ContactIdsRequired', 'ContactIds must be an array of ContactIds.');
    const wanted = new Set(ids as string[]);
    return paged(state.candidates.filter((c) => wanted.has(c.id)).map(contactRecord), parameters);
  },

  CreateNote: (parameters, context) => {
    const candidate = context.state.candidates.find((c) => c.id === parameters.ContactId);
    if (!candidate) return error('ContactNotFound', 'The ContactId you passed does not match a contact you have access to.');
    if (typeof parameters.Note !== 'string' || parameters.Note.trim() === '') return error('NoteRequired', 'Note is required.');
    const when = typeof parameters.DateDisplayedInHistory === 'string' ? new Date(parameters.DateDisplayedInHistory) : context.now();
    const NoteId = uid();
    candidate.notes.push({ id: NoteId, body: parameters.Note, createdAt: (Number.isNaN(when.getTime()) ? context.now() : when).toISOString() });
    context.save();
    return { status: 200, body: { NoteId } };
  },
};

export const lacrmStandIn: VendorStandIn = {
  type: 'lacrm',
  accepts: { 'API key': API_KEY },

  api(request: StandInRequest, context: VendorContext) {
    if (request.path !== '/') return undefined;
    if (request.headers.authorization !== API_KEY) {
      return error('InvalidCredentials', 'Invalid credentials: the API key in the Authorization header is missing, wrong or disabled.');
    }
    if (request.method !== 'POST') return error('PostRequired', 'API calls are POST requests with a JSON body.');
    let call: { Function?: unknown; Parameters?: unknown };
    try {
      call = JSON.parse(request.rawBody || '{}') as typeof call;
    } catch {
      return error('InvalidJson', 'The request body is not valid JSON.');
    }
    const name = typeof call.Function === 'string' ? call.Function : '';
    const fn = Object.hasOwn(functions, name) ? functions[name] : undefined;
    if (!fn) return error('InvalidFunction', `"${String(call.Function)}" is not a valid function.`);
    const parameters = call.Parameters === undefined ? {} : call.Parameters;
    if (!parameters || typeof parameters !== 'object' || Array.isArray(parameters))
      return error('InvalidParameters', 'Parameters must be an object.');
    return fn(parameters as Parameters, context);
  },
};
