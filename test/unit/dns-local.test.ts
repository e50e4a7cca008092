import { Resolver } from 'node:dns/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveTxt } from '../../lambdas/adapters/dns';
import { startDnsLocal, type DnsLocal } from '../../lib/local/dns-local';

/**
 * The DNS stand-in (lib/local/dns-local.ts) over real UDP, asked through the product's adapter
 * (lambdas/adapters/dns.ts, DNS_RESOLVER pointing at it) and through node:dns directly for the answer
 * codes; its control surface over HTTP as the local origin mounts it.
 */
let dir: string;
let dns: DnsLocal;
let control: Server;
let origin: string;
const savedResolver = process.env.DNS_RESOLVER;

const listen = (stand: DnsLocal) =>
  new Promise<Server>((resolve) => {
    const server = createServer((req, res) => {
      void stand.handle(req, res, new URL(req.url ?? '/', 'http://localhost')).then((handled) => {
        if (!handled) res.writeHead(404).end();
      });
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dns-local-'));
  dns = await startDnsLocal({ dataFile: path.join(dir, 'dns.json') });
  process.env.DNS_RESOLVER = dns.resolver;
  control = await listen(dns);
  const address = control.address() as { port: number };
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  if (savedResolver === undefined) delete process.env.DNS_RESOLVER;
  else process.env.DNS_RESOLVER = savedResolver;
  control?.close();
  await dns?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const put = (name: string, body: unknown) =>
  fetch(`${origin}/_local/dns/txt/${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('DNS stand-in and the TXT adapter', () => {
  it('answers the TXT records set through the control, case-insensitively, through the adapter', async () => {
    const response = await put('_video-interviews.Example.COM', { values: ['video-interviews-verification=abc', 'v=spf1 -all'] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: '_video-interviews.example.com', values: ['video-interviews-verification=abc', 'v=spf1 -all'] });
    expect((await resolveTxt('_video-interviews.example.com')).sort()).toEqual(['v=spf1 -all', 'video-interviews-verification=abc']);
    expect((await resolveTxt('_VIDEO-interviews.example.com.')).sort()).toEqual(['v=spf1 -all', 'video-interviews-verification=abc']);
  });

  it('carries a value longer than 255 bytes in several character strings, which the adapter joins', async () => {
    const long = 'x'.repeat(300);
    await put('long.example.org', { values: [long] });
    const resolver = new Resolver();
    resolver.setServers([dns.resolver]);
    const raw = await resolver.resolveTxt('long.example.org');
    expect(raw).toEqual([['x'.repeat(255), 'x'.repeat(45)]]);
    expect(await resolveTxt('long.example.org')).toEqual([long]);
  });

  it('answers NXDOMAIN for an unknown name and NOERROR with no data for a known one without TXT; the adapter gives [] for both', async () => {
    const resolver = new Resolver({ timeout: 3000, tries: 1 });
    resolver.setServers([dns.resolver]);
    await expect(resolver.resolveTxt('nothing.example.net')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    // example.com exists (a name below it has records) but has no TXT of its own; the TXT name has no A record.
    await expect(resolver.resolveTxt('example.com')).rejects.toMatchObject({ code: 'ENODATA' });
    await expect(resolver.resolve4('_video-interviews.example.com')).rejects.toMatchObject({ code: 'ENODATA' });
    expect(await resolveTxt('nothing.example.net')).toEqual([]);
    expect(await resolveTxt('example.com')).toEqual([]);
  });

  it('forgets a name on DELETE, and replaces its values on PUT', async () => {
    await put('gone.example.com', { values: ['a'] });
    await put('gone.example.com', { values: ['b'] });
    expect(await resolveTxt('gone.example.com')).toEqual(['b']);
    const deleted = await fetch(`${origin}/_local/dns/txt/gone.example.com`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await resolveTxt('gone.example.com')).toEqual([]);
  });

  it('lists the records as JSON, and as a page for a browser', async () => {
    const list = (await (await fetch(`${origin}/_local/dns`)).json()) as { resolver: string; records: { name: string; values: string[] }[] };
    expect(list.resolver).toBe(dns.resolver);
    expect(list.records.map((record) => record.name)).toEqual(['_video-interviews.example.com', 'long.example.org']);
    const page = await fetch(`${origin}/_local/dns`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('video-interviews-verification=abc');
  });

  it('refuses bad control input with a 400 that says what is wrong', async () => {
    const notList = await put('a.example.com', { values: 'abc' });
    expect(notList.status).toBe(400);
    expect(((await notList.json()) as { detail: string }).detail).toMatch(/values must be a list of strings/);
    const badName = await put('bad name.example.com', { values: ['x'] });
    expect(badName.status).toBe(400);
    expect(((await badName.json()) as { detail: string }).detail).toMatch(/not a DNS label/);
    const notJson = await fetch(`${origin}/_local/dns/txt/a.example.com`, { method: 'PUT', body: '{' });
    expect(notJson.status).toBe(400);
  });

  it('keeps its records across a restart (dns.json)', async () => {
    await dns.stop();
    dns = await startDnsLocal({ dataFile: path.join(dir, 'dns.json') });
    const resolver = new Resolver();
    resolver.setServers([dns.resolver]);
    expect((await resolver.resolveTxt('_video-interviews.example.com')).map((chunks) => chunks.join('')).sort()).toEqual([
      'v=spf1 -all',
      'video-interviews-verification=abc',
    ]);
  });

  it('the adapter throws when the resolver does not answer (not an empty answer)', async () => {
    // A UDP port nobody listens on: the look-up is refused or times out, which is a failure, not "no record".
    const saved = process.env.DNS_RESOLVER;
    process.env.DNS_RESOLVER = '127.0.0.1:9';
    try {
      await expect(resolveTxt('_video-interviews.example.com')).rejects.toMatchObject({ code: expect.stringMatching(/^E[A-Z]+$/) });
    } finally {
      process.env.DNS_RESOLVER = saved;
    }
  }, 20_000);
});
