import { callApi } from '../../api/client';

export const sendMagicCode = (email: string) => callApi('sendMagicCode', { body: { email } });

export const createMagicCodeSession = (email: string, shortnonce: string) => callApi('createMagicCodeSession', { body: { email, shortnonce } });

export const createAccount = (body: { email: string; companyName: string; tags: string[] }) => callApi('createAccount', { body });
