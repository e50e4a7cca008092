import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Metadata } from './params';

/**
 * The stand-in's account: what the API has created, kept in memory and written to one JSON file
 * after every change, so `npm start` finds its customers and subscriptions again after a restart.
 * Records hold ids where Stripe objects reference each other; objects.ts renders them as Stripe does.
 */
export type Interval = 'day' | 'week' | 'month' | 'year';

export interface ProductRecord {
  id: string;
  created: number;
  updated: number;
  name: string;
  description: string | null;
  active: boolean;
  metadata: Metadata;
}

export interface PriceRecord {
  id: string;
  created: number;
  product: string;
  currency: string;
  unit_amount: number;
  recurring: { interval: Interval; interval_count: number } | null;
  lookup_key: string | null;
  nickname: string | null;
  active: boolean;
  metadata: Metadata;
}

export interface CustomerRecord {
  id: string;
  created: number;
  name: string | null;
  email: string | null;
  metadata: Metadata;
}

export interface LineItemRecord {
  id: string;
  price: string;
  quantity: number;
}

export interface CheckoutSessionRecord {
  id: string;
  created: number;
  expires_at: number;
  mode: 'payment' | 'subscription';
  customer: string | null;
  customer_email: string | null;
  line_items: LineItemRecord[];
  currency: string;
  success_url: string | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  metadata: Metadata;
  subscription_metadata: Metadata;
  payment_intent_metadata: Metadata;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  subscription: string | null;
  invoice: string | null;
}

export interface PortalSessionRecord {
  id: string;
  created: number;
  customer: string;
  return_url: string | null;
}

export interface SubscriptionItemRecord {
  id: string;
  created: number;
  price: string;
  quantity: number;
}

export interface SubscriptionRecord {
  id: string;
  created: number;
  customer: string;
  currency: string;
  status: 'active' | 'past_due' | 'canceled';
  items: SubscriptionItemRecord[];
  current_period_start: number;
  current_period_end: number;
  billing_cycle_anchor: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_reason: 'cancellation_requested' | 'payment_failed' | null;
  metadata: Metadata;
  latest_invoice: string | null;
}

export interface InvoiceRecord {
  id: string;
  created: number;
  customer: string;
  subscription: string;
  currency: string;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  status: 'open' | 'paid';
  period_start: number;
  period_end: number;
  lines: { id: string; price: string; quantity: number; subscription_item: string; period_start: number; period_end: number }[];
  attempt_count: number;
  paid_at: number | null;
  subscription_metadata: Metadata;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
}

export interface IdempotencyRecord {
  fingerprint: string;
  status: number;
  body: string;
  at: number;
}

interface SavedState {
  products: ProductRecord[];
  prices: PriceRecord[];
  customers: CustomerRecord[];
  checkoutSessions: CheckoutSessionRecord[];
  portalSessions: PortalSessionRecord[];
  subscriptions: SubscriptionRecord[];
  invoices: InvoiceRecord[];
  events: StripeEvent[];
  idempotency: [string, IdempotencyRecord][];
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id like Stripe's: its prefix and random base62 characters. */
export const newId = (prefix: string, length = 24): string => prefix + Array.from(randomBytes(length), (byte) => BASE62[byte % 62]).join('');

export const unixNow = (): number => Math.floor(Date.now() / 1000);

const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
const EVENT_TTL_SECONDS = 30 * 24 * 60 * 60;

export class StripeStore {
  readonly products = new Map<string, ProductRecord>();
  readonly prices = new Map<string, PriceRecord>();
  readonly customers = new Map<string, CustomerRecord>();
  readonly checkoutSessions = new Map<string, CheckoutSessionRecord>();
  readonly portalSessions = new Map<string, PortalSessionRecord>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly events: StripeEvent[] = [];
  /** Responses of POSTs by `Idempotency-Key`, replayed for 24 hours. */
  readonly idempotency = new Map<string, IdempotencyRecord>();

  constructor(private readonly file: string) {
    if (!existsSync(file)) return;
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<SavedState>;
    const fill = <T extends { id: string }>(map: Map<string, T>, records: T[] | undefined) =>
      records?.forEach((record) => map.set(record.id, record));
    fill(this.products, saved.products);
    fill(this.prices, saved.prices);
    fill(this.customers, saved.customers);
    fill(this.checkoutSessions, saved.checkoutSessions);
    fill(this.portalSessions, saved.portalSessions);
    fill(this.subscriptions, saved.subscriptions);
    fill(this.invoices, saved.invoices);
    // Stripe keeps events for 30 days and idempotent responses for 24 hours.
    const now = unixNow();
    this.events.push(...(saved.events ?? []).filter((event) => now - event.created < EVENT_TTL_SECONDS));
    for (const [key, record] of saved.idempotency ?? []) if (now - record.at < IDEMPOTENCY_TTL_SECONDS) this.idempotency.set(key, record);
  }

  idempotent(key: string): IdempotencyRecord | undefined {
    const record = this.idempotency.get(key);
    if (record && unixNow() - record.at >= IDEMPOTENCY_TTL_SECONDS) {
      this.idempotency.delete(key);
      return undefined;
    }
    return record;
  }

  /** The price that holds a lookup key, if any. */
  priceByLookupKey(key: string): PriceRecord | undefined {
    return [...this.prices.values()].find((price) => price.lookup_key === key);
  }

  /** Writes the whole account (atomically: a crash mid-write never leaves half a file). */
  save(): void {
    const state: SavedState = {
      products: [...this.products.values()],
      prices: [...this.prices.values()],
      customers: [...this.customers.values()],
      checkoutSessions: [...this.checkoutSessions.values()],
      portalSessions: [...this.portalSessions.values()],
      subscriptions: [...this.subscriptions.values()],
      invoices: [...this.invoices.values()],
      events: this.events,
      idempotency: [...this.idempotency.entries()],
    };
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, this.file);
  }
}
