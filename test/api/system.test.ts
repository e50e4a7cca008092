import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { routeEntries } from '../../lambdas/operations/index';
import { baseUrl, call, callPath } from '../support/api';
import { uniqueEmail } from '../support/accounts';
import { localSes } from '../support/aws';

describe('GET /api/v1/health', () => {
  it('reports every backing service of the local stack as up', async () => {
    const res = await call('getHealth');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.stage).toBe('local');
    expect(Object.keys(res.body.services).sort()).toEqual(['database', 'email', 'storage', 'workflow']);
    for (const service of Object.values(res.body.services) as { status: string; latency_ms: number }[]) {
      expect(service.status).toBe('up');
      expect(service.latency_ms).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('serves an OpenAPI 3.1 document listing every route of the table', async () => {
    const res = await call('getOpenApi');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const operations = Object.values(res.body.paths as Record<string, Record<string, { operationId: string }>>).flatMap((byMethod) =>
      Object.values(byMethod).map((op) => op.operationId),
    );
    expect(operations.sort()).toEqual(routeEntries.map(([operation]) => operation).sort());
  });
});

describe('the local API gateway', () => {
  it('answers unknown paths with the error model, never an HTML page or a 500', async () => {
    const res = await callPath('GET', '/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('answers a wrong method on a known path with 405', async () => {
    const res = await callPath('DELETE', '/health');
    expect(res.status).toBe(405);
    expect(res.body.code).toBe('method_not_allowed');
  });

  it('refuses bodies over the Lambda payload limit with 413', async () => {
    const res = await callPath('POST', '/health', { rawBody: 'x'.repeat(6 * 1024 * 1024 + 1) });
    expect(res.status).toBe(413);
  });
});

describe('the local mailbox', () => {
  it('lists mail sent through SES newest first as JSON, and as a page for browsers', async () => {
    const ses = localSes();
    // Other files send mail meanwhile: this test reads only what went to its own address.
    const to = uniqueEmail('mailbox');
    const send = (subject: string) =>
      ses.send(
        new SendEmailCommand({
          FromEmailAddress: 'no-reply@localhost',
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: `${subject} text` }, Html: { Data: `<p>${subject}</p>` } } } },
        }),
      );
    await send('First message');
    await send('Second message');

    const json = (await fetch(`${baseUrl()}/_local/mail`).then((r) => r.json())) as {
      messages: { to: string[]; subject: string; sent_at: string }[];
    };
    const mine = json.messages.filter((message) => message.to.includes(to));
    expect(mine.map((message) => message.subject)).toEqual(['Second message', 'First message']);
    const [newest] = mine;
    expect(newest).toMatchObject({ to: [to], subject: 'Second message', text: 'Second message text', html: '<p>Second message</p>' });
    expect(Date.parse(newest!.sent_at)).not.toBeNaN();

    const page = await fetch(`${baseUrl()}/_local/mail`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(`to ${to}`);
  });
});
