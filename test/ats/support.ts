import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AtsRequestFailed,
  type AtsAdapter,
  type AtsConnection,
  type AtsCredentials,
  type AtsEndpointName,
  type AtsResult,
  type OAuthClient,
  type WebhookDelivery,
} from '../../lambdas/adapters/ats/adapter';
import { atsConnection } from '../../lambdas/adapters/ats/connection';
import { startAtsLocal } from '../../lib/local/ats/server';
import type { StandInCandidate, StandInHook, VendorStandIn } from '../../lib/local/ats/types';
import { readText } from '../../lib/local/net';

/**
 * What the ATS adapter tests (test/ats/*.test.ts) share: each starts its vendor's stand-in
 * (lib/local/ats) with `useStandIn`, drives it through the stand-in's control API (server.ts) and
 * checks what the adapter left in the stand-in's state.
 */

/** The stand-in's state as `GET {base}/state` answers it (the parts the tests read). */
export interface StandInState {
  candidates: StandInCandidate[];
  hooks: StandInHook[];
}

/** A vendor's stand-in while the tests of a file run; read its members inside tests and hooks (it starts in beforeAll). */
export interface StandIn {
  /** `{origin}/_local/ats/{type}`: the control API, with the vendor's `/api`, `/auth` and `/app` under it. */
  readonly base: string;
  /** The adapter's endpoint the stand-in serves (what its environment points the adapter at). */
  endpoint(name: AtsEndpointName): string;
  /** Calls the control API: a GET without a body, a JSON POST with one; the answer must have `status` (any 2xx when absent). */
  control<T = unknown>(path: string, body?: unknown, status?: number): Promise<T>;
  state(): Promise<StandInState>;
  /** Adds a candidate carrying `tag` (its webhooks are delivered before this resolves); by default its address is made from its name. */
  addCandidate(name: string, tag: string, email?: string | null): Promise<StandInCandidate>;
  /** The candidate as the stand-in has it now; fails when it has no candidate `id`. */
  candidateNow(id: string): Promise<StandInCandidate>;
  /** The bodies of the notes on candidate `id`, oldest first. */
  notesOf(id: string): Promise<string[]>;
  /** The next `requests` API calls answer `status`. */
  outage(outage: { requests: number; status: number }): Promise<void>;
}

/** `Ada Lovelace` → `ada.lovelace@example.com`. */
export const emailOf = (name: string) => `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;

/**
 * Puts `environment()` into process.env in beforeAll, and puts back what was there (or removes
 * the names) in afterAll.
 */
export const useEnvironment = (environment: () => Record<string, string>) => {
  const previous: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [name, value] of Object.entries(environment())) {
      if (!(name in previous)) previous[name] = process.env[name];
      process.env[name] = value;
    }
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
};

/**
 * Starts the vendor's stand-in on its own server in beforeAll, with its environment (ATS_<TYPE>_API_URL,
 * _AUTH_URL, _APP_URL) in process.env so the adapter calls it, and stops it and takes the
 * environment back in afterAll.
 */
export const useStandIn = (vendor: VendorStandIn): StandIn => {
  let standIns: Awaited<ReturnType<typeof startAtsLocal>> | undefined;
  const started = () => {
    if (!standIns) throw new Error(`The ${vendor.type} stand-in is not running (use it inside tests and hooks)`);
    return standIns;
  };
  const base = () => `${started().origin}/_local/ats/${vendor.type}`;

  beforeAll(async () => {
    standIns = await startAtsLocal({ vendors: [vendor] });
  });
  useEnvironment(() => started().environment(started().origin));
  afterAll(async () => {
    await standIns?.stop();
    standIns = undefined;
  });

  const control = async <T = unknown>(path: string, body?: unknown, status?: number): Promise<T> => {
    const response = await fetch(
      `${base()}${path}`,
      body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
    if (status === undefined) expect(response.ok).toBe(true);
    else expect(response.status).toBe(status);
    return (await response.json()) as T;
  };
  const state = () => control<StandInState>('/state');
  const candidateNow = async (id: string) => {
    const candidate = (await state()).candidates.find((c) => c.id === id);
    if (!candidate) throw new Error(`No candidate ${id} in the ${vendor.type} stand-in`);
    return candidate;
  };

  return {
    get base() {
      return base();
    },
    endpoint: (name) => started().endpoints(started().origin, vendor.type)[name],
    control,
    state,
    addCandidate: async (name, tag, email = emailOf(name)) =>
      (await control<{ candidate: StandInCandidate }>('/candidates', { name, email, tag }, 201)).candidate,
    candidateNow,
    notesOf: async (id) => (await candidateNow(id)).notes.map((note) => note.body),
    outage: async (outage) => {
      await control('/outage', outage, 200);
    },
  };
};

/**
 * A connection to the stand-in as the product builds one (atsConnection), recording the credentials
 * the adapter saves: `beforeSave` runs first (before the connection carries them); `oauthClient`
 * stands for the product's OAuth client, read from Secrets Manager in Lambda.
 */
export const connect = (
  adapter: AtsAdapter,
  credentials: AtsCredentials,
  options: { beforeSave?: (next: AtsCredentials) => Promise<void> | void; oauthClient?: OAuthClient } = {},
) => {
  const saved: AtsCredentials[] = [];
  const connection: AtsConnection = atsConnection(adapter, credentials, async (next) => {
    await options.beforeSave?.(next);
    saved.push(next);
  });
  const { oauthClient } = options;
  if (oauthClient) Object.assign(connection, { oauthClient: async () => oauthClient });
  return { connection, saved };
};

/** A result to write back: a `responded` note with the link, the stage left as it is, unless `fields` say otherwise. */
export const result = (answersHref: string, fields: Partial<AtsResult> = {}): AtsResult => ({
  event: 'responded',
  note: `The candidate answered the video interview: ${answersHref}`,
  answersHref,
  advanceStage: false,
  ...fields,
});

/** Expects `call` to fail with an AtsRequestFailed matching `expected` (status, retryable, message…); returns it. */
export const expectRequestFailed = async (call: Promise<unknown>, expected: Partial<Pick<AtsRequestFailed, 'status' | 'retryable' | 'message'>>) => {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AtsRequestFailed);
  expect(error).toMatchObject({ name: 'AtsRequestFailed', ...expected });
  return error as AtsRequestFailed;
};

/** Our webhook endpoint, listening from beforeAll to afterAll at `url()` (path `path`): records every delivery the stand-in posts to it. */
export const useWebhookReceiver = (path: string) => {
  let receiver: Server | undefined;
  let url: string | undefined;
  const deliveries: WebhookDelivery[] = [];
  beforeAll(async () => {
    const server = createServer((req, res) => {
      readText(req).then(
        (rawBody) => {
          const headers = Object.fromEntries(
            Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
          );
          deliveries.push({ headers, rawBody });
          res.writeHead(200).end();
        },
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = server;
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  });
  afterAll(() => new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve())));
  return {
    deliveries,
    url: () => {
      if (!url) throw new Error('The webhook receiver is not listening (use it inside tests and hooks)');
      return url;
    },
  };
};

/**
 * The write-back of an ATS that takes a result as a note: the note lands as the vendor shows it,
 * with the link; a note for a candidate the vendor does not have fails for good; an outage fails
 * retryably and the next try lands.
 */
export const itWritesResultsAsNotes = (options: {
  adapter: AtsAdapter;
  standIn: StandIn;
  connection: () => AtsConnection;
  /** The result written, with its note as the vendor will show it. */
  result: (answersHref: string) => AtsResult;
  /** Where the note goes, in the vendor's words (`candidate's profile`, `application`). */
  on: string;
  /** A tag the stand-in's candidates carry, and an id it has no candidate of. */
  tag: string;
  unknownId: string;
}) => {
  const { adapter, standIn, connection, result: resultOf, on, tag, unknownId } = options;
  it(`writes the result as a note on the ${on}`, async () => {
    const candidate = await standIn.addCandidate('Noted Person', tag, 'noted@example.com');
    const answersHref = `https://app.example.com/positions/p1/candidates/c1?tab=answers&from=${adapter.type}`;
    await adapter.writeResult(connection(), candidate.id, resultOf(answersHref));
    const stored = await standIn.candidateNow(candidate.id);
    expect(stored.notes).toHaveLength(1);
    // The text arrives as the vendor shows it (any escaping undone), the link intact.
    expect(stored.notes[0]!.body).toBe(resultOf(answersHref).note);
    expect(stored.notes[0]!.body).toContain(answersHref);
  });

  it(`a note on a ${on} the vendor does not have fails for good`, async () => {
    await expectRequestFailed(adapter.writeResult(connection(), unknownId, resultOf('https://app.example.com/a')), { status: 404, retryable: false });
  });

  it('an outage makes the write-back fail retryably, and the next try lands', async () => {
    const candidate = await standIn.addCandidate('Outage Person', tag, 'outage@example.com');
    await standIn.outage({ requests: 1, status: 503 });
    await expectRequestFailed(adapter.writeResult(connection(), candidate.id, resultOf('https://app.example.com/b')), {
      status: 503,
      retryable: true,
    });
    expect(await standIn.notesOf(candidate.id)).toEqual([]);
    await adapter.writeResult(connection(), candidate.id, resultOf('https://app.example.com/b'));
    expect(await standIn.notesOf(candidate.id)).toHaveLength(1);
  });
};
