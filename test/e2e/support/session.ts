import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import type { OperationId } from '../../../lambdas/operations/index';
import { mailArriving } from '../../support/accounts';
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

/** Someone the owner invites to the company (through the invitation e-mail), in a browser context signed in as that member. */
export const signedInMember = async (
  browser: Browser,
  owner: { companyId: string; sessionId: string },
): Promise<{ context: BrowserContext; email: string; sessionId: string }> => {
  const email = `e2e-member-${randomUUID().slice(0, 8)}@example.com`;
  await api('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } });
  const mail = await mailArriving(email, (m) => m.text.includes('/#/invite/'));
  const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!nonce) throw new Error(`no invitation mailed to ${email}`);
  const joined = await api('confirmMemberInvite', { body: { nonce } });
  return { context: await signedInContext(browser, joined.session_id), email, sessionId: joined.session_id };
};
