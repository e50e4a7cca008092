import { createHmac } from 'node:crypto';
import { secretFromEnvironment } from '../secrets';
import { AtsCredentialsRejected, AtsRequestFailed, MAX_TAGGED, type AtsAdapter, type AtsCandidate, type AtsConnection } from './adapter';
import { atsRequest, refusedCredentials } from './http';

/**
 * Comeet (now also sold as Spark Hire Recruit) through its Recruiting API, https://api.comeet.co
 * (the unversioned endpoints of July 2021; developers.comeet.com › Recruiting API):
 * - Auth: every request carries `Authorization: Bearer <token>`, an HS256 JWT whose `iss` is the
 *   customer's API key (Comeet › Integrations: the integration's `authToken`) and `exp` at most
 *   10 minutes ahead, signed with the secret Comeet gives the product as its integration partner
 *   (Secrets Manager, named by COMEET_PARTNER_SECRET_ID). A key Comeet does not know answers 401.
 * - GET /candidates?limit=1 checks the key.
 * - GET /candidates?time_hiring_process_updated:after=…&deleted=False&limit=100, then each page's
 *   `next_page`: Comeet has no tag filter, and asks clients not to read the whole company on every
 *   run, so the sync reads the hiring processes with activity in the last LOOKBACK_DAYS (giving a
 *   candidate a tag is activity) and keeps those whose `tags[].name` is the tag (case-insensitive).
 *   ref = the candidate's `uid`; the profile link is the candidate's `URL` in the Comeet app.
 * - POST /candidates/{uid}/notes {time_created, created_by: {type: 'app', first_name}, text}: the
 *   note. `text` is HTML of which Comeet keeps only <b>, <i> and <u>, so the plain text is escaped.
 * No webhooks: Comeet's one webhook (the Hires API) is set up by an admin in Comeet, for hires, not tags.
 */
const PAGE_SIZE = 100;
/** At most this many pages a sync (10,000 hiring processes with recent activity). */
const MAX_PAGES = 100;
const LOOKBACK_DAYS = 30;
const TOKEN_SECONDS = 600;
/** Who the notes are from, as Comeet shows an app's notes. */
const NOTE_AUTHOR = 'Video interviews';

interface ComeetTag {
  readonly name?: string;
}

interface ComeetCandidate {
  readonly uid: string;
  readonly first_name?: string | null;
  readonly middle_name?: string | null;
  readonly last_name?: string | null;
  readonly email?: string | null;
  readonly deleted?: boolean;
  readonly URL?: string | null;
  readonly tags?: readonly (ComeetTag | string)[] | null;
}

interface ComeetCandidatesPage {
  readonly candidates?: readonly ComeetCandidate[];
  readonly next_page?: string | null;
}

/** Comeet's time format, YYYY-MM-DDTHH:mm:ssZ. */
const comeetTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The request token: HS256 over `{iss: apiKey, exp}` with the partner secret (Comeet's Authorization page). */
export const comeetToken = (apiKey: string, partnerSecret: string, now = Date.now()): string => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ iss: apiKey, exp: Math.floor(now / 1000) + TOKEN_SECONDS })}`;
  return `${unsigned}.${createHmac('sha256', partnerSecret).update(unsigned).digest('base64url')}`;
};

const authorization = async (connection: AtsConnection): Promise<string> => {
  const apiKey = connection.credentials.authToken;
  if (!apiKey) throw new AtsCredentialsRejected('The Comeet API key is missing');
  return `Bearer ${comeetToken(apiKey, await secretFromEnvironment('COMEET_PARTNER_SECRET_ID'))}`;
};

const call = async <T>(connection: AtsConnection, url: string, request: { method?: 'POST'; json?: unknown } = {}): Promise<T> =>
  atsRequest<T>(url, { ...request, headers: { authorization: await authorization(connection) } });

const fullName = (candidate: ComeetCandidate) =>
  [candidate.first_name, candidate.middle_name, candidate.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

const tagName = (tag: ComeetTag | string) => (typeof tag === 'string' ? tag : (tag.name ?? ''));

/** A `next_page` link, only on the API's own origin (it gets the token). */
const nextPage = (link: string | null | undefined, api: string): string | null => {
  if (!link) return null;
  const url = new URL(link, `${api}/`);
  if (url.origin !== new URL(api).origin) throw new AtsRequestFailed(`Comeet's next page points elsewhere (${url.origin})`, null, false);
  return url.toString();
};

const httpUrl = (value: string | null | undefined): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
};

const escapeHtml = (text: string) => text.replace(/[&<>]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[ch]!);

export const comeetAdapter: AtsAdapter = {
  type: 'comeet',
  endpoints: { api: 'https://api.comeet.co', app: 'https://app.comeet.co' },

  async verifyCredentials(connection) {
    try {
      await call(connection, `${connection.endpoint('api')}/candidates?limit=1`);
    } catch (error) {
      if (refusedCredentials(error)) throw new AtsCredentialsRejected('Comeet refused the API key');
      throw error;
    }
  },

  async listTagged(connection, tag) {
    const api = connection.endpoint('api');
    const wanted = tag.trim().toLowerCase();
    const since = new Date(Date.now() - LOOKBACK_DAYS * 24 * 60 * 60 * 1000);
    const query = new URLSearchParams({ 'time_hiring_process_updated:after': comeetTime(since), deleted: 'False', limit: String(PAGE_SIZE) });
    const found: AtsCandidate[] = [];
    let url: string | null = `${api}/candidates?${query}`;
    for (let pages = 0; url && pages < MAX_PAGES && found.length < MAX_TAGGED; pages += 1) {
      const page: ComeetCandidatesPage | null = await call<ComeetCandidatesPage | null>(connection, url);
      for (const candidate of page?.candidates ?? []) {
        if (candidate.deleted || !candidate.uid) continue;
        if (!(candidate.tags ?? []).some((t) => tagName(t).trim().toLowerCase() === wanted)) continue;
        found.push({
          ref: candidate.uid,
          name: fullName(candidate) || candidate.email || candidate.uid,
          email: candidate.email?.trim() || null,
          profileHref: httpUrl(candidate.URL),
        });
        if (found.length === MAX_TAGGED) break;
      }
      url = nextPage(page?.next_page, api);
    }
    return found;
  },

  async writeResult(connection, ref, result) {
    await call(connection, `${connection.endpoint('api')}/candidates/${encodeURIComponent(ref)}/notes`, {
      method: 'POST',
      json: {
        time_created: comeetTime(new Date()),
        created_by: { type: 'app', first_name: NOTE_AUTHOR },
        text: escapeHtml(result.note),
      },
    });
  },
};
