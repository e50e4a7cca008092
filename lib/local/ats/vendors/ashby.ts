import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { StandInCandidate, StandInHook, StandInRequest, StandInResponse, VendorContext, VendorStandIn } from '../types';

/**
 * Ashby's public API as the adapter uses it (https://developers.ashbyhq.com): `POST /{endpoint}`
 * with a JSON body and HTTP Basic auth, the API key as the username and an empty password (401
 * without it, 403 for a key Ashby does not know). Answers are `{ success: true, results, … }`; failures
 * about the request itself are `{ success: false, errors: [code] }` with HTTP 200, as Ashby sends them.
 * - candidate.list, candidateTag.list   paged with `limit` (at most 100) and `cursor`, answering
 *                                       `moreDataAvailable` and `nextCursor` (a `syncToken` on the last page)
 * - candidate.createNote                a note on the candidate (a string, or `{type, value}`)
 * - webhook.create / webhook.delete     hooks; a new hook gets a signed `ping` first and stays enabled
 *                                       only when the endpoint answers it with a 2xx, as in Ashby
 * Deliveries are `{ action, webhookActionId, data }` signed `Ashby-Signature: sha256=<hex HMAC-SHA256>`
 * of the raw body with the hook's secret token. Tags are `{id, title, isArchived}`; a tag's id is
 * derived from its title, so the same title is the same tag.
 */
const API_KEY = 'ashby-local-key';
const MAX_PAGE = 100;
const WEBHOOK_TYPES = [
  'applicationSubmit',
  'applicationUpdate',
  'candidateHire',
  'candidateStageChange',
  'candidateDelete',
  'candidateMerge',
  'interviewPlanTransition',
  'interviewScheduleCreate',
  'interviewScheduleUpdate',
  'jobPostingUpdate',
  'jobPostingPublish',
  'jobPostingUnpublish',
  'offerCreate',
  'offerUpdate',
  'offerDelete',
  'pushToHRIS',
  'surveySubmit',
];

const ok = (results: unknown, more: Record<string, unknown> = {}): StandInResponse => ({ status: 200, body: { success: true, results, ...more } });
/** Ashby's answer for a request it understood but will not carry out: HTTP 200, `success: false`. */
const refused = (...errors: string[]): StandInResponse => ({ status: 200, body: { success: false, errors } });

const uuidFrom = (seed: string) => {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};
const tagOf = (title: string) => ({ id: uuidFrom(`tag:${title.trim().toLowerCase()}`), title, isArchived: false });
const applicationIdOf = (candidate: StandInCandidate) => uuidFrom(`application:${candidate.id}`);

const email = (value: string) => ({ value, type: 'Personal', isPrimary: true });

const candidateJson = (candidate: StandInCandidate, context: VendorContext) => ({
  id: candidate.id,
  createdAt: candidate.createdAt,
  updatedAt: candidate.notes.at(-1)?.createdAt ?? candidate.createdAt,
  name: candidate.name,
  primaryEmailAddress: candidate.email ? email(candidate.email) : null,
  emailAddresses: candidate.email ? [email(candidate.email)] : [],
  phoneNumbers: [],
  socialLinks: [],
  tags: candidate.tags.map(tagOf),
  applicationIds: [applicationIdOf(candidate)],
  fileHandles: [],
  customFields: [],
  profileUrl: `${context.base}/app/candidates/${candidate.id}`,
});

const encodeCursor = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
const decodeCursor = (cursor: unknown): number | null => {
  if (cursor === undefined || cursor === null) return 0;
  if (typeof cursor !== 'string') return null;
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : null;
};

/** A list endpoint's page of `items`, as Ashby pages them. */
const page = (items: readonly unknown[], body: Record<string, unknown>): StandInResponse => {
  const offset = decodeCursor(body.cursor);
  if (offset === null) return refused('invalid_cursor');
  const requested = body.limit === undefined ? MAX_PAGE : Number(body.limit);
  if (!Number.isInteger(requested) || requested < 1) return refused('invalid_input: limit must be a positive integer');
  const limit = Math.min(requested, MAX_PAGE);
  const results = items.slice(offset, offset + limit);
  const more = offset + limit < items.length;
  return ok(
    results,
    more ? { moreDataAvailable: true, nextCursor: encodeCursor(offset + limit) } : { moreDataAvailable: false, syncToken: randomUUID() },
  );
};

const basicUser = (header: string | undefined): string | null => {
  const match = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? decoded : decoded.slice(0, colon);
};

const signature = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

/** Sends a hook the ping Ashby sends when it is created; whether the endpoint answered with a 2xx. */
const ping = async (hook: StandInHook): Promise<boolean> => {
  const body = JSON.stringify({ action: 'ping', data: { webhook: { id: hook.id, enabled: true, requestUrl: hook.url, webhookType: hook.event } } });
  try {
    const response = await fetch(hook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'ashby-signature': signature(hook.secret, body) },
      body,
      signal: AbortSignal.timeout(5000),
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
};

const parseBody = (raw: string): Record<string, unknown> | null => {
  try {
    const parsed: unknown = JSON.parse(raw || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const ashbyStandIn: VendorStandIn = {
  type: 'ashby',
  accepts: { 'API key': API_KEY },

  async api(request: StandInRequest, context: VendorContext): Promise<StandInResponse | undefined> {
    const endpoint = /^\/([A-Za-z]+\.[A-Za-z]+)$/.exec(request.path)?.[1];
    if (!endpoint) return undefined;
    const user = basicUser(request.headers.authorization);
    if (user === null) return { status: 401, body: { success: false, errors: ['unauthenticated'] } };
    if (user !== API_KEY) return { status: 403, body: { success: false, errors: ['invalid_api_key'] } };
    if (request.method !== 'POST') return { status: 405, body: { success: false, errors: ['method_not_allowed'] } };
    const body = parseBody(request.rawBody);
    if (!body) return { status: 400, body: { success: false, errors: ['invalid_json'] } };
    const { state } = context;

    switch (endpoint) {
      case 'candidate.list':
        return page(
          state.candidates.map((candidate) => candidateJson(candidate, context)),
          body,
        );

      case 'candidateTag.list': {
        const titles = new Map<string, string>();
        for (const candidate of state.candidates) for (const tag of candidate.tags) titles.set(tag.trim().toLowerCase(), tag);
        return page([...titles.values()].map(tagOf), body);
      }

      case 'candidate.createNote': {
        const candidate = state.candidates.find((c) => c.id === body.candidateId);
        if (!candidate) return refused('candidate_not_found');
        const note = body.note;
        const value = typeof note === 'string' ? note : note && typeof note === 'object' ? (note as { value?: unknown }).value : undefined;
        const type = note && typeof note === 'object' ? (note as { type?: unknown }).type : 'text/plain';
        if (typeof value !== 'string' || !value.trim()) return refused('invalid_input: note is required');
        if (type !== 'text/plain' && type !== 'text/html') return refused('invalid_input: note.type must be text/plain or text/html');
        const created = { id: randomUUID(), body: value, createdAt: context.now().toISOString() };
        candidate.notes.push(created);
        context.save();
        return ok({
          id: created.id,
          createdAt: created.createdAt,
          isPrivate: body.isPrivate === true,
          content: created.body,
          author: { id: uuidFrom('author:api-key'), firstName: 'API', lastName: 'Key' },
        });
      }

      case 'webhook.create': {
        const webhookType = text(body.webhookType);
        const requestUrl = text(body.requestUrl);
        const secretToken = text(body.secretToken);
        if (!WEBHOOK_TYPES.includes(webhookType)) return refused('invalid_input: webhookType');
        if (!requestUrl || !URL.canParse(requestUrl)) return refused('invalid_input: requestUrl');
        if (!secretToken) return refused('invalid_input: secretToken');
        if (state.hooks.some((hook) => hook.url === requestUrl && hook.event === webhookType)) return refused('duplicate_webhook');
        const hook: StandInHook = { id: randomUUID(), url: requestUrl, secret: secretToken, event: webhookType };
        const enabled = await ping(hook);
        // A hook whose ping failed is created disabled: it delivers nothing, so the stand-in does not keep it.
        if (enabled) {
          state.hooks.push(hook);
          context.save();
        }
        return ok({ id: hook.id, enabled, requestUrl, secretToken, webhookType });
      }

      case 'webhook.delete': {
        const index = state.hooks.findIndex((hook) => hook.id === body.webhookId);
        if (index < 0) return refused('webhook_not_found');
        state.hooks.splice(index, 1);
        context.save();
        return ok({ webhookId: body.webhookId });
      }

      default:
        return { status: 404, body: { success: false, errors: [`unknown_endpoint: ${endpoint}`] } };
    }
  },

  webhookDelivery(hook, candidate, context) {
    const now = context.now().toISOString();
    const body = JSON.stringify({
      action: hook.event ?? 'applicationSubmit',
      webhookActionId: randomUUID(),
      data: {
        application: {
          id: applicationIdOf(candidate),
          createdAt: candidate.createdAt,
          updatedAt: now,
          status: 'Active',
          candidate: {
            id: candidate.id,
            name: candidate.name,
            primaryEmailAddress: candidate.email ? email(candidate.email) : null,
            primaryPhoneNumber: null,
          },
          currentInterviewStage: { id: uuidFrom(`stage:${candidate.stage}`), title: candidate.stage, type: 'Lead', orderInInterviewPlan: 0 },
          job: { id: uuidFrom('job:local'), title: 'Stand-in job' },
        },
      },
    });
    return { headers: { 'ashby-signature': signature(hook.secret, body) }, body };
  },
};
