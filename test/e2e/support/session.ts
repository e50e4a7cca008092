import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { call } from '../../support/api';
import { codeFromMailbox } from './mailbox';

const api = async (method: string, path: string, body?: unknown, sessionId?: string) => {
  const response = await call(method, path, { body, session: sessionId });
  if (response.status >= 400) throw new Error(`${method} ${path} → ${response.status} ${response.text}`);
  return response.body;
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
