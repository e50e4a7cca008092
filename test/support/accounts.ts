import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { baseUrl, call } from './api';

/** A unique address per test, so tests never share accounts, codes or rate limits. */
export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  sent_at: string;
}

export const mailTo = async (email: string): Promise<Mail[]> => {
  const { messages } = (await fetch(`${baseUrl()}/_local/mail?format=json`).then((r) => r.json())) as { messages: Mail[] };
  return messages.filter((m) => m.to.includes(email));
};

/**
 * The first mail to the address that `match` accepts, waiting for it: mail that follows a request in an
 * event function (the team's notification of a response) arrives after the request has answered.
 */
export const mailArriving = async (email: string, match: (mail: Mail) => boolean, timeoutMs = 20_000): Promise<Mail | undefined> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailTo(email)).find(match);
    if (found || Date.now() > until) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** The newest sign-in code e-mailed to the address. */
export const latestCode = async (email: string): Promise<string> => {
  const mail = (await mailTo(email)).find((m) => m.subject.startsWith('Your sign-in code'));
  const code = /sign-in code is ([A-Z]{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no sign-in code was mailed to ${email}`);
  return code;
};

export const requestCode = async (email: string): Promise<string> => {
  const res = await call('sendMagicCode', { body: { email } });
  expect(res.status).toBe(202);
  return latestCode(email);
};

export const signIn = async (email: string): Promise<{ sessionId: string; userId: string }> => {
  const code = await requestCode(email);
  const res = await call('createMagicCodeSession', { body: { email, shortnonce: code } });
  expect(res.status).toBe(201);
  return { sessionId: res.body.session_id, userId: res.body.user_id };
};

/** Registers a new company and signs its owner in. */
export const registerAndSignIn = async (companyName = 'Acme') => {
  const email = uniqueEmail('owner');
  const created = await call('createAccount', { body: { email, company_name: companyName, tags: [] } });
  expect(created.status).toBe(201);
  const { sessionId, userId } = await signIn(email);
  return { email, sessionId, userId, companyId: created.body.company_id as string };
};
