import { createHmac } from 'node:crypto';
import { unixNow, type StripeEvent } from './store';

/**
 * Webhook delivery as `stripe listen --forward-to` does it: each event POSTed as JSON to one URL,
 * signed with the endpoint's secret, in order and one at a time; a non-2xx answer or a network error
 * is retried with backoff before the next event goes out.
 */

/** `Stripe-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret>`. */
export const signatureHeader = (payload: string, secret: string, timestamp = unixNow()): string =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;

export interface WebhookDeliveryOptions {
  url: string;
  secret: string;
  log: (msg: string, fields?: Record<string, unknown>) => void;
  /** Waits before the 2nd, 3rd… attempt; its length + 1 is the number of attempts. */
  retryDelaysMs?: number[];
  /** How long one attempt may take (a function's first call is its cold start). */
  attemptTimeoutMs?: number;
}

export interface WebhookDelivery {
  /**
   * Queues events for delivery. Resolves once each has had its first attempt, or as soon as the queue
   * is held up retrying (a page action never waits for retries, only for the first try of its events).
   */
  send(events: StripeEvent[]): Promise<void>;
  /** Resolves when every queued event has been delivered or given up on. */
  idle(): Promise<void>;
  stop(): void;
}

interface Queued {
  event: StripeEvent;
  attempted: () => void;
}

export const startWebhookDelivery = (options: WebhookDeliveryOptions): WebhookDelivery => {
  const delays = options.retryDelaysMs ?? [500, 1000, 2000, 4000];
  const timeoutMs = options.attemptTimeoutMs ?? 30_000;
  const queue: Queued[] = [];
  let running = false;
  let retrying = false;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];
  const inFlight = new Set<AbortController>();
  const timers = new Set<{ timer: NodeJS.Timeout; done: () => void }>();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = { timer: setTimeout(() => (timers.delete(entry), resolve()), ms), done: resolve };
      timers.add(entry);
    });

  /** One POST; resolves with what went wrong, or undefined when the endpoint answered 2xx. */
  const attempt = async (event: StripeEvent): Promise<string | undefined> => {
    const payload = JSON.stringify(event, null, 2);
    const controller = new AbortController();
    inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, options.secret),
        },
        body: payload,
        signal: controller.signal,
      });
      const text = await response.text();
      return response.ok ? undefined : `HTTP ${response.status}: ${text.slice(0, 200)}`;
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      return String(cause instanceof Error ? cause.message : error instanceof Error ? error.message : error);
    } finally {
      clearTimeout(timer);
      inFlight.delete(controller);
    }
  };

  const deliver = async (item: Queued) => {
    for (let number = 1; number <= delays.length + 1 && !stopped; number += 1) {
      const problem = await attempt(item.event);
      item.attempted();
      if (problem === undefined) return;
      if (stopped) return;
      if (number === 1) {
        // Later events wait behind this one's retries; the pages that sent them need not.
        retrying = true;
        for (const waiting of queue) waiting.attempted();
      }
      const fields = { event: item.event.id, type: item.event.type, url: options.url, attempt: number, problem };
      if (number > delays.length) {
        options.log('stripe stand-in: webhook not delivered, giving up', fields);
        return;
      }
      options.log('stripe stand-in: webhook delivery failed, retrying', { ...fields, retryInMs: delays[number - 1] });
      await pause(delays[number - 1]!);
    }
  };

  const run = async () => {
    if (running) return;
    running = true;
    while (queue.length > 0 && !stopped) {
      await deliver(queue[0]!);
      retrying = false;
      queue.shift();
    }
    running = false;
    const waiters = idleWaiters;
    idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  };

  return {
    send: (events) => {
      const attempts = events.map(
        (event) =>
          new Promise<void>((resolve) => {
            queue.push({ event, attempted: resolve });
            if (retrying || stopped) resolve();
          }),
      );
      void run();
      return Promise.all(attempts).then(() => undefined);
    },
    idle: () => (!stopped && (running || queue.length > 0) ? new Promise<void>((resolve) => idleWaiters.push(resolve)) : Promise.resolve()),
    stop: () => {
      stopped = true;
      for (const controller of inFlight) controller.abort(new Error('stopped'));
      for (const entry of timers) {
        clearTimeout(entry.timer);
        entry.done();
      }
      timers.clear();
      for (const waiting of queue) waiting.attempted();
    },
  };
};
