import { callApi } from '../../api/client';

export const sendMagicCode = (email: string) => callApi('sendMagicCode', { body: { email } });

export const createMagicCodeSession = (email: string, shortnonce: string) => callApi('createMagicCodeSession', { body: { email, shortnonce } });

export const createAccount = (body: { email: string; companyName: string; tags: string[] }) => callApi('createAccount', { body });

/** Single sign-on (issue 42): the identity provider's URL to send the browser to, for an address at a proven domain. */
export const startSsoSignIn = (email: string) => callApi('startSsoSignIn', { body: { email } });

/** The one-time ticket a single sign-on brought back (`#/sso?ticket=…`), exchanged for a session. */
export const createSsoSession = (ticket: string) => callApi('createSsoSession', { body: { ticket } });

/** An owner's sign-in with the company's recovery code, when single sign-on is required. */
export const createRecoverySession = (email: string, recoveryCode: string) => callApi('createRecoverySession', { body: { email, recoveryCode } });
