import type * as z from 'zod';
import type {
  createAccount as createAccountContract,
  createMagicCodeSession as createMagicCodeSessionContract,
} from '../../../../lambdas/contracts/account';
import { api } from '../../api/client';

export const sendMagicCode = (email: string) => api.post<{ email: string }>('/magic-codes', { email });

export const createMagicCodeSession = (email: string, shortnonce: string) =>
  api.post<z.infer<typeof createMagicCodeSessionContract.response>>('/magic-code-sessions', { email, shortnonce });

export const createAccount = (body: { email: string; companyName: string; tags: string[] }) =>
  api.post<z.infer<typeof createAccountContract.response>>('/accounts', body);
