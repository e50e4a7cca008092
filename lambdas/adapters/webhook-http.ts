import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressesRefusal, checkTargetUrl, type TargetCheck } from '../domain/webhook-targets';

/**
 * POSTs one webhook delivery (issue 38) with node:http(s) directly, so every safety decision is in
 * view: the target is checked (lambdas/domain/webhook-targets.ts) on the addresses its host resolves
 * to now, all of them, and the socket connects to the checked address (the request's `lookup` answers
 * it, so the client never resolves the name again: no DNS rebinding between check and connect; TLS
 * still verifies the certificate for the host name). Redirects are not followed (node's client never
 * does; a 3xx is a failed attempt). The whole attempt, DNS included, is cut off at `timeoutMs`, and
 * only the first `excerptBytes` of the answer are read.
 */
export interface WebhookPost {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  excerptBytes: number;
  allowedOrigins: readonly string[];
  /** DNS, replaceable in tests: every address of a host name. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

export type WebhookPostResult =
  | { kind: 'answered'; statusCode: number; latencyMs: number; excerpt: string; location: string | null }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; latencyMs: number; reason: string };

const resolveAll = (hostname: string): Promise<LookupAddress[]> => dnsLookup(hostname, { all: true, verbatim: true });

/** The address to connect to: the literal, or the first resolved one once all of them passed; refused otherwise. */
const pinnedAddress = async (
  check: Exclude<TargetCheck, { kind: 'refused' }>,
  resolve: (hostname: string) => Promise<LookupAddress[]>,
): Promise<{ address: string; family: number } | { refused: string } | null> => {
  if (check.kind === 'exempt') return null;
  if (check.kind === 'address') return { address: check.address, family: check.address.includes(':') ? 6 : 4 };
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(check.hostname);
  } catch (error) {
    return { refused: `${check.hostname} could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'DNS error'}).` };
  }
  const refusal = addressesRefusal(addresses.map((entry) => entry.address));
  if (refusal) return { refused: `${check.hostname} resolves to ${refusal.charAt(0).toLowerCase()}${refusal.slice(1)}` };
  return { address: addresses[0]!.address, family: addresses[0]!.family };
};

/** A `lookup` that answers the pinned address whatever it is asked (with `all` too, as Node's happy eyeballs asks). */
const pinnedLookup =
  (pin: { address: string; family: number }): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [pin]);
    else callback(null, pin.address, pin.family);
  };

const readExcerpt = (response: IncomingMessage, bytes: number): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      response.destroy();
      resolve(Buffer.concat(chunks).subarray(0, bytes).toString('utf8').replace(/\uFFFD+$/, ''));
    };
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= bytes) done();
    });
    response.on('end', done);
    response.on('error', done);
    response.on('aborted', done);
  });

export const postWebhook = async (post: WebhookPost): Promise<WebhookPostResult> => {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  const check = checkTargetUrl(post.url, post.allowedOrigins);
  if (check.kind === 'refused') return { kind: 'refused', reason: check.reason };
  const signal = AbortSignal.timeout(post.timeoutMs);
  const pin = await Promise.race([
    pinnedAddress(check, post.resolve ?? resolveAll),
    new Promise<'timeout'>((resolve) => signal.addEventListener('abort', () => resolve('timeout'), { once: true })),
  ]);
  if (pin === 'timeout') return { kind: 'failed', latencyMs: elapsed(), reason: `No answer within ${post.timeoutMs / 1000} s (DNS).` };
  if (pin && 'refused' in pin) return { kind: 'refused', reason: pin.refused };
  const { url } = check;
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
    signal,
    // A fresh connection per delivery: a kept-alive socket could have been opened to another address.
    agent: false,
    ...(pin ? { lookup: pinnedLookup(pin) } : {}),
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<WebhookPostResult>((resolve) => {
    const request = send(url, options, (response) => {
      const latencyMs = elapsed();
      const location = typeof response.headers.location === 'string' ? response.headers.location : null;
      void readExcerpt(response, post.excerptBytes).then((excerpt) =>
        resolve({ kind: 'answered', statusCode: response.statusCode ?? 0, latencyMs, excerpt, location }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const reason =
        error.name === 'AbortError' || signal.aborted
          ? `No answer within ${post.timeoutMs / 1000} s.`
          : `The connection failed (${error.code ?? error.message}).`;
      resolve({ kind: 'failed', latencyMs: elapsed(), reason });
    });
    request.end(post.body);
  });
};

/**
 * Why an endpoint's URL is refused when the owner sets it (a 400), or null: its form, and the addresses
 * its host resolves to now if it resolves (within 3 s; a name that does not resolve yet is accepted, as
 * each delivery checks again).
 */
export const targetRefusal = async (
  url: string,
  allowedOrigins: readonly string[],
  resolve: (hostname: string) => Promise<LookupAddress[]> = resolveAll,
): Promise<string | null> => {
  const check = checkTargetUrl(url, allowedOrigins);
  if (check.kind === 'refused') return check.reason;
  if (check.kind !== 'hostname') return null;
  const addresses = await Promise.race([
    resolve(check.hostname).catch(() => null),
    new Promise<null>((done) => setTimeout(() => done(null), 3000).unref()),
  ]);
  if (!addresses) return null;
  const refusal = addressesRefusal(addresses.map((entry) => entry.address));
  return refusal ? `${check.hostname} resolves to ${refusal.charAt(0).toLowerCase()}${refusal.slice(1)}` : null;
};
