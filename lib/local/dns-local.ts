import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort, readText } from './net';
import { escapeHtml } from '../../lambdas/domain/emails/layout';

/**
 * The DNS stand-in (issue 42): a UDP DNS server on 127.0.0.1 answering TXT queries for the names a
 * test or a tester sets, so a company's domain proof (a TXT record the product looks up through its
 * resolver, grant dns:resolve) runs locally with no handler knowing it is local. The functions reach
 * it as their resolver (DNS_RESOLVER=127.0.0.1:<port>); messages are the real wire format (dns-packet).
 *
 * Answers: the TXT records set for a name (each value in 255-byte character strings, as DNS carries
 * them); NOERROR with no answer for a name that exists (has records, or a name below it has) but not
 * of the type asked; NXDOMAIN for any other name; NOTIMP for anything but a standard query.
 *
 * Control, on the local origin:
 * - `GET /_local/dns`: the records, `{ resolver, records: [{ name, values }] }`, or a page for a browser;
 * - `PUT /_local/dns/txt/{name}` `{ "values": ["..."] }`: the name's TXT records from now on;
 * - `DELETE /_local/dns/txt/{name}`: the name has none (204 either way).
 * Records persist in `dataFile`, so `npm start` after a restart still answers them.
 */

/** The small part of dns-packet used here (it ships no typings). */
interface DnsQuestion {
  type: string;
  name: string;
  class?: string;
}
interface DnsAnswer {
  type: string;
  name: string;
  class?: string;
  ttl?: number;
  data: unknown;
}
interface DnsPacket {
  id?: number;
  type?: 'query' | 'response';
  flags?: number;
  opcode?: string;
  questions?: DnsQuestion[];
  answers?: DnsAnswer[];
  additionals?: DnsAnswer[];
}
const dnsPacket = createRequire(import.meta.url)('dns-packet') as {
  encode(packet: DnsPacket): Buffer;
  decode(buffer: Buffer): DnsPacket & { flag_rd: boolean };
  AUTHORITATIVE_ANSWER: number;
  RECURSION_DESIRED: number;
};

const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4 } as const;
/** How long resolvers may keep an answer: short, since tests change records. */
const TTL_SECONDS = 1;
/** The most a UDP answer may be without EDNS (RFC 1035); past it the answer says it was truncated. */
const UDP_LIMIT = 512;

const LABEL = /^(?!-)[A-Za-z0-9_-]{1,63}(?<!-)$/;
const MAX_VALUES = 50;
const MAX_VALUE_BYTES = 4000;

/** A name as DNS compares it: case-insensitive, without the root's trailing dot. */
export const normaliseDnsName = (name: string): string => name.trim().replace(/\.$/, '').toLowerCase();

/** Why a name is not one a record can have, or undefined when it can. */
const nameProblem = (name: string): string | undefined => {
  if (name.length === 0) return 'The name is empty.';
  if (name.length > 253) return 'The name is longer than 253 characters.';
  const bad = name.split('.').find((label) => !LABEL.test(label));
  return bad === undefined ? undefined : `"${bad}" is not a DNS label (1 to 63 letters, digits, hyphens or underscores, no hyphen at either end).`;
};

/** A TXT value as DNS carries it: character strings of at most 255 bytes each. */
const chunks = (value: string): Buffer[] => {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length === 0) return [bytes];
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 255) parts.push(bytes.subarray(at, at + 255));
  return parts;
};

export interface DnsLocal {
  /** `127.0.0.1:<port>`, what DNS_RESOLVER is set to. */
  resolver: string;
  port: number;
  setTxt(name: string, values: readonly string[]): void;
  deleteTxt(name: string): void;
  records(): { name: string; values: string[] }[];
  /** Answers `/_local/dns` and `/_local/dns/...`; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, requestUrl: URL): Promise<boolean>;
  stop(): Promise<void>;
}

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
const problem = (res: ServerResponse, status: number, detail: string) => sendJson(res, status, { detail });

const page = (resolver: string, records: { name: string; values: string[] }[]) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Local DNS</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #ccc;vertical-align:top}code{word-break:break-all}</style>
</head>
<body>
<main>
<h1>Local DNS</h1>
<p>The functions resolve through this stand-in at <code>${escapeHtml(resolver)}</code> (UDP). It answers the TXT records below, and NXDOMAIN for any other name.</p>
<p>Set a record: <code>curl -X PUT -H 'content-type: application/json' -d '{"values":["..."]}' &lt;this origin&gt;/_local/dns/txt/&lt;name&gt;</code>; remove it with <code>DELETE</code>.</p>
<h2>TXT records</h2>
${
  records.length === 0
    ? '<p>None yet.</p>'
    : `<table><thead><tr><th scope="col">Name</th><th scope="col">Values</th></tr></thead><tbody>${records
        .map(
          (record) =>
            `<tr><td><code>${escapeHtml(record.name)}</code></td><td>${record.values.map((value) => `<div><code>${escapeHtml(value)}</code></div>`).join('')}</td></tr>`,
        )
        .join('')}</tbody></table>`
}
</main>
</body>
</html>`;

export const startDnsLocal = async (
  options: { dataFile?: string; log?: (msg: string, fields?: Record<string, unknown>) => void } = {},
): Promise<DnsLocal> => {
  const log = options.log ?? (() => undefined);
  const txt = new Map<string, string[]>(
    options.dataFile && existsSync(options.dataFile)
      ? (JSON.parse(readFileSync(options.dataFile, 'utf8')) as { records: { name: string; values: string[] }[] }).records.map((record) => [
          record.name,
          record.values,
        ])
      : [],
  );
  const records = () => [...txt].map(([name, values]) => ({ name, values: [...values] })).sort((a, b) => a.name.localeCompare(b.name));
  const save = () => {
    if (!options.dataFile) return;
    mkdirSync(path.dirname(options.dataFile), { recursive: true });
    const temporary = `${options.dataFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ records: records() }, null, 2));
    renameSync(temporary, options.dataFile);
  };
  const setTxt = (name: string, values: readonly string[]) => {
    const key = normaliseDnsName(name);
    const why = nameProblem(key);
    if (why) throw new Error(why);
    txt.set(key, [...values]);
    save();
  };
  const deleteTxt = (name: string) => {
    if (txt.delete(normaliseDnsName(name))) save();
  };
  /** A name exists when it has records or a name below it has (an empty non-terminal). */
  const exists = (name: string) => txt.has(name) || [...txt.keys()].some((known) => known.endsWith(`.${name}`));

  const answer = (query: DnsPacket & { flag_rd: boolean }): Buffer => {
    const questions = query.questions ?? [];
    const respond = (rcode: number, answers: DnsAnswer[] = []) =>
      dnsPacket.encode({
        type: 'response',
        id: query.id,
        flags: dnsPacket.AUTHORITATIVE_ANSWER | (query.flag_rd ? dnsPacket.RECURSION_DESIRED : 0) | rcode,
        questions,
        answers,
      });
    if (query.type !== 'query' || query.opcode !== 'QUERY') return respond(RCODE.NOTIMP);
    if (questions.length !== 1) return respond(RCODE.FORMERR);
    const question = questions[0]!;
    const name = normaliseDnsName(question.name);
    if (!exists(name)) return respond(RCODE.NXDOMAIN);
    const values = question.type === 'TXT' || question.type === 'ANY' ? (txt.get(name) ?? []) : [];
    let response = respond(
      RCODE.NOERROR,
      values.map((value) => ({ type: 'TXT', class: 'IN', name: question.name, ttl: TTL_SECONDS, data: chunks(value) })),
    );
    // Too long for UDP without EDNS: flag it truncated (TC), as servers do; the resolver asks again over TCP, which this stand-in does not serve.
    const edns = (query.additionals ?? []).some((record) => record.type === 'OPT');
    if (!edns && response.length > UDP_LIMIT) {
      response = respond(RCODE.NOERROR);
      response.writeUInt16BE(response.readUInt16BE(2) | 0x0200, 2);
    }
    return response;
  };

  const port = await freePort();
  const socket: Socket = createSocket('udp4');
  socket.on('message', (message: Buffer, remote: RemoteInfo) => {
    let response: Buffer;
    try {
      response = answer(dnsPacket.decode(message));
    } catch (error) {
      log('DNS stand-in: a message it could not read', { error: String(error) });
      // FORMERR with the query's id, when there are enough bytes for one.
      if (message.length < 2) return;
      response = Buffer.alloc(12);
      response.writeUInt16BE(message.readUInt16BE(0), 0);
      response.writeUInt16BE(0x8000 | RCODE.FORMERR, 2);
    }
    socket.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  socket.on('error', (error) => log('DNS stand-in socket error', { error: String(error) }));
  const resolver = `127.0.0.1:${port}`;

  const PREFIX = '/_local/dns';
  const handle = async (req: IncomingMessage, res: ServerResponse, requestUrl: URL): Promise<boolean> => {
    const { pathname } = requestUrl;
    if (pathname !== PREFIX && !pathname.startsWith(`${PREFIX}/`)) return false;
    if (pathname === PREFIX || pathname === `${PREFIX}/`) {
      if (req.method !== 'GET') return (problem(res, 405, 'Use GET /_local/dns, or PUT and DELETE /_local/dns/txt/{name}.'), true);
      const wantsHtml = requestUrl.searchParams.get('format') !== 'json' && /text\/html/.test(req.headers.accept ?? '');
      if (wantsHtml) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page(resolver, records()));
      else sendJson(res, 200, { resolver, records: records() });
      return true;
    }
    if (!pathname.startsWith(`${PREFIX}/txt/`))
      return (problem(res, 404, 'Not found: the control is at /_local/dns and /_local/dns/txt/{name}.'), true);
    let name: string;
    try {
      name = normaliseDnsName(decodeURIComponent(pathname.slice(`${PREFIX}/txt/`.length)));
    } catch {
      return (problem(res, 400, 'The name in the path is not valid percent-encoding.'), true);
    }
    const why = nameProblem(name);
    if (why) return (problem(res, 400, why), true);
    if (req.method === 'DELETE') {
      deleteTxt(name);
      res.writeHead(204, { 'cache-control': 'no-store' }).end();
      return true;
    }
    if (req.method === 'GET') {
      const values = txt.get(name);
      if (!values) return (problem(res, 404, `No TXT records for ${name}.`), true);
      sendJson(res, 200, { name, values });
      return true;
    }
    if (req.method !== 'PUT') return (problem(res, 405, 'Use PUT (set the records), GET or DELETE on /_local/dns/txt/{name}.'), true);
    let body: unknown;
    try {
      body = JSON.parse(await readText(req, 256 * 1024));
    } catch {
      return (problem(res, 400, 'The body must be JSON: { "values": ["..."] }.'), true);
    }
    const values = (body as { values?: unknown } | null)?.values;
    if (!Array.isArray(values) || !values.every((value) => typeof value === 'string')) {
      return (problem(res, 400, 'values must be a list of strings: { "values": ["..."] }.'), true);
    }
    if (values.length > MAX_VALUES) return (problem(res, 400, `At most ${MAX_VALUES} values.`), true);
    if (values.some((value: string) => Buffer.byteLength(value) > MAX_VALUE_BYTES))
      return (problem(res, 400, `A value is longer than ${MAX_VALUE_BYTES} bytes.`), true);
    setTxt(name, values as string[]);
    sendJson(res, 200, { name, values });
    return true;
  };

  return {
    resolver,
    port,
    setTxt,
    deleteTxt,
    records,
    handle,
    stop: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
};
