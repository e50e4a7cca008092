import { messages } from './messages';

const text = messages.mailDelivery;

/**
 * What is wrong with a corrected address in "Fix e-mail and resend" (issue 26), in the contract's
 * words (lambdas/contracts/common.ts `emailSchema`: the server checks it again), or null. The
 * address that bounced is refused too: sent there again, the invitation would bounce again (one
 * not sent at all, issue 37, says so in `unchanged`: Resend sends to it as it is).
 */
export const emailProblem = (value: string, bounced: string | null, unchanged: string = text.emailUnchanged): string | null => {
  const email = value.trim().toLowerCase();
  if (email.length < 3) return text.emailMissing;
  if (email.length > 254) return text.emailTooLong;
  if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)) return text.emailInvalid;
  if (bounced !== null && email === bounced.trim().toLowerCase()) return unchanged;
  return null;
};
