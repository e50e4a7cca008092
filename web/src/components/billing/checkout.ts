import { createCheckoutSessionCall, createPortalSessionCall } from '../../api/billing';
import { href, paths } from '../../config/paths';
import { checkoutReturns } from '../../lib/checkout-returns';

/** The app's own address of a router path (hash routing), as Stripe sends the browser back to it. */
const appUrl = (to: string) => `${window.location.origin}${window.location.pathname}${href(to)}`;

/**
 * Starts a Stripe Checkout for one price (spec §7 Billing) and leaves for its hosted page. The
 * checkout gets a reference of the app's own, under which the current path is saved so the
 * confirm-checkout page can return there; paying returns to that page, cancelling to this one.
 */
export const startCheckout = async ({ companyId, priceId, returnPath }: { companyId: string; priceId: string; returnPath: string }) => {
  const frontendReferenceId = crypto.randomUUID();
  checkoutReturns.save(frontendReferenceId, returnPath);
  try {
    const { url } = await createCheckoutSessionCall({
      priceId,
      companyId,
      frontendReferenceId,
      successUrl: appUrl(paths.confirmCheckout.to(companyId, { frontendReferenceId })),
      cancelUrl: window.location.href,
    });
    window.location.assign(url);
  } catch (error) {
    checkoutReturns.remove(frontendReferenceId);
    throw error;
  }
};

/** Opens Stripe's billing portal for the company; it links back to the page it was opened from. */
export const openBillingPortal = async (companyId: string) => {
  const { redirectUrl } = await createPortalSessionCall(companyId, window.location.href);
  window.location.assign(redirectUrl);
};
