import { createAccount, EmailTaken, getUser, listUserCompanies } from '../../data/accounts';
import { conflict, unauthorized } from '../../platform/errors';
import type { Logger } from '../../platform/logger';

/** Registration: the user, their company and the owner membership, created together (or not at all). */
export const signUp = async (input: { email: string; companyName: string; tags: string[] }, log: Logger) => {
  try {
    const account = await createAccount(input);
    log.info('account created', { userId: account.userId, companyId: account.companyId });
    return account;
  } catch (error) {
    if (error instanceof EmailTaken) throw conflict('You already have an account and can sign in.', 'already_exists');
    throw error;
  }
};

/** The signed-in user and the companies they belong to (both read together). */
export const currentUser = async (userId: string) => {
  const [user, companies] = await Promise.all([getUser(userId), listUserCompanies(userId)]);
  if (!user) throw unauthorized('Your account no longer exists.', 'unknown_user');
  return { user, companies };
};
