import { AtsCredentialsRejected, AtsRequestFailed, MAX_TAGGED, type AtsAdapter, type AtsCandidate, type AtsConnection } from './adapter';
import { atsRequest, refusedCredentials } from './http';

/**
 * Less Annoying CRM, API v2 (https://account.lessannoyingcrm.com/api_docs/v2): one endpoint,
 * POST https://api.lessannoyingcrm.com/v2/ with JSON `{ "Function": …, "Parameters": {…} }` and the
 * API key as the whole `Authorization` header. A CRM: the position's tag is a contact group.
 * - GetUser                 the cheapest call (no parameters): the credential check
 * - GetGroups               resolves the group by its name (groups are unique by name)
 * - GetContactsInGroup      the group's members by GroupId, paged with Page / MaxNumberOfResults / HasMoreResults
 * - GetContactsById         the members' records (structured Name, Email list), same paging
 * - CreateNote              the result as a plain-text note on the contact
 * Errors come back as HTTP 400 with `{ ErrorCode, ErrorDescription }`; a refused key ("Invalid
 * credentials") is turned into a 401 here so the credential check reports it as such.
 * Webhooks: v2 can register them (CreateWebhook), but LACRM makes up the signing secret and hands it
 * over in a handshake our endpoint must echo, which the product's webhook route does not do; the
 * 15-minute sync covers LACRM.
 */
const PAGE_SIZE = 100;

interface LacrmPage<T> {
  readonly HasMoreResults?: boolean;
  readonly Results?: readonly T[];
}

interface LacrmGroup {
  readonly GroupId: string;
  readonly Name: string;
}

interface LacrmMembership {
  readonly ContactId: string;
  readonly ContactMetaData?: { readonly Name?: string | null } | null;
}

interface LacrmContact {
  readonly ContactId: string;
  readonly IsCompany?: boolean;
  readonly Name?: string | { readonly FirstName?: string | null; readonly MiddleName?: string | null; readonly LastName?: string | null } | null;
  readonly 'Company Name'?: string | null;
  readonly Email?: readonly ({ readonly Text?: string | null } | string)[] | null;
}

interface LacrmError {
  readonly ErrorCode?: string;
  readonly ErrorDescription?: string;
}

const REFUSED_KEY = /invalid credentials|api key|authori[sz]/i;

const failure = (description: string, fn: string): AtsRequestFailed =>
  REFUSED_KEY.test(description)
    ? new AtsRequestFailed(`Less Annoying CRM refused the API key (${fn}): ${description}`, 401, false)
    : new AtsRequestFailed(`Less Annoying CRM could not ${fn}: ${description}`, 400, false);

/** Calls one API function; LACRM's error bodies become AtsRequestFailed (401 for a refused key). */
const call = async <T>(connection: AtsConnection, fn: string, parameters: Record<string, unknown> = {}): Promise<T> => {
  let body: T | LacrmError | null;
  try {
    body = await atsRequest<T | LacrmError | null>(`${connection.endpoint('api')}/`, {
      method: 'POST',
      headers: { authorization: connection.credentials.authToken ?? '' },
      json: { Function: fn, Parameters: parameters },
    });
  } catch (error) {
    if (error instanceof AtsRequestFailed && error.status === 400) {
      const description = /"ErrorDescription"\s*:\s*"((?:[^"\\]|\\.)*)/.exec(error.message)?.[1] ?? error.message;
      throw failure(description, fn);
    }
    throw error;
  }
  if (body && typeof body === 'object' && ('ErrorCode' in body || 'ErrorDescription' in body)) {
    const error = body as LacrmError;
    throw failure(error.ErrorDescription ?? error.ErrorCode ?? 'unknown error', fn);
  }
  return body as T;
};

/** Every result of a paged function, up to `limit`. */
const allPages = async <T>(connection: AtsConnection, fn: string, parameters: Record<string, unknown>, limit: number): Promise<T[]> => {
  const results: T[] = [];
  for (let page = 1; results.length < limit; page++) {
    const answer = await call<LacrmPage<T> | null>(connection, fn, { ...parameters, Page: page, MaxNumberOfResults: PAGE_SIZE });
    const rows = answer?.Results ?? [];
    results.push(...rows);
    if (!answer?.HasMoreResults || rows.length === 0) break;
  }
  return results.slice(0, limit);
};

const text = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');

const nameOf = (contact: LacrmContact | undefined, membership: LacrmMembership) => {
  const name = contact?.Name;
  const structured =
    name && typeof name === 'object' ? [text(name.FirstName), text(name.MiddleName), text(name.LastName)].filter(Boolean).join(' ') : text(name);
  return structured || text(membership.ContactMetaData?.Name) || text(contact?.['Company Name']) || `Contact ${membership.ContactId}`;
};

const emailOf = (contact: LacrmContact | undefined) => {
  for (const entry of contact?.Email ?? []) {
    const address = typeof entry === 'string' ? text(entry) : text(entry?.Text);
    if (address) return address;
  }
  return null;
};

const findGroup = async (connection: AtsConnection, name: string): Promise<LacrmGroup | undefined> => {
  const groups = await allPages<LacrmGroup>(connection, 'GetGroups', {}, 10_000);
  return groups.find((g) => text(g.Name) === name) ?? groups.find((g) => text(g.Name).toLowerCase() === name.toLowerCase());
};

export const lacrmAdapter: AtsAdapter = {
  type: 'lacrm',
  endpoints: { api: 'https://api.lessannoyingcrm.com/v2', app: 'https://account.lessannoyingcrm.com/app' },

  async verifyCredentials(connection) {
    try {
      await call(connection, 'GetUser');
    } catch (error) {
      if (refusedCredentials(error)) throw new AtsCredentialsRejected('Less Annoying CRM refused the API key');
      throw error;
    }
  },

  async listTagged(connection, tag) {
    const group = await findGroup(connection, tag.trim());
    if (!group) return [];
    const members = await allPages<LacrmMembership>(connection, 'GetContactsInGroup', { GroupId: group.GroupId }, MAX_TAGGED);
    const contacts = new Map<string, LacrmContact>();
    for (let i = 0; i < members.length; i += PAGE_SIZE) {
      const ids = members.slice(i, i + PAGE_SIZE).map((m) => m.ContactId);
      for (const contact of await allPages<LacrmContact>(connection, 'GetContactsById', { ContactIds: ids }, ids.length)) {
        contacts.set(String(contact.ContactId), contact);
      }
    }
    const app = connection.endpoint('app');
    const candidates: AtsCandidate[] = [];
    for (const member of members) {
      const id = String(member.ContactId);
      const contact = contacts.get(id);
      // A company in the group is not a person to interview.
      if (contact?.IsCompany) continue;
      candidates.push({
        ref: id,
        name: nameOf(contact, member),
        email: emailOf(contact),
        profileHref: `${app}/View_Contact?${new URLSearchParams({ ContactId: id })}`,
      });
    }
    return candidates;
  },

  async writeResult(connection, ref, result) {
    await call(connection, 'CreateNote', { ContactId: ref, Note: result.note });
  },
};
