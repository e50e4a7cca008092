import type { Preferences } from '../../contracts/summaries';
import { createAccount, EmailTaken, getUser, listUserCompanies, setPreferences } from '../../data/accounts';
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

/** The signed-in user, the companies they belong to (both read together) and their view preferences. */
export const currentUser = async (userId: string) => {
  const [user, companies] = await Promise.all([getUser(userId), listUserCompanies(userId)]);
  if (!user) throw unauthorized('Your account no longer exists.', 'unknown_user');
  return { user: { userId: user.userId, email: user.email }, companies, preferences: user.preferences };
};

/** Saves the signed-in user's view preferences (issue 41: hide summaries for themselves; not access control). */
export const savePreferences = async (userId: string, preferences: Preferences): Promise<Preferences> => {
  if (!(await setPreferences(userId, preferences))) throw unauthorized('Your account no longer exists.', 'unknown_user');
  return { hideSummaries: preferences.hideSummaries };
};
