import type { StripeAccount } from './billing';
import { StripeApiError, type Params } from './params';
import type { CheckoutSessionRecord, PriceRecord, StripeEvent, SubscriptionRecord } from './store';
import { escapeHtml } from '../../../lambdas/domain/emails/layout';

/**
 * The stand-in's hosted pages: the checkout page a Checkout Session's `url` opens (Pay, Decline
 * card, Cancel) and the billing portal a portal session's `url` opens (switch or cancel a plan, and
 * test-clock controls to end a period or fail a payment). Plain server-rendered HTML with real forms;
 * every action sends the events Stripe would and waits for their first delivery before answering, so
 * the app has seen them by the time the browser is back.
 */
export type PageResult = { status: number; html: string } | { status: 303; location: string };

export const formatMoney = (amount: number, currency: string): string => {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
};

const per = (recurring: PriceRecord['recurring']): string => {
  if (!recurring) return '';
  return recurring.interval_count === 1 ? ` per ${recurring.interval}` : ` every ${recurring.interval_count} ${recurring.interval}s`;
};

const formatDate = (unix: number) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(unix * 1000));

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Local Stripe stand-in</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f8fa;color:#1a1a1a;line-height:1.5}
header{background:#32325d;color:#fff;padding:12px 24px}header p{margin:0;font-size:14px}
main{max-width:640px;margin:24px auto;padding:24px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{margin-top:0;font-size:24px}h2{font-size:18px;margin:0 0 8px}
table{width:100%;border-collapse:collapse;margin:16px 0}caption{text-align:left;font-weight:600;margin-bottom:4px}
th,td{text-align:left;padding:8px;border-bottom:1px solid #d0d4d9}td.amount,th.amount{text-align:right}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:8px 0}
button{font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #32325d;background:#fff;color:#32325d;cursor:pointer}
button.primary{background:#32325d;color:#fff}button.danger{border-color:#a4001d;color:#a4001d}
select{font:inherit;padding:6px}
section{border:1px solid #d0d4d9;border-radius:8px;padding:16px;margin:16px 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 8px}dt{font-weight:600}dd{margin:0}
[role=alert]{background:#fde8ec;color:#7a0016;border:1px solid #a4001d;padding:8px 12px;border-radius:6px}
[role=status]{background:#e6f4ea;color:#0b5323;border:1px solid #1e7e34;padding:8px 12px;border-radius:6px}
.note{color:#4a4f55;font-size:14px}a{color:#2c45b8}
</style></head><body>
<header><p>Local Stripe stand-in · test mode · no real payment is made</p></header>
<main>
${body}
</main></body></html>`;

const page = (status: number, title: string, body: string): PageResult => ({ status, html: layout(title, body) });

const notFound = (what: string) =>
  page(404, `${what} not found`, `<h1>${escapeHtml(what)} not found</h1><p>This link does not lead to anything the local Stripe stand-in knows.</p>`);

const alert = (message: string | undefined) => (message ? `<p role="alert">${escapeHtml(message)}</p>` : '');

const productName = (account: StripeAccount, price: PriceRecord) => account.store.products.get(price.product)?.name ?? price.product;

const checkoutPage = (account: StripeAccount, session: CheckoutSessionRecord, error?: string): PageResult => {
  const rows = session.line_items.map((item) => {
    const price = account.store.prices.get(item.price)!;
    return `<tr><td>${escapeHtml(productName(account, price))}</td><td>${item.quantity}</td><td class="amount">${escapeHtml(
      formatMoney(price.unit_amount * item.quantity, price.currency) + per(price.recurring),
    )}</td></tr>`;
  });
  const first = account.store.prices.get(session.line_items[0]!.price)!;
  const total = session.line_items.reduce((sum, item) => sum + account.store.prices.get(item.price)!.unit_amount * item.quantity, 0);
  const totalText = formatMoney(total, session.currency) + (session.mode === 'subscription' ? per(first.recurring) : '');
  const actions =
    session.status === 'open'
      ? `<form method="post" action="/checkout/${encodeURIComponent(session.id)}">
<button class="primary" name="action" value="pay">Pay</button>
<button class="danger" name="action" value="decline">Decline card</button>
${session.cancel_url ? '<button name="action" value="cancel">Cancel</button>' : ''}
</form>
<p class="note">Pay completes the session as a successful card payment would; Decline card fails the payment and changes nothing.</p>`
      : session.status === 'complete'
        ? `<p role="status">This checkout is complete: the payment succeeded.</p>${session.success_url ? `<p><a href="${escapeHtml(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id))}">Return to the app</a></p>` : ''}`
        : `<p role="status">This checkout session has expired: nothing was paid.</p>${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Return to the app</a></p>` : ''}`;
  return page(
    200,
    `Test checkout: ${totalText}`,
    `<h1>Test checkout</h1>
<p>This is the hosted checkout page of the <strong>local Stripe stand-in</strong>: no card is charged. Its buttons send the app the webhook events Stripe would send.</p>
${alert(error)}
<table><caption>${session.mode === 'subscription' ? 'Subscription' : 'Order summary'}</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>${rows.join('')}</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td class="amount"><strong>${escapeHtml(totalText)}</strong></td></tr></tfoot></table>
${actions}`,
  );
};

const PORTAL_DONE: Record<string, string> = {
  switch: 'Your plan has been switched.',
  cancel: 'Your plan will be cancelled at the end of the billing period.',
  renew: 'Your plan will renew.',
  'cancel-now': 'Your plan has been cancelled.',
  'end-period': 'The billing period has ended.',
  'fail-payment': 'The next payment failed.',
  'retry-payment': 'The overdue payment succeeded.',
};

const subscriptionSection = (account: StripeAccount, portalId: string, subscription: SubscriptionRecord): string => {
  const item = subscription.items[0]!;
  const price = account.store.prices.get(item.price)!;
  const name = productName(account, price);
  const switchable = [...account.store.prices.values()].filter(
    (candidate) => candidate.active && candidate.recurring && candidate.currency === subscription.currency && candidate.id !== price.id,
  );
  const action = `/portal/${encodeURIComponent(portalId)}`;
  const hidden = `<input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">`;
  const button = (value: string, label: string, kind = '') =>
    `<button${kind ? ` class="${kind}"` : ''} name="action" value="${value}">${label}</button>`;
  const status =
    subscription.status === 'past_due' ? 'Past due' : subscription.cancel_at_period_end ? 'Active until the end of the period' : 'Active';
  const when = subscription.cancel_at_period_end
    ? `Cancels on ${formatDate(subscription.current_period_end)}`
    : `Renews on ${formatDate(subscription.current_period_end)}`;
  const selectId = `price-${subscription.id}`;
  const headingId = `plan-${subscription.id}`;
  return `<section aria-labelledby="${escapeHtml(headingId)}">
<h2 id="${escapeHtml(headingId)}">${escapeHtml(name)}</h2>
<dl><dt>Price</dt><dd>${escapeHtml(formatMoney(price.unit_amount * item.quantity, price.currency) + per(price.recurring))}</dd>
<dt>Status</dt><dd>${status}</dd><dt>Period</dt><dd>${when}</dd></dl>
${
  switchable.length > 0
    ? `<form method="post" action="${action}">${hidden}<label for="${escapeHtml(selectId)}">New plan</label>
<select id="${escapeHtml(selectId)}" name="price">${switchable
        .map(
          (candidate) =>
            `<option value="${escapeHtml(candidate.id)}">${escapeHtml(`${productName(account, candidate)}: ${formatMoney(candidate.unit_amount, candidate.currency)}${per(candidate.recurring)}`)}</option>`,
        )
        .join('')}</select>${button('switch', 'Switch plan')}</form>`
    : ''
}
<form method="post" action="${action}">${hidden}
${subscription.cancel_at_period_end ? button('renew', 'Renew plan') : button('cancel', 'Cancel plan', 'danger')}
${button('cancel-now', 'Cancel now', 'danger')}
</form>
<form method="post" action="${action}" aria-label="Test clock for ${escapeHtml(name)}">${hidden}
${subscription.status === 'past_due' ? button('retry-payment', 'Retry payment') : button('end-period', 'End billing period')}
${subscription.status === 'active' && !subscription.cancel_at_period_end ? button('fail-payment', 'Fail next payment') : ''}
</form>
</section>`;
};

const portalPage = (account: StripeAccount, portalId: string, flash?: { done?: string; error?: string }): PageResult => {
  const session = account.store.portalSessions.get(portalId)!;
  const customer = account.store.customers.get(session.customer);
  const subscriptions = [...account.store.subscriptions.values()]
    .reverse()
    .filter((sub) => sub.customer === session.customer && sub.status !== 'canceled');
  const done = flash?.done ? PORTAL_DONE[flash.done] : undefined;
  return page(
    flash?.error ? 400 : 200,
    'Billing portal',
    `<h1>Billing portal</h1>
<p>The <strong>local Stripe stand-in</strong>'s customer portal${customer?.name ? ` for ${escapeHtml(customer.name)}` : ''}. Its test-clock buttons stand in for time passing: End billing period renews a plan (or ends one cancelled at period end), Fail next payment makes the renewal's payment fail.</p>
${done ? `<p role="status">${escapeHtml(done)}</p>` : ''}${alert(flash?.error)}
${subscriptions.length === 0 ? '<p>You have no active subscriptions.</p>' : subscriptions.map((sub) => subscriptionSection(account, portalId, sub)).join('\n')}
${session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return to the app</a></p>` : ''}`,
  );
};

const formString = (form: Params, name: string) => (typeof form[name] === 'string' ? form[name] : '');

/** GET or POST of a hosted page; undefined when the path is not one. */
export const handlePage = async (
  account: StripeAccount,
  method: string,
  pathname: string,
  form: Params,
  query: URLSearchParams,
): Promise<PageResult | undefined> => {
  const match = /^\/(checkout|portal)\/([^/]+)$/.exec(pathname);
  if (!match || (method !== 'GET' && method !== 'POST')) return undefined;
  const [, kind, rawId] = match;
  const id = decodeURIComponent(rawId!);
  const expired = account.expireSessions();
  if (expired.length > 0) void account.commit(expired);

  if (kind === 'checkout') {
    const session = account.store.checkoutSessions.get(id);
    if (!session) return notFound('Checkout session');
    if (method === 'GET' || session.status !== 'open') return checkoutPage(account, session);
    const action = formString(form, 'action');
    if (action === 'pay') {
      await account.commit(account.completeCheckout(session));
      return session.success_url
        ? { status: 303, location: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) }
        : checkoutPage(account, session);
    }
    if (action === 'decline') {
      await account.commit(account.declineCheckout(session));
      return checkoutPage(account, session, 'Your card was declined.');
    }
    if (action === 'cancel' && session.cancel_url) return { status: 303, location: session.cancel_url };
    return checkoutPage(account, session, 'Choose Pay, Decline card or Cancel.');
  }

  const portal = account.store.portalSessions.get(id);
  if (!portal) return notFound('Billing portal session');
  if (method === 'GET') return portalPage(account, id, { done: query.get('done') ?? undefined });
  const subscription = account.store.subscriptions.get(formString(form, 'subscription'));
  if (!subscription || subscription.customer !== portal.customer || subscription.status === 'canceled') {
    return portalPage(account, id, { error: 'That subscription is not one of this customer’s active subscriptions.' });
  }
  const action = formString(form, 'action');
  let events: StripeEvent[];
  try {
    switch (action) {
      case 'switch':
        events = account.switchPrice(subscription, subscription.items[0]!.id, formString(form, 'price'), undefined, 'price');
        break;
      case 'cancel':
      case 'renew':
        events = account.setCancelAtPeriodEnd(subscription, action === 'cancel');
        break;
      case 'cancel-now':
        events = account.cancelNow(subscription);
        break;
      case 'end-period':
        events = account.endPeriod(subscription);
        break;
      case 'fail-payment':
        events = account.failNextPayment(subscription);
        break;
      case 'retry-payment':
        events = account.retryPayment(subscription);
        break;
      default:
        return portalPage(account, id, { error: 'Unknown action.' });
    }
  } catch (error) {
    if (error instanceof StripeApiError) return portalPage(account, id, { error: error.message });
    throw error;
  }
  await account.commit(events);
  return { status: 303, location: `/portal/${encodeURIComponent(id)}?done=${encodeURIComponent(action)}` };
};
