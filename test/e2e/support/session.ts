import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import type { OperationId } from '../../../lambdas/operations/index';
import { call, type CallOptions } from '../../support/api';
import { codeFromMailbox } from './mailbox';

const api = async <Op extends OperationId>(operationId: Op, options: CallOptions<Op>) => {
  const response = await call(operationId, options);
  if (response.status >= 400) throw new Error(`${operationId} → ${response.status} ${response.text}`);
  return response.body;
};

/** A browser context signed in with a session the API gave. */
export const signedInContext = async (browser: Browser, sessionId: string): Promise<BrowserContext> => {
  const context = await browser.newContext();
  await context.addInitScript((id) => window.localStorage.setItem('session_id', id), sessionId);
  return context;
};

/** Registers a company through the API and returns a browser context already signed in as its owner. */
export const signedInOwner = async (
  browser: Browser,
  companyName: string,
): Promise<{ context: BrowserContext; email: string; companyId: string; sessionId: string }> => {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const account = await api('createAccount', { body: { email, company_name: companyName } });
  await api('sendMagicCode', { body: { email } });
  const session = await api('createMagicCodeSession', { body: { email, shortnonce: await codeFromMailbox(email) } });
  const context = await signedInContext(browser, session.session_id);
  return { context, email, companyId: account.company_id, sessionId: session.session_id };
};
