import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { baseUrl } from './browser';
import { codeFromMailbox } from './mailbox';

const api = async (method: string, path: string, body?: unknown, sessionId?: string) => {
  const response = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(sessionId ? { 'x-session-id': sessionId } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
};

/** Registers a company through the API and returns a browser context already signed in as its owner. */
export const signedInOwner = async (
  browser: Browser,
  companyName: string,
): Promise<{ context: BrowserContext; email: string; companyId: string; sessionId: string }> => {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const account = await api('POST', '/accounts', { email, company_name: companyName });
  await api('POST', '/magic-codes', { email });
  const session = await api('POST', '/magic-code-sessions', { email, shortnonce: await codeFromMailbox(email) });
  const context = await browser.newContext();
  await context.addInitScript((id) => window.localStorage.setItem('session_id', id), session.session_id);
  return { context, email, companyId: account.company_id, sessionId: session.session_id };
};
