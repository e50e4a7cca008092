import type { RequestInfo, StripeAccount } from './billing';
import { listObject, type StripeObject } from './objects';
import { StripeApiError, int, noSuch, str, type Params } from './params';
import type { StripeEvent } from './store';

/** What the REST handlers share: the request and result shapes, list pagination, URL and currency params. */
export interface ApiRequest {
  method: string;
  path: string;
  params: Params;
  request: RequestInfo;
}

export interface ApiResult {
  body: StripeObject;
  events: StripeEvent[];
  /** Whether the account changed (and must be saved). */
  changed: boolean;
}

export type Handler = (account: StripeAccount, request: ApiRequest, ids: string[]) => ApiResult;

export const read = (body: StripeObject): ApiResult => ({ body, events: [], changed: false });
export const wrote = (body: StripeObject, events: StripeEvent[] = []): ApiResult => ({ body, events, changed: true });

const CURRENCIES = new Set(Intl.supportedValuesOf('currency').map((code) => code.toLowerCase()));

export const currencyParam = (params: Params): string => {
  const currency = str(params, 'currency', { required: true })!.toLowerCase();
  if (!CURRENCIES.has(currency)) throw new StripeApiError(400, `Invalid currency: ${currency}.`, { param: 'currency', code: 'parameter_invalid' });
  return currency;
};

export const urlParam = (params: Params, name: string): string | null => {
  const value = str(params, name, { max: 5000 });
  if (value === undefined || value === '') return null;
  if (!URL.canParse(value.replaceAll('{CHECKOUT_SESSION_ID}', 'x')))
    throw new StripeApiError(400, 'Not a valid URL', { param: name, code: 'url_invalid' });
  return value;
};

/** `limit`, `starting_after`, `ending_before` over objects newest first. */
export const page = (objects: StripeObject[], params: Params, url: string): StripeObject => {
  const limit = int(params, 'limit', { min: 1, max: 100 }) ?? 10;
  const after = str(params, 'starting_after');
  const before = str(params, 'ending_before');
  let from = 0;
  let to = objects.length;
  if (after) {
    const index = objects.findIndex((object) => object.id === after);
    if (index < 0) throw noSuch('object', after, 'starting_after');
    from = index + 1;
  } else if (before) {
    const index = objects.findIndex((object) => object.id === before);
    if (index < 0) throw noSuch('object', before, 'ending_before');
    to = index;
    from = Math.max(0, to - limit);
  }
  const data = objects.slice(from, Math.min(to, from + limit));
  return listObject(data, url, before ? from > 0 : from + data.length < to);
};

export const newestFirst = <T>(records: Iterable<T>): T[] => [...records].reverse();
