import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { integrationForms, integrationTypes, type IntegrationType } from '../../../lambdas/contracts/integrations';
import { atsEndpointVariable, type AtsEndpointName } from '../../../lambdas/adapters/ats/adapter';
import { freePort, readText } from '../net';
import { controlPage } from './page';
import type { StandInCandidate, StandInRequest, StandInResponse, VendorContext, VendorStandIn, VendorState, WebhookDeliveryResult } from './types';

export type { WebhookDeliveryResult } from './types';

/**
 * The ATS stand-ins' shared server part: routes `/_local/ats/{type}/api|auth/...` to the vendor
 * module, answers the control page and its JSON API, keeps each vendor's state (in `dataFile` when
 * given), injects outages and delivers webhooks.
 *
 * Control JSON API (also what the page's forms post to):
 * - GET  /_local/ats/{type}/app/…/{candidateId}         the candidate's profile page (what profile links open)
 * - GET  /_local/ats/{type}/state                      {type, accepts, candidates, hooks, deliveries}
 * - POST /_local/ats/{type}/candidates {name, email, tag}   adds a tagged candidate; its webhooks are delivered
 * - POST /_local/ats/{type}/candidates/{id}/webhook     delivers the candidate's webhook again (a replay)
 * - POST /_local/ats/{type}/outage {requests, status?}  the next `requests` API calls answer `status` (503)
 * - POST /_local/ats/{type}/expire-tokens               every OAuth access token expires now
 */
export interface AtsStandInsOptions {
  readonly vendors: readonly VendorStandIn[];
  /** JSON file holding every vendor's state; in memory only when absent. */
  readonly dataFile?: string;
  readonly log?: (msg: string, fields?: Record<string, unknown>) => void;
}

export interface AtsStandIns {
  /** Answers a request under `/_local/ats/`; false when the path is not the stand-ins'. */
  handle(req: IncomingMessage, res: ServerResponse, origin: string): Promise<boolean>;
  /** The adapter's endpoints for a type on `origin`. */
  endpoints(origin: string, type: IntegrationType): Record<AtsEndpointName, string>;
  /** The environment pointing the adapters at the stand-ins on `origin` (ATS_<TYPE>_API_URL, _AUTH_URL, _APP_URL). */
  environment(origin: string): Record<string, string>;
}

export const ATS_PREFIX = '/_local/ats/';
const MAX_BODY_BYTES = 1024 * 1024;

const emptyState = (): VendorState => ({ candidates: [], hooks: [], tokens: [] });

const lowerHeaders = (req: IncomingMessage): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]));

const send = (res: ServerResponse, response: StandInResponse) => {
  const headers = { ...(response.headers ?? {}) };
  let body: string | undefined;
  if (typeof response.body === 'string') body = response.body;
  else if (response.body !== undefined) {
    body = JSON.stringify(response.body);
    headers['content-type'] ??= 'application/json';
  }
  res.writeHead(response.status, headers).end(body);
};

/** The fields of a JSON or form body. */
const fieldsOf = (req: IncomingMessage, raw: string): Record<string, unknown> => {
  if (!raw) return {};
  if (/application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export const createAtsStandIns = (options: AtsStandInsOptions): AtsStandIns => {
  const log = options.log ?? (() => undefined);
  const vendors = new Map(options.vendors.map((vendor) => [vendor.type, vendor]));
  const states = new Map<IntegrationType, VendorState>();
  const outages = new Map<IntegrationType, { requests: number; status: number }>();
  const deliveries = new Map<IntegrationType, WebhookDeliveryResult[]>();

  if (options.dataFile && existsSync(options.dataFile)) {
    const saved = JSON.parse(readFileSync(options.dataFile, 'utf8')) as Partial<Record<IntegrationType, VendorState>>;
    for (const [type, state] of Object.entries(saved)) states.set(type as IntegrationType, { ...emptyState(), ...state });
  }
  const save = () => {
    if (!options.dataFile) return;
    mkdirSync(path.dirname(options.dataFile), { recursive: true });
    const temp = `${options.dataFile}.tmp`;
    writeFileSync(temp, JSON.stringify(Object.fromEntries(states), null, 2));
    renameSync(temp, options.dataFile);
  };
  const stateOf = (type: IntegrationType) => {
    let state = states.get(type);
    if (!state) states.set(type, (state = emptyState()));
    return state;
  };
  const contextOf = (type: IntegrationType, origin: string): VendorContext => ({
    state: stateOf(type),
    save,
    base: `${origin}${ATS_PREFIX}${type}`,
    now: () => new Date(),
  });

  const deliverWebhooks = async (vendor: VendorStandIn, candidate: StandInCandidate, origin: string): Promise<WebhookDeliveryResult[]> => {
    if (!vendor.webhookDelivery) return [];
    const context = contextOf(vendor.type, origin);
    const results: WebhookDeliveryResult[] = [];
    for (const hook of context.state.hooks) {
      const delivery = vendor.webhookDelivery(hook, candidate, context);
      let status: number | null = null;
      try {
        const response = await fetch(hook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...delivery.headers },
          body: delivery.body,
          signal: AbortSignal.timeout(30_000),
        });
        status = response.status;
        await response.arrayBuffer();
      } catch (error) {
        log('ATS stand-in webhook failed', { type: vendor.type, url: hook.url, error: String(error) });
      }
      results.push({ hookId: hook.id, url: hook.url, status, at: new Date().toISOString() });
    }
    deliveries.set(vendor.type, [...results, ...(deliveries.get(vendor.type) ?? [])].slice(0, 50));
    return results;
  };

  const control = async (vendor: VendorStandIn, rest: string, req: IncomingMessage, origin: string): Promise<StandInResponse> => {
    const state = stateOf(vendor.type);
    const raw = req.method === 'POST' ? await readText(req, MAX_BODY_BYTES) : '';
    const fields = fieldsOf(req, raw);
    const fromForm = /application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '');
    const page = `${ATS_PREFIX}${vendor.type}`;
    const done = (json: StandInResponse): StandInResponse => (fromForm ? { status: 303, headers: { location: page } } : json);

    if (req.method === 'GET' && rest === '') {
      const html = controlPage({
        type: vendor.type,
        name: integrationForms[vendor.type].name,
        accepts: vendor.accepts,
        state,
        deliveries: deliveries.get(vendor.type) ?? [],
        webhooks: vendor.webhookDelivery !== undefined,
      });
      return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: html };
    }
    if (req.method === 'GET' && rest.startsWith('/app/')) {
      // The vendor's web app: a profile link names the candidate in a path segment (`/app/candidates/{id}`) or a query value (`?ContactId={id}`).
      const segments = [...rest.split('/').map(decodeURIComponent), ...new URL(req.url ?? '/', origin).searchParams.values()];
      const candidate = state.candidates.find((c) => segments.includes(c.id));
      if (!candidate) {
        // Some vendors' apps name the candidate in the hash (`/app/#/dashboard?candidate={id}`), which
        // browsers never send: a page reads it and opens that candidate's profile.
        if (/\/app\/?$/.test(rest)) {
          const script = `const p=new URLSearchParams(location.hash.replace(/^#[^?]*\\??/,''));const id=p.get('candidate');if(id)location.replace(${JSON.stringify(`${ATS_PREFIX}${vendor.type}/app/candidates/`)}+encodeURIComponent(id));else document.body.textContent='No candidate named in this link.';`;
          return {
            status: 200,
            headers: { 'content-type': 'text/html; charset=utf-8' },
            body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Opening profile</title></head><body><main><h1>Opening the profile…</h1></main><script>${script}</script></body></html>`,
          };
        }
        return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'No such candidate in the stand-in' };
      }
      const html = controlPage({
        type: vendor.type,
        name: integrationForms[vendor.type].name,
        accepts: vendor.accepts,
        state: { ...state, candidates: [candidate] },
        deliveries: [],
        webhooks: vendor.webhookDelivery !== undefined,
        profile: true,
      });
      return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: html };
    }
    if (req.method === 'GET' && rest === '/state') {
      return { status: 200, body: { type: vendor.type, accepts: vendor.accepts, ...state, deliveries: deliveries.get(vendor.type) ?? [] } };
    }
    if (req.method === 'POST' && rest === '/candidates') {
      const name = text(fields.name);
      const tag = text(fields.tag);
      if (!name || !tag) return { status: 400, body: { error: 'name and tag are required' } };
      const candidate: StandInCandidate = {
        id: randomBytes(8).toString('hex'),
        name,
        email: text(fields.email) || null,
        tags: [tag],
        stage: 'New applicant',
        notes: [],
        stageMoves: [],
        createdAt: new Date().toISOString(),
      };
      state.candidates.push(candidate);
      save();
      const webhooks = await deliverWebhooks(vendor, candidate, origin);
      return done({ status: 201, body: { candidate, webhooks } });
    }
    const replay = /^\/candidates\/([^/]+)\/webhook$/.exec(rest);
    if (req.method === 'POST' && replay) {
      const candidate = state.candidates.find((c) => c.id === decodeURIComponent(replay[1]!));
      if (!candidate) return { status: 404, body: { error: 'No such candidate' } };
      return done({ status: 200, body: { webhooks: await deliverWebhooks(vendor, candidate, origin) } });
    }
    if (req.method === 'POST' && rest === '/outage') {
      const requests = Number(fields.requests ?? 1);
      const status = Number(fields.status ?? 503);
      outages.set(vendor.type, { requests: Number.isFinite(requests) ? requests : 1, status: Number.isFinite(status) ? status : 503 });
      return done({ status: 200, body: { requests, status } });
    }
    if (req.method === 'POST' && rest === '/expire-tokens') {
      for (const token of state.tokens) if (token.kind === 'access') token.expiresAt = Date.now() - 1;
      save();
      return done({ status: 200, body: { expired: true } });
    }
    return { status: 404, body: { error: `Not a control path of the ${vendor.type} stand-in` } };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, origin: string): Promise<boolean> => {
    const url = new URL(req.url ?? '/', origin);
    if (!url.pathname.startsWith(ATS_PREFIX)) return false;
    const [typeSegment = '', ...restSegments] = url.pathname.slice(ATS_PREFIX.length).split('/');
    const vendor = vendors.get(typeSegment as IntegrationType);
    if (!vendor) {
      send(res, { status: 404, headers: { 'content-type': 'text/plain' }, body: `No ATS stand-in named ${typeSegment}` });
      return true;
    }
    const rest = restSegments.length ? `/${restSegments.join('/')}` : '';
    try {
      const surface = /^\/(api|auth)(\/.*)?$/.exec(rest);
      if (!surface) {
        send(res, await control(vendor, rest, req, origin));
        return true;
      }
      const outage = outages.get(vendor.type);
      if (surface[1] === 'api' && outage && outage.requests > 0) {
        outage.requests -= 1;
        await readText(req, MAX_BODY_BYTES);
        send(res, { status: outage.status, body: { error: 'The stand-in is having an outage (POST …/outage set it)' } });
        return true;
      }
      const request: StandInRequest = {
        method: req.method ?? 'GET',
        path: surface[2] || '/',
        query: url.searchParams,
        headers: lowerHeaders(req),
        rawBody: await readText(req, MAX_BODY_BYTES),
      };
      const context = contextOf(vendor.type, origin);
      const handler = surface[1] === 'api' ? vendor.api.bind(vendor) : vendor.auth?.bind(vendor);
      const response = handler ? await handler(request, context) : undefined;
      send(res, response ?? { status: 404, body: { error: `The ${vendor.type} stand-in does not know ${request.method} ${request.path}` } });
    } catch (error) {
      log('ATS stand-in failed', { type: vendor.type, path: url.pathname, error: String(error) });
      if (!res.headersSent) send(res, { status: 500, body: { error: String(error) } });
      else res.end();
    }
    return true;
  };

  const endpoints = (origin: string, type: IntegrationType): Record<AtsEndpointName, string> => ({
    api: `${origin}${ATS_PREFIX}${type}/api`,
    auth: `${origin}${ATS_PREFIX}${type}/auth`,
    app: `${origin}${ATS_PREFIX}${type}/app`,
  });

  return {
    handle,
    endpoints,
    environment: (origin) =>
      Object.fromEntries(
        integrationTypes
          .filter((type) => vendors.has(type))
          .flatMap((type) =>
            Object.entries(endpoints(origin, type)).map(([name, value]) => [atsEndpointVariable(type, name as AtsEndpointName), value]),
          ),
      ),
  };
};

/** The stand-ins on their own server (tests): `origin` is `http://localhost:{port}`. */
export const startAtsLocal = async (options: AtsStandInsOptions): Promise<AtsStandIns & { origin: string; stop(): Promise<void> }> => {
  const standIns = createAtsStandIns(options);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = createServer((req, res) => {
    standIns.handle(req, res, origin).then(
      (handled) => {
        if (!handled) res.writeHead(404).end();
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return {
    ...standIns,
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
