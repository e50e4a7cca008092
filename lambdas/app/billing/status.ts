import { getCheckout, type CheckoutStatus } from '../../data/billing';
import { getMembership } from '../../data/memberships';
import { notFound } from '../../platform/errors';
import { alongside } from '../access/alongside';
import { callerId, type Caller } from '../access/caller';

/** A checkout's status for a member of its company (the checkout is read alongside the session check); anything else is a 404. */
export const checkoutStatus = async (
  frontendReferenceId: string,
  caller: Caller,
): Promise<{ sessionId: string; checkoutSessionStatus: CheckoutStatus }> => {
  const [userId, checkout] = await alongside(callerId(caller), getCheckout(frontendReferenceId));
  const membership = checkout ? await getMembership(checkout.companyId, userId) : null;
  if (!checkout || !membership) throw notFound('Checkout not found.');
  return { sessionId: checkout.sessionId, checkoutSessionStatus: checkout.status };
};
