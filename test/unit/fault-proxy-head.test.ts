import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../lib/local/faults/proxy';
import { createFaultRules } from '../../lib/local/faults/rules';

/**
 * The fault proxy answers a call that a rule could have failed but did not with the service's own
 * answer. A HEAD's answer has no body, but its Content-Length is the object's (S3 HeadObject): the
 * soak test found it answered 0, which the product read as an empty upload.
 */
const upstream = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'video/webm', 'content-length': '1234', etag: '"abc"' });
  res.end(req.method === 'HEAD' ? undefined : Buffer.alloc(1234));
});
let proxy: FaultProxy;

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const rules = createFaultRules();
  // Armed for every S3 call, firing for none: each call takes the proxy's reading path.
  rules.add({ service: 's3', fault: 'SlowDown', rate: 0 });
  proxy = await startFaultProxy({ service: 's3', target: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, rules });
});

afterAll(async () => {
  await proxy.stop();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('the fault proxy', () => {
  it("keeps a HEAD's Content-Length, and a GET's body", async () => {
    const head = await fetch(`${proxy.endpoint}/bucket/key.webm`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1234');
    const get = await fetch(`${proxy.endpoint}/bucket/key.webm`);
    expect((await get.arrayBuffer()).byteLength).toBe(1234);
  });
});
