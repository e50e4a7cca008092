import {
  AtsCredentialsRejected,
  AtsRequestFailed,
  MAX_TAGGED,
  type AtsAdapter,
  type AtsCandidate,
  type AtsConnection,
  type AtsCredentials,
} from './adapter';
import { atsRequest, hmacHex, refusedCredentials, sameSignature, type AtsRequest } from './http';

/**
 * Lever, Data API v1 (https://hire.lever.co/developer/documentation), connected with OAuth 2.0
 * (authorization code grant; Lever's auth server is auth.lever.co):
 * - consent: GET {auth}/authorize?client_id&redirect_uri&response_type=code&state&scope&audience (+ prompt=consent);
 *   the audience is the API's identifier, https://api.lever.co/v1/
 * - tokens: POST {auth}/oauth/token (form) with grant_type authorization_code, then refresh_token. Access
 *   tokens last an hour; each refresh returns a new refresh token (rotation), stored before it is used.
 * - GET  /v1/opportunities?tag=…&archived=false&limit=100[&offset=…]  → {data, next, hasNext}: the tagged
 *   opportunities (Lever's own tag filter, case sensitive), paged by the `next` offset token; limit=1 is
 *   the credential check
 * - POST /v1/opportunities/{id}/notes {value}                          → the result note
 * - POST /v1/webhooks {url, event} → {data: {id, configuration: {signatureToken}}}, DELETE /v1/webhooks/{id}
 *   Deliveries carry `token`, `triggeredAt` and `signature` = hex HMAC-SHA256 of token + triggeredAt keyed
 *   with the webhook's signature token, in the JSON body. Lever has no event for a tag added to an existing
 *   opportunity; `applicationCreated` (a candidate entering Lever, already tagged by the posting, source or
 *   recruiter) is the nearest, and tags added later reach the product through the 15-minute sync.
 * Lever's opportunities have no stage list of their own to advance here: `advanceStage` is greenhouse's.
 */
export const LEVER_SCOPES = ['offline_access', 'opportunities:read:admin', 'notes:write:admin', 'webhooks:write:admin'] as const;
export const LEVER_WEBHOOK_EVENT = 'applicationCreated';

const API_VERSION = '/v1';
/** Lever's largest page. */
const PAGE_SIZE = 100;
/** An access token this close to its expiry is renewed before the call. */
const RENEW_WITHIN_MS = 5 * 60_000;

interface LeverTokenResponse {
  readonly access_token?: string;
  readonly refresh_token?: string;
  readonly expires_in?: number;
}

interface LeverOpportunity {
  readonly id: string;
  readonly name?: string | null;
  readonly emails?: readonly (string | null)[] | null;
  readonly urls?: { readonly show?: string | null } | null;
}

interface LeverList<T> {
  readonly data: readonly T[];
  readonly next?: string | null;
  readonly hasNext?: boolean;
}

interface LeverWebhook {
  readonly id?: string;
  readonly configuration?: { readonly signatureToken?: string } | null;
}

/** Credentials from a token response (a refresh may omit the refresh token: the old one stays). */
const credentialsFrom = (token: LeverTokenResponse | null, previous: AtsCredentials): AtsCredentials => {
  if (!token?.access_token) throw new AtsRequestFailed('Lever answered the token request without an access token', null, false);
  return {
    ...previous,
    accessToken: token.access_token,
    refreshToken: token.refresh_token ?? previous.refreshToken,
    expiresAt: new Date(Date.now() + (token.expires_in ?? 3600) * 1000).toISOString(),
  };
};

/** Lever's consent page for the product's OAuth client, with the scopes the adapter uses. */
export const leverConsentHref = (connection: AtsConnection, clientId: string, redirectUri: string, state: string): string => {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    state,
    scope: LEVER_SCOPES.join(' '),
    audience: `${connection.endpoint('api')}${API_VERSION}/`,
    prompt: 'consent',
  });
  return `${connection.endpoint('auth')}/authorize?${query}`;
};

/** Exchanges the code Lever's consent redirect brought for the integration's tokens. */
export const exchangeLeverCode = async (connection: AtsConnection, code: string, redirectUri: string): Promise<AtsCredentials> => {
  const client = await connection.oauthClient();
  const token = await atsRequest<LeverTokenResponse>(`${connection.endpoint('auth')}/oauth/token`, {
    form: { grant_type: 'authorization_code', client_id: client.clientId, client_secret: client.clientSecret, code, redirect_uri: redirectUri },
  });
  return credentialsFrom(token, {});
};

/** One refresh at a time per connection: Lever rotates refresh tokens, so a second would use a spent one. */
const refreshing = new WeakMap<AtsConnection, Promise<string>>();

const refreshAccessToken = (connection: AtsConnection): Promise<string> => {
  const pending = refreshing.get(connection);
  if (pending) return pending;
  const refresh = (async () => {
    const { refreshToken } = connection.credentials;
    if (!refreshToken) throw new AtsRequestFailed('The Lever connection has no refresh token: connect Lever again', 401, false);
    const client = await connection.oauthClient();
    const token = await atsRequest<LeverTokenResponse>(`${connection.endpoint('auth')}/oauth/token`, {
      form: { grant_type: 'refresh_token', client_id: client.clientId, client_secret: client.clientSecret, refresh_token: refreshToken },
    });
    const next = credentialsFrom(token, connection.credentials);
    await connection.saveCredentials(next);
    return next.accessToken!;
  })().finally(() => refreshing.delete(connection));
  refreshing.set(connection, refresh);
  return refresh;
};

const currentAccessToken = (connection: AtsConnection): Promise<string> | string => {
  const { accessToken, expiresAt } = connection.credentials;
  const expires = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (accessToken && (Number.isNaN(expires) || expires - Date.now() > RENEW_WITHIN_MS)) return accessToken;
  return refreshAccessToken(connection);
};

/** A Data API call with the connection's access token, renewed once when Lever answers 401. */
const lever = async <T>(connection: AtsConnection, path: string, request: AtsRequest = {}): Promise<T> => {
  const call = (token: string) =>
    atsRequest<T>(`${connection.endpoint('api')}${API_VERSION}${path}`, {
      ...request,
      headers: { ...request.headers, authorization: `Bearer ${token}` },
    });
  const token = await currentAccessToken(connection);
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof AtsRequestFailed) || error.status !== 401) throw error;
    return call(await refreshAccessToken(connection));
  }
};

const candidateOf = (connection: AtsConnection, opportunity: LeverOpportunity): AtsCandidate => {
  const email = opportunity.emails?.find((value): value is string => typeof value === 'string' && value.trim() !== '')?.trim() ?? null;
  return {
    ref: opportunity.id,
    name: opportunity.name?.trim() || email || opportunity.id,
    email,
    profileHref: opportunity.urls?.show || `${connection.endpoint('app')}/candidates/${encodeURIComponent(opportunity.id)}`,
  };
};

export const leverAdapter: AtsAdapter = {
  type: 'lever',
  endpoints: { api: 'https://api.lever.co', auth: 'https://auth.lever.co', app: 'https://hire.lever.co' },

  async verifyCredentials(connection) {
    try {
      await lever(connection, '/opportunities?limit=1');
    } catch (error) {
      if (refusedCredentials(error)) throw new AtsCredentialsRejected('Lever refused the connection’s tokens');
      throw error;
    }
  },

  async listTagged(connection, tag) {
    const found: AtsCandidate[] = [];
    let offset: string | null = null;
    do {
      const query = new URLSearchParams({ tag, archived: 'false', limit: String(PAGE_SIZE) });
      if (offset) query.set('offset', offset);
      const page: LeverList<LeverOpportunity> = await lever(connection, `/opportunities?${query}`);
      for (const opportunity of page.data.slice(0, MAX_TAGGED - found.length)) found.push(candidateOf(connection, opportunity));
      offset = page.hasNext && page.next ? page.next : null;
    } while (offset && found.length < MAX_TAGGED);
    return found;
  },

  async writeResult(connection, ref, result) {
    await lever(connection, `/opportunities/${encodeURIComponent(ref)}/notes`, { json: { value: result.note } });
  },

  webhooks: {
    async register(connection, url) {
      // Lever generates the signature token; the product's secret is not used.
      const created = await lever<{ data?: LeverWebhook & { data?: LeverWebhook } }>(connection, '/webhooks', {
        json: { url, event: LEVER_WEBHOOK_EVENT },
      });
      // Lever's documentation shows the webhook nested once more under `data`; accept both shapes.
      const webhook = created?.data?.data ?? created?.data;
      const signatureToken = webhook?.configuration?.signatureToken;
      if (!webhook?.id || !signatureToken) throw new AtsRequestFailed('Lever created the webhook without an id or a signature token', null, false);
      return { webhookIds: [webhook.id], secret: signatureToken };
    },

    async unregister(connection, webhookIds) {
      for (const id of webhookIds) {
        try {
          await lever(connection, `/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' });
        } catch (error) {
          // Already gone (deleted in Lever): nothing left to remove.
          if (!(error instanceof AtsRequestFailed) || error.status !== 404) throw error;
        }
      }
    },

    verify(delivery, secret) {
      let body: unknown;
      try {
        body = JSON.parse(delivery.rawBody);
      } catch {
        return false;
      }
      if (!body || typeof body !== 'object') return false;
      const { token, triggeredAt, signature } = body as Record<string, unknown>;
      if (typeof token !== 'string' || !token || typeof signature !== 'string') return false;
      if (typeof triggeredAt !== 'number' && typeof triggeredAt !== 'string') return false;
      return sameSignature(hmacHex(secret, `${token}${triggeredAt}`), signature);
    },
  },
};
