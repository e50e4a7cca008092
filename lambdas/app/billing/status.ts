import { getCheckout, type CheckoutStatus } from '../../shared/db/billing';
import { getMembership } from '../../shared/db/memberships';
import { notFound } from '../../shared/errors';

/** A checkout's status for a member of its company; anything else is a 404. */
export const checkoutStatus = async (
  frontendReferenceId: string,
  userId: string,
): Promise<{ sessionId: string; checkoutSessionStatus: CheckoutStatus }> => {
  const checkout = await getCheckout(frontendReferenceId);
  const membership = checkout ? await getMembership(checkout.companyId, userId) : null;
  if (!checkout || !membership) throw notFound('Checkout not found.');
  return { sessionId: checkout.sessionId, checkoutSessionStatus: checkout.status };
};
