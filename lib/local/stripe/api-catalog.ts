import type { StripeAccount } from './billing';
import { customerObject, priceObject, productObject } from './objects';
import { StripeApiError, bool, emptyable, int, metadataUpdate, noSuch, oneOf, onlyKnown, str, stringList } from './params';
import { newId, unixNow, type Interval, type PriceRecord } from './store';
import { currencyParam, newestFirst, page, read, wrote, type Handler } from './api-support';

/** The catalogue and customers: products, prices (with lookup keys) and customers. */
/** Sets a price's lookup key, taking it from the price that has it when `transfer_lookup_key` says so. */
const claimLookupKey = (account: StripeAccount, price: PriceRecord, key: string | null | undefined, transfer: boolean | undefined) => {
  if (key === undefined) return;
  if (key !== null) {
    const holder = account.store.priceByLookupKey(key);
    if (holder && holder.id !== price.id) {
      if (!transfer) throw new StripeApiError(400, `A price (\`${holder.id}\`) already uses that lookup key.`, { param: 'lookup_key' });
      holder.lookup_key = null;
    }
  }
  price.lookup_key = key;
};

export const product = (account: StripeAccount, id: string) => {
  const found = account.store.products.get(id);
  if (!found) throw noSuch('product', id);
  return found;
};
export const price = (account: StripeAccount, id: string) => {
  const found = account.store.prices.get(id);
  if (!found) throw noSuch('price', id);
  return found;
};

export const createProduct: Handler = (account, { params }) => {
  onlyKnown(params, ['id', 'name', 'description', 'metadata', 'active']);
  const id = str(params, 'id', { max: 200 }) || newId('prod_', 14);
  if (account.store.products.has(id)) throw new StripeApiError(400, 'Product already exists.', { param: 'id', code: 'resource_already_exists' });
  const now = unixNow();
  const record = {
    id,
    created: now,
    updated: now,
    name: str(params, 'name', { required: true, max: 250 })!,
    description: emptyable(params, 'description') ?? null,
    active: bool(params, 'active') ?? true,
    metadata: metadataUpdate(params, 'metadata') ?? {},
  };
  account.store.products.set(id, record);
  return wrote(productObject(record));
};

export const updateProduct: Handler = (account, { params }, [id]) => {
  onlyKnown(params, ['name', 'description', 'metadata', 'active']);
  const record = product(account, id!);
  const name = str(params, 'name', { max: 250 });
  if (name === '') throw new StripeApiError(400, 'You cannot set the name of a product to an empty string.', { param: 'name' });
  if (name !== undefined) record.name = name;
  const description = emptyable(params, 'description');
  if (description !== undefined) record.description = description;
  record.active = bool(params, 'active') ?? record.active;
  record.metadata = metadataUpdate(params, 'metadata', record.metadata) ?? record.metadata;
  record.updated = unixNow();
  return wrote(productObject(record));
};

export const createPrice: Handler = (account, { params }) => {
  onlyKnown(params, [
    'product',
    'currency',
    'unit_amount',
    'recurring.interval',
    'recurring.interval_count',
    'lookup_key',
    'transfer_lookup_key',
    'nickname',
    'metadata',
    'active',
  ]);
  const productId = str(params, 'product', { required: true })!;
  if (!account.store.products.has(productId)) throw noSuch('product', productId, 'product');
  const currency = currencyParam(params);
  const unitAmount = int(params, 'unit_amount', { required: true, min: 0 })!;
  let recurring: PriceRecord['recurring'] = null;
  if (params.recurring !== undefined) {
    const interval = oneOf<Interval>(params, 'recurring.interval', ['day', 'week', 'month', 'year'], { required: true })!;
    recurring = { interval, interval_count: int(params, 'recurring.interval_count', { min: 1 }) ?? 1 };
  }
  const record: PriceRecord = {
    id: newId('price_'),
    created: unixNow(),
    product: productId,
    currency,
    unit_amount: unitAmount,
    recurring,
    lookup_key: null,
    nickname: emptyable(params, 'nickname') ?? null,
    active: bool(params, 'active') ?? true,
    metadata: metadataUpdate(params, 'metadata') ?? {},
  };
  claimLookupKey(account, record, emptyable(params, 'lookup_key', { max: 200 }), bool(params, 'transfer_lookup_key'));
  account.store.prices.set(record.id, record);
  return wrote(priceObject(record));
};

export const updatePrice: Handler = (account, { params }, [id]) => {
  onlyKnown(params, ['active', 'lookup_key', 'transfer_lookup_key', 'nickname', 'metadata']);
  const record = price(account, id!);
  claimLookupKey(account, record, emptyable(params, 'lookup_key', { max: 200 }), bool(params, 'transfer_lookup_key'));
  record.active = bool(params, 'active') ?? record.active;
  const nickname = emptyable(params, 'nickname');
  if (nickname !== undefined) record.nickname = nickname;
  record.metadata = metadataUpdate(params, 'metadata', record.metadata) ?? record.metadata;
  return wrote(priceObject(record));
};

export const listPrices: Handler = (account, { params }) => {
  onlyKnown(params, ['active', 'currency', 'product', 'type', 'lookup_keys', 'recurring.interval', 'limit', 'starting_after', 'ending_before']);
  const active = bool(params, 'active');
  const currency = str(params, 'currency')?.toLowerCase();
  const productId = str(params, 'product');
  const type = oneOf(params, 'type', ['one_time', 'recurring']);
  const lookupKeys = stringList(params, 'lookup_keys');
  if (lookupKeys && lookupKeys.length > 10) throw new StripeApiError(400, 'You may only specify up to 10 lookup keys.', { param: 'lookup_keys' });
  const interval = str(params, 'recurring.interval');
  const matching = newestFirst(account.store.prices.values()).filter(
    (record) =>
      (active === undefined || record.active === active) &&
      (currency === undefined || record.currency === currency) &&
      (productId === undefined || record.product === productId) &&
      (type === undefined || (type === 'recurring') === (record.recurring !== null)) &&
      (lookupKeys === undefined || (record.lookup_key !== null && lookupKeys.includes(record.lookup_key))) &&
      (interval === undefined || record.recurring?.interval === interval),
  );
  return read(page(matching.map(priceObject), params, '/v1/prices'));
};

export const createCustomer: Handler = (account, { params }) => {
  onlyKnown(params, ['name', 'email', 'metadata']);
  const record = {
    id: newId('cus_', 14),
    created: unixNow(),
    name: emptyable(params, 'name', { max: 256 }) ?? null,
    email: emptyable(params, 'email', { max: 512 }) ?? null,
    metadata: metadataUpdate(params, 'metadata') ?? {},
  };
  account.store.customers.set(record.id, record);
  return wrote(customerObject(record));
};

export const customer = (account: StripeAccount, id: string, param?: string) => {
  const found = account.store.customers.get(id);
  if (!found) throw noSuch('customer', id, param);
  return found;
};
