import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import qs from 'qs';
import { handleApi } from './stripe/api';
import { StripeAccount } from './stripe/billing';
import { StripeApiError, fingerprint, type Params } from './stripe/params';
import { handlePage } from './stripe/pages';
import { StripeStore, newId, unixNow, type StripeEvent } from './stripe/store';
import { startWebhookDelivery } from './stripe/webhooks';
import { freePort, readText } from './net';

/**
 * A local stand-in for Stripe: its own HTTP server speaking Stripe's REST wire protocol (form-encoded
 * bracket params, Bearer test keys, `Idempotency-Key`, Stripe's error bodies) for the endpoints the
 * product uses, reached by the official `stripe` SDK with its host, port and protocol pointed here.
 * Its hosted checkout and billing portal pages (`/checkout/{id}`, `/portal/{id}`) act as a customer
 * would, and the events they cause are signed and POSTed to `webhookUrl` as `stripe listen
 * --forward-to` delivers them. The account persists in `dataFile`.
 */
export type { StripeEvent } from './stripe/store';

export interface StripeLocalOptions {
  /** JSON file holding the account (products, prices, customers, sessions, subscriptions, events). */
  dataFile: string;
  /** Where events are POSTed (the app's webhook route). */
  webhookUrl: string;
  /** The webhook signing secret (`whsec_…`) the app verifies `Stripe-Signature` with. */
  webhookSecret: string;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
  /** Waits before each webhook retry (default 0.5 s, 1 s, 2 s, 4 s: five attempts). */
  webhookRetryDelaysMs?: number[];
}

export interface StripeLocal {
  /** `http://localhost:PORT`: the API base for the SDK, and the origin of the hosted pages. */
  endpoint: string;
  /** Every event the account has sent, oldest first. */
  events(): StripeEvent[];
  /** Resolves when every queued webhook delivery has finished (delivered or given up). */
  webhooksIdle(): Promise<void>;
  stop(): Promise<void>;
}

const TEST_KEY = /^(sk|rk)_test_[A-Za-z0-9_]+$/;
const MAX_BODY_BYTES = 1024 * 1024;

const parseForm = (text: string): Params => qs.parse(text, { depth: 10, arrayLimit: 1000, parameterLimit: 10_000 }) as Params;

/** The key of `Authorization: Bearer …`, or the 401 Stripe answers without a usable one. */
const authenticate = (req: IncomingMessage): StripeApiError | undefined => {
  const header = req.headers.authorization;
  if (!header) {
    return new StripeApiError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  }
  const key = /^Bearer (.+)$/i.exec(header)?.[1]?.trim() ?? '';
  if (!TEST_KEY.test(key)) {
    const shown = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(Math.min(key.length - 12, 20))}${key.slice(-4)}` : key;
    return new StripeApiError(
      401,
      `Invalid API Key provided: ${shown}${key.startsWith('sk_live_') ? ' (the local Stripe stand-in is test mode: use a test key)' : ''}`,
    );
  }
  return undefined;
};

export const startStripeLocal = async (options: StripeLocalOptions): Promise<StripeLocal> => {
  const log = options.log ?? (() => undefined);
  const port = await freePort();
  const endpoint = `http://localhost:${port}`;
  const store = new StripeStore(options.dataFile);
  const delivery = startWebhookDelivery({ url: options.webhookUrl, secret: options.webhookSecret, log, retryDelaysMs: options.webhookRetryDelaysMs });
  const account = new StripeAccount(store, endpoint, delivery);

  const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-cache, no-store', ...headers }).end(text);
  };

  const onApi = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const method = req.method ?? 'GET';
    const requestId = newId('req_', 14);
    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const headers: Record<string, string> = { 'request-id': requestId };
    if (typeof req.headers['stripe-version'] === 'string') headers['stripe-version'] = req.headers['stripe-version'];
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    try {
      const problem = authenticate(req);
      if (problem) throw problem;
      const body = await readText(req, MAX_BODY_BYTES, () => new StripeApiError(400, 'Request body too large.'));
      const params = method === 'POST' ? parseForm(body) : parseForm(url.search.slice(1));
      const path = url.pathname;
      const print = fingerprint({ method, path, params });
      if (idempotencyKey) {
        const saved = store.idempotent(idempotencyKey);
        if (saved && saved.fingerprint !== print) {
          throw new StripeApiError(
            400,
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            { type: 'idempotency_error' },
          );
        }
        if (saved) {
          sendJson(res, saved.status, saved.body, { ...headers, 'idempotent-replayed': 'true' });
          return;
        }
      }
      const expired = account.expireSessions();
      const result = handleApi(account, { method, path, params, request: { id: requestId, idempotency_key: idempotencyKey ?? null } });
      const text = JSON.stringify(result.body, null, 2);
      // Stripe replays what an endpoint answered once it ran; a request it refused is not recorded.
      if (idempotencyKey) store.idempotency.set(idempotencyKey, { fingerprint: print, status: 200, body: text, at: unixNow() });
      const events = [...expired, ...result.events];
      if (result.changed || idempotencyKey || events.length > 0) void account.commit(events);
      sendJson(res, 200, text, headers);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      sendJson(res, error.status, error.body(), headers);
    }
  };

  const onPage = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const method = req.method ?? 'GET';
    const form = method === 'POST' ? parseForm(await readText(req, MAX_BODY_BYTES, () => new StripeApiError(400, 'Request body too large.'))) : {};
    const result = await handlePage(account, method, url.pathname, form, url.searchParams);
    if (!result) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    } else if ('location' in result) {
      res.writeHead(303, { location: result.location, 'cache-control': 'no-store' }).end();
    } else {
      res.writeHead(result.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(result.html);
    }
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', endpoint);
    // Browsers ask every origin for its icon; the stand-in has none, and says so without an error.
    if (url.pathname === '/favicon.ico') return void res.writeHead(204, { 'cache-control': 'max-age=86400' }).end();
    const handled = url.pathname.startsWith('/v1/') ? onApi(req, res, url) : onPage(req, res, url);
    handled.catch((error: unknown) => {
      log('stripe stand-in: request failed', { method: req.method, path: url.pathname, error: error instanceof Error ? error.stack : String(error) });
      if (!res.headersSent) sendJson(res, 500, { error: { type: 'api_error', message: 'The local Stripe stand-in failed to handle this request.' } });
      else res.end();
    });
  };
  // `localhost` may resolve to ::1 as well as 127.0.0.1 (browsers try both): listen on each loopback.
  const listen = (host: string) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer(onRequest);
      server.once('error', reject);
      server.listen(port, host, () => resolve(server));
    });
  const servers = [await listen('127.0.0.1')];
  await listen('::1').then(
    (server) => servers.push(server),
    (error: NodeJS.ErrnoException) => log('stripe stand-in: not listening on ::1', { code: error.code }),
  );

  // Open checkout sessions expire after 24 hours, as Stripe's do (checkout.session.expired).
  const expiry = setInterval(() => {
    const expired = account.expireSessions();
    if (expired.length > 0) void account.commit(expired);
  }, 60_000);
  expiry.unref();

  return {
    endpoint,
    events: () => [...store.events],
    webhooksIdle: () => delivery.idle(),
    stop: async () => {
      clearInterval(expiry);
      delivery.stop();
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
    },
  };
};
