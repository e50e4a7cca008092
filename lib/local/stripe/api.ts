import {
  cancelSubscription,
  checkoutSession,
  createCheckoutSession,
  createPortalSession,
  listSubscriptions,
  updateSubscription,
} from './api-billing';
import { createCustomer, createPrice, createProduct, customer, listPrices, price, product, updatePrice, updateProduct } from './api-catalog';
import { newestFirst, page, read, type ApiRequest, type ApiResult, type Handler } from './api-support';
import type { StripeAccount } from './billing';
import {
  checkoutSessionObject,
  customerObject,
  expand,
  lineItemsList,
  priceObject,
  productObject,
  subscriptionObject,
  type StripeObject,
} from './objects';
import { StripeApiError, expandPaths, noSuch, onlyKnown, str, stringList } from './params';

/**
 * The REST endpoints of Stripe's API the product uses, with Stripe's validation and errors. Each
 * handler reads the request's params and answers an object (events it caused go out after it).
 */
export type { ApiRequest, ApiResult } from './api-support';

const event = (account: StripeAccount, id: string) => {
  const found = account.store.events.find((candidate) => candidate.id === id);
  if (!found) throw noSuch('event', id);
  return found;
};

const listEvents: Handler = (account, { params }) => {
  onlyKnown(params, ['type', 'types', 'limit', 'starting_after', 'ending_before']);
  const type = str(params, 'type');
  const types = stringList(params, 'types');
  const matches = (name: string) =>
    (type === undefined || new RegExp(`^${type.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`).test(name)) &&
    (types === undefined || types.includes(name));
  const matching = newestFirst(account.store.events).filter((candidate) => matches(candidate.type));
  return read(page(matching as unknown as StripeObject[], params, '/v1/events'));
};

const routes: [method: string, pattern: RegExp, handler: Handler][] = [
  ['POST', /^\/v1\/products$/, createProduct],
  ['GET', /^\/v1\/products\/([^/]+)$/, (account, { params }, [id]) => (onlyKnown(params, []), read(productObject(product(account, id!))))],
  ['POST', /^\/v1\/products\/([^/]+)$/, updateProduct],
  ['POST', /^\/v1\/prices$/, createPrice],
  ['GET', /^\/v1\/prices$/, listPrices],
  ['GET', /^\/v1\/prices\/([^/]+)$/, (account, { params }, [id]) => (onlyKnown(params, []), read(priceObject(price(account, id!))))],
  ['POST', /^\/v1\/prices\/([^/]+)$/, updatePrice],
  ['POST', /^\/v1\/customers$/, createCustomer],
  ['GET', /^\/v1\/customers\/([^/]+)$/, (account, { params }, [id]) => (onlyKnown(params, []), read(customerObject(customer(account, id!))))],
  ['POST', /^\/v1\/checkout\/sessions$/, createCheckoutSession],
  [
    'GET',
    /^\/v1\/checkout\/sessions\/([^/]+)$/,
    (account, { params }, [id]) => (
      onlyKnown(params, []),
      read(checkoutSessionObject(account.store, checkoutSession(account, id!), account.endpoint))
    ),
  ],
  [
    'GET',
    /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
    (account, { params }, [id]) => {
      onlyKnown(params, ['limit', 'starting_after', 'ending_before']);
      const session = checkoutSession(account, id!);
      return read(page(lineItemsList(account.store, session).data as StripeObject[], params, `/v1/checkout/sessions/${session.id}/line_items`));
    },
  ],
  ['POST', /^\/v1\/billing_portal\/sessions$/, createPortalSession],
  ['GET', /^\/v1\/subscriptions$/, listSubscriptions],
  [
    'GET',
    /^\/v1\/subscriptions\/([^/]+)$/,
    (account, { params }, [id]) => (onlyKnown(params, []), read(subscriptionObject(account.store, account.subscription(id!)))),
  ],
  ['POST', /^\/v1\/subscriptions\/([^/]+)$/, updateSubscription],
  ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, cancelSubscription],
  ['GET', /^\/v1\/events$/, listEvents],
  ['GET', /^\/v1\/events\/([^/]+)$/, (account, { params }, [id]) => (onlyKnown(params, []), read(event(account, id!) as unknown as StripeObject))],
];

/** Runs the endpoint a request names (with `expand[]` applied to its answer), or raises Stripe's 404. */
export const handleApi = (account: StripeAccount, request: ApiRequest): ApiResult => {
  for (const [method, pattern, handler] of routes) {
    const match = pattern.exec(request.path);
    if (!match || method !== request.method) continue;
    const ids = match.slice(1).map((segment) => decodeURIComponent(segment));
    const result = handler(account, request, ids);
    const paths = expandPaths(request.params);
    return paths.length > 0 ? { ...result, body: expand(account.store, structuredClone(result.body), paths) } : result;
  }
  throw new StripeApiError(
    404,
    `Unrecognized request URL (${request.method}: ${request.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );
};
