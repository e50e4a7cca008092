import { expect } from 'vitest';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_HEADERS } from '../../lambdas/contracts/webhook-events';
import { baseUrl, call } from './api';

/**
 * The local webhook receiver (/_local/webhooks, lib/local/webhook-receiver.ts) from the api tests:
 * an endpoint of the owner's company pointed at a receiver of a name of the test's own, and what
 * arrived there, with the receiver's own check of each signature (given the endpoint's secret).
 */
export interface ReceivedDelivery {
  id: string;
  name: string;
  headers: Record<string, string>;
  body: string;
  answered: number | 'timeout';
  signature?: string;
}

/** A delivered event: the envelope as the wire has it (snake_case), with its delivery's headers and signature check. */
export interface ReceivedEvent {
  id: string;
  type: string;
  api_version: string;
  created_at: string;
  company_id: string;
  data: Record<string, any>;
  headers: Record<string, string>;
  signature?: string;
}

let counter = 0;
/** A receiver name no other test uses. */
export const receiverName = (label: string) => `${label}-${Date.now().toString(36)}-${(counter += 1)}`;

export const receiverUrl = (name: string) => `${baseUrl()}/_local/webhooks/receive/${name}`;

/** What the receiver `name` got, newest first (`secret`: each with the receiver's signature check under it). */
export const receivedBy = async (name: string, secret?: string): Promise<ReceivedDelivery[]> => {
  const query = new URLSearchParams({ format: 'json', name, ...(secret ? { secret } : {}) });
  const res = await fetch(`${baseUrl()}/_local/webhooks?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { received: ReceivedDelivery[] }).received;
};

/** The events the receiver got, oldest first, parsed. */
export const eventsReceivedBy = async (name: string, secret?: string): Promise<ReceivedEvent[]> =>
  (await receivedBy(name, secret))
    .filter((delivery) => delivery.answered !== 'timeout' && delivery.answered < 300)
    .reverse()
    .map((delivery) => ({
      ...(JSON.parse(delivery.body) as Omit<ReceivedEvent, 'headers'>),
      headers: delivery.headers,
      signature: delivery.signature,
    }));

/** An endpoint of the owner's company at the receiver `name`, subscribed to `events` (every event type by default); its id and secret. */
export const webhookEndpointAt = async (
  owner: { companyId: string; sessionId: string },
  name: string,
  events: readonly string[] = WEBHOOK_EVENT_TYPES,
): Promise<{ endpointId: string; secret: string }> => {
  const created = await call('createWebhookEndpoint', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { url: receiverUrl(name), events: [...events], description: 'test receiver' },
  });
  expect(created.status).toBe(201);
  return { endpointId: created.body.endpoint_id as string, secret: created.body.secret as string };
};

/** Reads until `done` holds or `timeoutMs` passed, and returns the last read (the caller's expect says what was missing). */
export const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** The delivery's event id header, as the receiver recorded it (Node lowercases header names). */
export const eventIdHeader = (event: ReceivedEvent) => event.headers[WEBHOOK_HEADERS.eventId.toLowerCase()];
