import { AtsCredentialsRejected, AtsRequestFailed, MAX_TAGGED, type AtsAdapter, type AtsCandidate, type AtsConnection } from './adapter';
import { atsRequest, basicAuth, hmacHex, refusedCredentials, sameSignature } from './http';

/**
 * Ashby's public API (https://developers.ashbyhq.com, v1): RPC style, every call is
 * `POST https://api.ashbyhq.com/{endpoint}` with a JSON body, HTTP Basic auth with the API key as the
 * username and an empty password, `Accept: application/json; version=1`. Answers are
 * `{ success: true, results, moreDataAvailable?, nextCursor? }`, or `{ success: false, errors | errorInfo }`,
 * which Ashby sends with HTTP 200 for many failures (a wrong id, a missing permission), besides 401/403.
 * - candidate.list {limit: 1}     the credential check: it needs candidatesRead, the permission the sync needs
 *                                 (apiKey.info would need apiKeysRead, which the form does not ask for)
 * - candidateTag.list             the tag's ids from its title (none: nothing to page through)
 * - candidate.list                every candidate, paged with `limit`/`cursor` ← `moreDataAvailable`/`nextCursor`;
 *                                 Ashby has no tag filter, so candidates are kept when their `tags` hold the tag
 * - candidate.createNote          the result as a text/plain note
 * - webhook.create / .delete      our URL for `applicationSubmit`, signed with our secret token
 *                                 (`Ashby-Signature: sha256=<hex HMAC-SHA256 of the raw body>`)
 *
 * Ashby has no webhook for a candidate being tagged (nor one for a candidate being updated): the
 * events are about applications, offers, interviews and jobs. `applicationSubmit` fires when a
 * candidate arrives with an application, which is when most tags are given (by an application form's
 * automation, a sourcer or an import); a tag added later to someone already there reaches us with
 * the 15-minute sync. `applicationUpdate` would fire on every change to every application and set off
 * a full candidate scan each time, for tags it still would not announce.
 */
interface AshbyEnvelope<T> {
  readonly success?: boolean;
  readonly results?: T;
  readonly moreDataAvailable?: boolean;
  readonly nextCursor?: string | null;
  readonly errors?: readonly unknown[];
  readonly errorInfo?: { readonly code?: string; readonly message?: string } | null;
}

interface AshbyTag {
  readonly id: string;
  readonly title?: string | null;
}

interface AshbyCandidate {
  readonly id: string;
  readonly name?: string | null;
  readonly primaryEmailAddress?: { readonly value?: string | null } | null;
  readonly emailAddresses?: readonly { readonly value?: string | null }[] | null;
  readonly tags?: readonly AshbyTag[] | null;
  readonly profileUrl?: string | null;
}

interface AshbyWebhook {
  readonly id: string;
  readonly enabled?: boolean;
}

/** Ashby caps a page at 100 results. */
const PAGE_SIZE = 100;
/** The event our webhook listens to (see above). */
const WEBHOOK_TYPE = 'applicationSubmit';

/** What an error answer says, from `errors` (strings or `{message}`) and `errorInfo`. */
const reasons = (body: AshbyEnvelope<unknown> | null): string[] => {
  const found: string[] = [];
  for (const entry of body?.errors ?? []) {
    if (typeof entry === 'string') found.push(entry);
    else if (entry && typeof entry === 'object' && typeof (entry as { message?: unknown }).message === 'string') {
      found.push((entry as { message: string }).message);
    }
  }
  if (body?.errorInfo?.code) found.push(body.errorInfo.code);
  if (body?.errorInfo?.message) found.push(body.errorInfo.message);
  return found;
};

/** An error answer that is Ashby refusing the key (it reports some of those with HTTP 200). */
const REFUSED = /unauthori[sz]ed|forbidden|permission|invalid[_ ]api[_ ]key|api[_ ]key[_ ](invalid|revoked|expired|deactivated)/i;

const apiKey = (connection: AtsConnection): string => {
  const key = connection.credentials.authToken?.trim();
  if (!key) throw new AtsCredentialsRejected('No Ashby API key');
  return key;
};

/** One RPC call; an error answer (whatever its HTTP status) throws AtsRequestFailed. */
const call = async <T>(connection: AtsConnection, endpoint: string, body: Record<string, unknown>): Promise<AshbyEnvelope<T>> => {
  const answer = await atsRequest<AshbyEnvelope<T> | null>(`${connection.endpoint('api')}/${endpoint}`, {
    headers: { authorization: basicAuth(apiKey(connection), ''), accept: 'application/json; version=1' },
    json: body,
  });
  if (answer?.success === true) return answer;
  const why = reasons(answer);
  const refused = why.some((reason) => REFUSED.test(reason));
  // An error in the body is Ashby's final word on that request: not retryable; a refusal reads as the 403 it means.
  throw new AtsRequestFailed(`Ashby ${endpoint} failed: ${why.join('; ') || 'no reason given'}`, refused ? 403 : null, false);
};

/** Every page of a list endpoint, following `nextCursor` while `moreDataAvailable`. */
async function* pages<T>(connection: AtsConnection, endpoint: string, body: Record<string, unknown>): AsyncGenerator<readonly T[]> {
  let cursor: string | undefined;
  for (;;) {
    const answer = await call<T[]>(connection, endpoint, { ...body, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    yield answer.results ?? [];
    if (!answer.moreDataAvailable) return;
    if (!answer.nextCursor || answer.nextCursor === cursor) {
      throw new AtsRequestFailed(`Ashby ${endpoint} said more data was available but gave no new cursor`, null, false);
    }
    cursor = answer.nextCursor;
  }
}

const sameTitle = (a: string | null | undefined, b: string) => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

const emailOf = (candidate: AshbyCandidate): string | null =>
  candidate.primaryEmailAddress?.value?.trim() || candidate.emailAddresses?.find((e) => e.value?.trim())?.value?.trim() || null;

export const ashbyAdapter: AtsAdapter = {
  type: 'ashby',
  endpoints: { api: 'https://api.ashbyhq.com', app: 'https://app.ashbyhq.com' },

  async verifyCredentials(connection) {
    try {
      await call(connection, 'candidate.list', { limit: 1 });
    } catch (error) {
      if (refusedCredentials(error)) throw new AtsCredentialsRejected('Ashby refused the API key');
      throw error;
    }
  },

  async listTagged(connection, tag) {
    const tagIds = new Set<string>();
    for await (const tags of pages<AshbyTag>(connection, 'candidateTag.list', {})) {
      for (const t of tags) if (t?.id && sameTitle(t.title, tag)) tagIds.add(t.id);
    }
    if (tagIds.size === 0) return [];

    const app = connection.endpoint('app');
    const found: AtsCandidate[] = [];
    for await (const candidates of pages<AshbyCandidate>(connection, 'candidate.list', {})) {
      for (const candidate of candidates) {
        if (!candidate?.id || !candidate.tags?.some((t) => tagIds.has(t.id))) continue;
        found.push({
          ref: candidate.id,
          name: candidate.name?.trim() || emailOf(candidate) || `Candidate ${candidate.id}`,
          email: emailOf(candidate),
          profileHref: candidate.profileUrl?.trim() || `${app}/candidates/${encodeURIComponent(candidate.id)}`,
        });
        if (found.length >= MAX_TAGGED) return found;
      }
    }
    return found;
  },

  async writeResult(connection, ref, result) {
    await call(connection, 'candidate.createNote', {
      candidateId: ref,
      note: { type: 'text/plain', value: result.note },
      sendNotifications: false,
    });
  },

  webhooks: {
    async register(connection, url, secret) {
      const created = await call<AshbyWebhook>(connection, 'webhook.create', { webhookType: WEBHOOK_TYPE, requestUrl: url, secretToken: secret });
      const webhook = created.results;
      if (!webhook?.id) throw new AtsRequestFailed('Ashby created the webhook but returned no id', null, false);
      if (webhook.enabled === false) {
        // Ashby creates a webhook disabled when our endpoint did not answer its ping: it would never deliver.
        await ashbyAdapter.webhooks!.unregister(connection, [webhook.id]);
        throw new AtsRequestFailed(`Ashby disabled the webhook: ${url} did not answer its ping`, null, true);
      }
      return { webhookIds: [webhook.id], secret };
    },

    async unregister(connection, webhookIds) {
      for (const webhookId of webhookIds) {
        try {
          await call(connection, 'webhook.delete', { webhookId });
        } catch (error) {
          // Already gone is what we wanted.
          if (error instanceof AtsRequestFailed && /not[_ ]found/i.test(error.message)) continue;
          throw error;
        }
      }
    },

    verify(delivery, secret) {
      return sameSignature(`sha256=${hmacHex(secret, delivery.rawBody)}`, delivery.headers['ashby-signature']);
    },
  },
};
