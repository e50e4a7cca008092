import Stripe from 'stripe';
import { syncStripeCatalog } from '../lib/stripe-catalog';
import { stripeConnection } from '../lambdas/adapters/stripe';

/**
 * `npm run stripe:setup`: creates or updates the products and prices of the catalogue
 * (lambdas/contracts/billing-catalog.ts) in the Stripe account of STRIPE_SECRET_KEY. Safe to run
 * again: what already matches is kept. STRIPE_API_URL points it at another server (the local
 * stand-in, `npm start` prints its address).
 */
const key = process.env.STRIPE_SECRET_KEY;
if (!key) {
  console.error('Set STRIPE_SECRET_KEY to the secret key of the Stripe account (sk_test_… for test mode, sk_live_… for live).');
  process.exit(1);
}
const stripe = new Stripe(key, stripeConnection(process.env.STRIPE_API_URL));
const report = await syncStripeCatalog(stripe);
console.log(
  `Stripe catalogue in line: ${report.productsCreated} products created, ${report.productsUpdated} updated; ` +
    `${report.pricesCreated} prices created, ${report.pricesArchived} archived, ${report.pricesKept} kept.`,
);
