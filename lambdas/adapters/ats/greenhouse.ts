import { AtsCredentialsRejected, AtsRequestFailed, MAX_TAGGED, type AtsAdapter, type AtsCandidate, type AtsConnection } from './adapter';
import { atsExchange, atsRequest, basicAuth, refusedCredentials } from './http';

/**
 * Greenhouse, Harvest API v3 (https://harvestdocs.greenhouse.io; v1/v2 were retired on 2026-08-31),
 * authenticated with OAuth 2.0 client credentials: the integration's client ID (`username`) and client
 * secret (`authToken`), created in Greenhouse under Dev Center › API Credentials as "Harvest V3 (OAuth)".
 * - POST {auth}/token (HTTP Basic client id:secret, form grant_type=client_credentials) → a Bearer access
 *   token for an hour, cached in the integration's credentials until it nears expiry
 * - GET  /v3/candidate_tags                                  → the tag's id from its name
 * - GET  /v3/applied_candidate_tags?candidate_tag_ids=…      → the candidates carrying it
 * - GET  /v3/candidates?ids=… (at most 50 ids a request)     → names and e-mail addresses
 * - GET  /v3/applications?candidate_ids=…&status=active      → each candidate's active application
 * - POST /v3/notes {candidate_id, application_id, body, visibility: public} → the result note
 * - GET  /v3/applications?ids=… then POST /v3/applications/{id}/move {from_stage_id} → advance: without
 *   to_stage_id Greenhouse moves the application to its job's next stage (from_stage_id guards a stale move)
 * List endpoints answer a bare array and page by cursor: the next page is the URL in the Link header's
 * rel="next", followed as given (the cursor carries the filters and must travel alone).
 * Webhooks are configured by hand in Greenhouse (Configure › Dev Center › Web Hooks); Harvest has no
 * endpoint to register one, so this adapter has no `webhooks` and the 15-minute sync brings tags in.
 */
const API_VERSION = '/v3';
const PAGE_SIZE = 100;
/** Greenhouse takes at most 50 ids in one `ids` / `candidate_ids` filter. */
const IDS_PER_REQUEST = 50;
/** A cached access token this close to its expiry is replaced before the call. */
const RENEW_WITHIN_MS = 5 * 60_000;
/** As atsRequest's. */
const TIMEOUT_MS = 8000;

interface TokenResponse {
  readonly access_token?: string;
  readonly expires_in?: number;
  readonly expires_at?: string;
}

type HarvestId = number | string;

interface CandidateTag {
  readonly id: HarvestId;
  readonly name?: string | null;
}

interface AppliedCandidateTag {
  readonly candidate_id: HarvestId;
}

interface HarvestCandidate {
  readonly id: HarvestId;
  readonly first_name?: string | null;
  readonly last_name?: string | null;
  readonly email_addresses?: readonly { readonly value?: string | null; readonly primary?: boolean | null }[] | null;
}

interface HarvestApplication {
  readonly id: HarvestId;
  readonly candidate_id: HarvestId;
  readonly status?: string | null;
  readonly stage_id?: HarvestId | null;
  readonly created_at?: string | null;
}

/** Ids go back to Greenhouse as the integers they are (refs hold them as text). */
const idValue = (id: string): HarvestId => (/^\d+$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : id);

const apiUrl = (connection: AtsConnection, path: string, query?: Record<string, string>) =>
  `${connection.endpoint('api')}${API_VERSION}${path}${query ? `?${new URLSearchParams(query)}` : ''}`;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** One token request at a time per connection. */
const renewing = new WeakMap<AtsConnection, Promise<string>>();

/** A new access token from the client credentials, saved in the connection before it is used. */
const renewAccessToken = (connection: AtsConnection): Promise<string> => {
  const pending = renewing.get(connection);
  if (pending) return pending;
  const renew = (async () => {
    const { username: clientId, authToken: clientSecret } = connection.credentials;
    if (!clientId || !clientSecret) throw new AtsRequestFailed('Greenhouse needs the OAuth client ID and its secret', 401, false);
    const token = await atsRequest<TokenResponse>(`${connection.endpoint('auth')}/token`, {
      headers: { authorization: basicAuth(clientId, clientSecret) },
      form: { grant_type: 'client_credentials' },
    });
    if (!token?.access_token) throw new AtsRequestFailed('Greenhouse answered the token request without an access token', null, false);
    const stated = token.expires_at ? Date.parse(token.expires_at) : Number.NaN;
    const expiresAt = new Date(Number.isNaN(stated) ? Date.now() + (token.expires_in ?? 3600) * 1000 : stated).toISOString();
    await connection.saveCredentials({ ...connection.credentials, accessToken: token.access_token, expiresAt });
    return token.access_token;
  })().finally(() => renewing.delete(connection));
  renewing.set(connection, renew);
  return renew;
};

const currentAccessToken = (connection: AtsConnection): Promise<string> | string => {
  const { accessToken, expiresAt } = connection.credentials;
  const expires = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (accessToken && !Number.isNaN(expires) && expires - Date.now() > RENEW_WITHIN_MS) return accessToken;
  return renewAccessToken(connection);
};

/** Runs a call with the cached access token, and once more with a new one when Greenhouse answers 401. */
const authorized = async <T>(connection: AtsConnection, call: (token: string) => Promise<T>): Promise<T> => {
  const token = await currentAccessToken(connection);
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof AtsRequestFailed) || error.status !== 401) throw error;
    return call(await renewAccessToken(connection));
  }
};

/** The rel="next" target of an RFC 8288 Link header. */
const nextLink = (header: string | null): string | null => {
  for (const link of header?.split(/,(?=\s*<)/) ?? []) {
    const match = /^\s*<([^>]*)>(.*)$/s.exec(link);
    const rel = match?.[2]
      ?.split(';')
      .map((param) => param.trim())
      .find((param) => /^rel\s*=/i.test(param))
      ?.replace(/^rel\s*=\s*"?([^"]*)"?$/i, '$1');
    if (match?.[1] && rel?.toLowerCase().split(/\s+/).includes('next')) return match[1];
  }
  return null;
};

/**
 * One page of a Harvest list and the next page's URL. Harvest v3 pages only through the Link header and
 * atsRequest returns only the body, so this call reads the response itself, with atsRequest's timeout,
 * JSON and error mapping (AtsRequestFailed, retryable for the network, 408, 429 and 5xx).
 */
const harvestPage = async <T>(url: string, token: string): Promise<{ items: T[]; next: string | null }> => {
  const { body, headers } = await atsExchange<unknown>(url, { headers: bearer(token), timeoutMs: TIMEOUT_MS });
  if (!Array.isArray(body)) throw new AtsRequestFailed(`${new URL(url).host} answered a list request without a list`, 200, false);
  return { items: body as T[], next: nextLink(headers.get('link')) };
};

/** Every item of a list (up to `max`), following the Link header; the token never leaves the API's origin. */
const harvestList = async <T>(connection: AtsConnection, firstUrl: string, max = Number.POSITIVE_INFINITY): Promise<T[]> => {
  const origin = new URL(connection.endpoint('api')).origin;
  const items: T[] = [];
  let url: string | null = firstUrl;
  while (url && items.length < max) {
    const pageUrl: string = url;
    if (new URL(pageUrl).origin !== origin)
      throw new AtsRequestFailed(`Greenhouse's next page is on another host (${new URL(pageUrl).host})`, null, false);
    const page: { items: T[]; next: string | null } = await authorized(connection, (token) => harvestPage<T>(pageUrl, token));
    items.push(...page.items);
    url = page.next ? new URL(page.next, pageUrl).toString() : null;
  }
  return items.slice(0, max);
};

const chunks = <T>(values: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, i) => values.slice(i * size, i * size + size));

const nameOf = (candidate: HarvestCandidate, email: string | null) =>
  [candidate.first_name, candidate.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ') ||
  email ||
  `Greenhouse candidate ${candidate.id}`;

const emailOf = (candidate: HarvestCandidate): string | null => {
  const addresses = (candidate.email_addresses ?? []).filter((address) => address.value?.trim());
  return (addresses.find((address) => address.primary) ?? addresses[0])?.value?.trim() ?? null;
};

/** The candidate's active application: the newest when there are several. */
const activeApplication = (applications: readonly HarvestApplication[]): HarvestApplication | undefined =>
  [...applications].sort((a, b) => Date.parse(b.created_at ?? '') - Date.parse(a.created_at ?? '') || 0)[0];

export const greenhouseAdapter: AtsAdapter = {
  type: 'greenhouse',
  endpoints: { api: 'https://harvest.greenhouse.io', auth: 'https://auth.greenhouse.io', app: 'https://app.greenhouse.io' },

  async verifyCredentials(connection) {
    try {
      const token = await renewAccessToken(connection);
      await harvestPage(apiUrl(connection, '/candidate_tags', { per_page: '1' }), token);
    } catch (error) {
      if (refusedCredentials(error)) throw new AtsCredentialsRejected('Greenhouse refused the OAuth client credentials');
      throw error;
    }
  },

  async listTagged(connection, tag) {
    const wanted = tag.trim().toLowerCase();
    const tags = await harvestList<CandidateTag>(connection, apiUrl(connection, '/candidate_tags', { per_page: String(PAGE_SIZE) }));
    const match = tags.find((candidateTag) => candidateTag.name?.trim().toLowerCase() === wanted);
    if (!match) return [];

    const applied = await harvestList<AppliedCandidateTag>(
      connection,
      apiUrl(connection, '/applied_candidate_tags', { candidate_tag_ids: String(match.id), per_page: String(PAGE_SIZE) }),
    );
    const candidateIds = [...new Set(applied.map((row) => String(row.candidate_id)))].slice(0, MAX_TAGGED);

    const found: AtsCandidate[] = [];
    for (const ids of chunks(candidateIds, IDS_PER_REQUEST)) {
      const filter = ids.join(',');
      const candidates = await harvestList<HarvestCandidate>(
        connection,
        apiUrl(connection, '/candidates', { ids: filter, per_page: String(IDS_PER_REQUEST) }),
      );
      const applications = await harvestList<HarvestApplication>(
        connection,
        apiUrl(connection, '/applications', { candidate_ids: filter, status: 'active', per_page: String(PAGE_SIZE) }),
      );
      const byId = new Map(candidates.map((candidate) => [String(candidate.id), candidate]));
      for (const id of ids) {
        const candidate = byId.get(id);
        if (!candidate) continue;
        const application = activeApplication(applications.filter((row) => String(row.candidate_id) === id));
        const email = emailOf(candidate);
        found.push({
          // A prospect without an application still gets the note; there is no stage to advance.
          ref: application ? `${id}:${application.id}` : id,
          name: nameOf(candidate, email),
          email,
          profileHref: `${connection.endpoint('app')}/people/${encodeURIComponent(id)}`,
        });
      }
    }
    return found;
  },

  async writeResult(connection, ref, result) {
    const [candidateId = '', applicationId] = ref.split(':');
    await authorized(connection, (token) =>
      atsRequest(apiUrl(connection, '/notes'), {
        headers: bearer(token),
        json: {
          candidate_id: idValue(candidateId),
          ...(applicationId ? { application_id: idValue(applicationId) } : {}),
          body: result.note,
          visibility: 'public',
        },
      }),
    );
    if (!result.advanceStage || !applicationId) return;
    const [application] = await harvestList<HarvestApplication>(connection, apiUrl(connection, '/applications', { ids: applicationId }), 1);
    if (!application) throw new AtsRequestFailed(`Greenhouse has no application ${applicationId} any more`, 404, false);
    // A rejected or hired application has no next stage to move to.
    if (application.status !== 'in_process' || application.stage_id === null || application.stage_id === undefined) return;
    const fromStageId = application.stage_id;
    await authorized(connection, (token) =>
      atsRequest(apiUrl(connection, `/applications/${encodeURIComponent(applicationId)}/move`), {
        headers: bearer(token),
        json: { from_stage_id: fromStageId },
      }),
    );
  },
};
