import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { postWebhook, targetRefusal } from '../../lambdas/adapters/webhook-http';
import { addressRefusal, checkTargetUrl, parseAllowedOrigins } from '../../lambdas/domain/webhook-targets';
import { retryDelaySeconds, retryScheduleSeconds, WEBHOOK_MAX_ATTEMPTS, failingTooLong } from '../../lambdas/domain/webhook-retries';
import { signatureHeader } from '../../lambdas/domain/webhook-signing';
import { createHmac } from 'node:crypto';

/** Where webhooks may go (issue 38): the classification of addresses and URLs, DNS answers checked whole, the backoff. */
describe('webhook targets (SSRF)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['64:ff9b::a00:1', 'special-purpose'],
    ['2002:a00:1::', 'special-purpose'],
  ])('refuses %s (%s)', (address, kind) => {
    const refusal = addressRefusal(address);
    expect(refusal).not.toBeNull();
    expect(refusal).toContain(kind);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '11.0.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => expect(addressRefusal(address)).toBeNull(),
  );

  it('checks the URL: https only, no credentials, IP literals in any spelling, localhost by name', () => {
    expect(checkTargetUrl('http://example.com/', [])).toMatchObject({ kind: 'refused', reason: expect.stringContaining('https') });
    expect(checkTargetUrl('https://user:pw@example.com/', [])).toMatchObject({ kind: 'refused' });
    expect(checkTargetUrl('https://[::1]:8443/x', [])).toMatchObject({ kind: 'refused' });
    for (const spelling of ['https://2130706433/', 'https://0x7f.1/', 'https://0177.0.0.1/', 'https://127.1/']) {
      expect(checkTargetUrl(spelling, []), spelling).toMatchObject({ kind: 'refused' });
    }
    expect(checkTargetUrl('https://localhost/', [])).toMatchObject({ kind: 'refused' });
    expect(checkTargetUrl('https://a.localhost/', [])).toMatchObject({ kind: 'refused' });
    expect(checkTargetUrl('https://8.8.8.8/hook', [])).toMatchObject({ kind: 'address', address: '8.8.8.8' });
    expect(checkTargetUrl('https://hooks.example.com/x', [])).toMatchObject({ kind: 'hostname', hostname: 'hooks.example.com' });
  });

  it('exempts only the exact origins it is given (the local stack’s own)', () => {
    const allowed = parseAllowedOrigins('http://localhost:3000 , http://localhost:3001/');
    expect(allowed).toEqual(['http://localhost:3000', 'http://localhost:3001']);
    expect(checkTargetUrl('http://localhost:3000/_local/webhooks/receive/a', allowed)).toMatchObject({ kind: 'exempt' });
    expect(checkTargetUrl('http://localhost:3002/', allowed)).toMatchObject({ kind: 'refused' });
    expect(checkTargetUrl('http://127.0.0.1:3000/', allowed)).toMatchObject({ kind: 'refused' });
    expect(parseAllowedOrigins('')).toEqual([]);
  });

  it('refuses a host name when any address it resolves to is private', async () => {
    const resolve = async (host: string) =>
      host === 'rebind.example.com'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.7', family: 4 },
          ]
        : [{ address: '93.184.216.34', family: 4 }];
    expect(await targetRefusal('https://rebind.example.com/x', [], resolve)).toContain('10.0.0.7');
    expect(await targetRefusal('https://public.example.com/x', [], resolve)).toBeNull();
    const refused = await postWebhook({ url: 'https://rebind.example.com/x', body: '{}', headers: {}, timeoutMs: 1000, excerptBytes: 512, allowedOrigins: [], resolve });
    expect(refused).toMatchObject({ kind: 'refused', reason: expect.stringContaining('private') });
  });

  it('answers a redirect as it is, without following it, and reads only the first bytes', async () => {
    const server = createServer((req, res) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end('moved'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;
    const redirected = await postWebhook({ url: `${origin}/x`, body: '{}', headers: {}, timeoutMs: 2000, excerptBytes: 4, allowedOrigins: [origin] });
    expect(redirected).toMatchObject({ kind: 'answered', statusCode: 302, location: 'http://169.254.169.254/', excerpt: 'move' });
    server.close();
    // Not exempt, the same receiver's loopback address is refused before any connection.
    const literal = await postWebhook({ url: `https://127.0.0.1:${port}/x`, body: '{}', headers: {}, timeoutMs: 2000, excerptBytes: 4, allowedOrigins: [] });
    expect(literal.kind).toBe('refused');
  });

  it('connects to the address it checked, never resolving the name again (no DNS rebinding)', async () => {
    // The checked answer is a public (documentation-free, routable) address; the system's DNS does not know the
    // name at all. A client that looked the name up again would fail with ENOTFOUND; the pinned one tries the address.
    let lookups = 0;
    const resolve = async () => {
      lookups += 1;
      return [{ address: '93.184.216.34', family: 4 }];
    };
    const result = await postWebhook({
      url: 'https://pinned.invalid/x',
      body: '{}',
      headers: {},
      timeoutMs: 1500,
      excerptBytes: 16,
      allowedOrigins: [],
      resolve,
    });
    expect(lookups).toBe(1);
    expect(result.kind).toBe('failed');
    expect(JSON.stringify(result)).not.toContain('ENOTFOUND');
  });
});

describe('webhook retries', () => {
  it('doubles from a minute, caps under 12 hours, and spans more than a day over its attempts', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelaySeconds(attempt))).toEqual([60, 120, 240, 480]);
    expect(retryDelaySeconds(11)).toBe(12 * 3600 - 60);
    expect(retryDelaySeconds(WEBHOOK_MAX_ATTEMPTS)).toBeNull();
    expect(retryScheduleSeconds()).toBeGreaterThan(24 * 3600);
  });

  it('scales the same schedule, never under a second', () => {
    expect([1, 2, 3].map((attempt) => retryDelaySeconds(attempt, 0.01))).toEqual([1, 2, 3]);
    expect(retryDelaySeconds(1, 0.0001)).toBe(1);
  });

  it('disables after 3 days of failures only', () => {
    const now = new Date('2026-12-04T12:00:00Z');
    expect(failingTooLong(null, now)).toBe(false);
    expect(failingTooLong('2026-12-01T12:00:01Z', now)).toBe(false);
    expect(failingTooLong('2026-12-01T12:00:00Z', now)).toBe(true);
  });
});

describe('webhook signatures', () => {
  it('signs t.body with each live secret, as an independent HMAC computes it', () => {
    const header = signatureHeader(1700000000, '{"a":1}', ['whsec_one', 'whsec_two']);
    const expected = (secret: string) => createHmac('sha256', secret).update('1700000000.{"a":1}').digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected('whsec_one')},v1=${expected('whsec_two')}`);
  });
});
