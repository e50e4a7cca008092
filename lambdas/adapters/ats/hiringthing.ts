import { AtsCredentialsRejected, MAX_TAGGED, type AtsAdapter, type AtsCandidate, type AtsConnection } from './adapter';
import { atsRequest, basicAuth, refusedCredentials } from './http';

/**
 * HiringThing (also white-labelled as ATS Anywhere) through its REST API v1,
 * https://api.hiringthing.com/api/v1:
 * - Auth: HTTP Basic over HTTPS, the account's API key as the user name (the integration's
 *   `username`) and its API password (`authToken`), both from Account Details › API.
 * - GET /api/v1/jobs?per_page=1 checks them (401/403: refused).
 * - GET /api/v1/applications?page=N&per_page=100: the index endpoints are paged with page and
 *   per_page (the totals come in the Total-Count and Pages headers; atsRequest gives the body only,
 *   so the adapter reads pages until a short one). No tag filter is documented, so the adapter keeps
 *   the applications whose `tags` include the tag (case-insensitive). ref = the application id; the
 *   profile link is the applicant's page in the HiringThing app, `{app}/applicants/{id}`.
 * - POST /api/v1/notes {application_id, body}: the note on the application.
 * No webhooks: HiringThing's API has no call to register one (the 15-minute sync does the work).
 */
const PAGE_SIZE = 100;
/** At most this many pages a sync (10,000 applications). */
const MAX_PAGES = 100;

interface HiringThingApplication {
  readonly id: number | string;
  readonly first_name?: string | null;
  readonly last_name?: string | null;
  readonly email?: string | null;
  readonly tags?: readonly (string | { readonly name?: string })[] | null;
}

const authorization = (connection: AtsConnection) => {
  const { username, authToken } = connection.credentials;
  if (!username || !authToken) throw new AtsCredentialsRejected('The HiringThing API key or password is missing');
  return basicAuth(username, authToken);
};

const call = <T>(connection: AtsConnection, path: string, request: { method?: 'POST'; json?: unknown } = {}): Promise<T> =>
  atsRequest<T>(`${connection.endpoint('api')}/api/v1${path}`, { ...request, headers: { authorization: authorization(connection) } });

const tagName = (tag: string | { readonly name?: string }) => (typeof tag === 'string' ? tag : (tag.name ?? ''));

export const hiringthingAdapter: AtsAdapter = {
  type: 'hiringthing',
  endpoints: { api: 'https://api.hiringthing.com', app: 'https://app.hiringthing.com' },

  async verifyCredentials(connection) {
    try {
      await call(connection, '/jobs?per_page=1');
    } catch (error) {
      if (refusedCredentials(error)) throw new AtsCredentialsRejected('HiringThing refused the API key and password');
      throw error;
    }
  },

  async listTagged(connection, tag) {
    const wanted = tag.trim().toLowerCase();
    const app = connection.endpoint('app');
    const found: AtsCandidate[] = [];
    for (let page = 1; page <= MAX_PAGES && found.length < MAX_TAGGED; page += 1) {
      const applications = (await call<HiringThingApplication[] | null>(connection, `/applications?page=${page}&per_page=${PAGE_SIZE}`)) ?? [];
      for (const application of applications) {
        if (!(application.tags ?? []).some((t) => tagName(t).trim().toLowerCase() === wanted)) continue;
        const id = String(application.id);
        const name = [application.first_name, application.last_name]
          .map((part) => part?.trim())
          .filter(Boolean)
          .join(' ');
        found.push({
          ref: id,
          name: name || application.email || id,
          email: application.email?.trim() || null,
          profileHref: `${app}/applicants/${encodeURIComponent(id)}`,
        });
        if (found.length === MAX_TAGGED) break;
      }
      if (applications.length < PAGE_SIZE) break;
    }
    return found;
  },

  async writeResult(connection, ref, result) {
    // HiringThing's ids are numbers; the ref keeps them as text.
    const applicationId = /^\d+$/.test(ref) ? Number(ref) : ref;
    await call(connection, '/notes', { method: 'POST', json: { application_id: applicationId, body: result.note } });
  },
};
