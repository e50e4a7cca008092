import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { PRODUCT_EVENTS } from '../../lambdas/contracts/product-events';
import { WEBHOOK_API_VERSION } from '../../lambdas/contracts/webhook-events';
import { goal, median, printTable, type StackContext } from './support';

/**
 * Outgoing webhooks (issue 38): 1,000 `Webhook event`s put on the local EventBridge, fanned out to 3
 * endpoints of one company (the local receiver), all through the SQS stand-in and the delivery function
 * as in AWS. Counted: every (event, endpoint) delivered, and none twice; timed: each delivery's latency
 * from the event's creation to its arrival at the receiver (median and p95), and the whole run.
 */
const EVENTS = 1000;
const ENDPOINTS = 3;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

export const webhookFigure = async (ctx: StackContext) => {
  const run = Date.now().toString(36);
  const names = Array.from({ length: ENDPOINTS }, (_, i) => `bench-${run}-${i + 1}`);
  for (const name of names) {
    const created = await ctx.api('createWebhookEndpoint', {
      params: { companyId: ctx.companyId },
      session: ctx.session,
      body: { url: `${ctx.url}/_local/webhooks/receive/${name}`, events: ['candidate.invited'], description: 'Bench' },
    });
    if (!created.endpoint_id) throw new Error(`createWebhookEndpoint: ${JSON.stringify(created)}`);
  }
  const eventBridge = new EventBridgeClient({
    endpoint: ctx.env.AWS_ENDPOINT_URL_EVENTBRIDGE,
    region: ctx.env.AWS_REGION,
    credentials: { accessKeyId: ctx.env.AWS_ACCESS_KEY_ID!, secretAccessKey: ctx.env.AWS_SECRET_ACCESS_KEY! },
  });
  const started = performance.now();
  const ids = Array.from({ length: EVENTS }, (_, i) => `evt_bench_${run}_${i}`);
  for (let i = 0; i < ids.length; i += 10) {
    const { FailedEntryCount } = await eventBridge.send(
      new PutEventsCommand({
        Entries: ids.slice(i, i + 10).map((id) => ({
          Source: PRODUCT_EVENTS.source,
          DetailType: PRODUCT_EVENTS.webhookEvent,
          Detail: JSON.stringify({
            id,
            type: 'candidate.invited',
            apiVersion: WEBHOOK_API_VERSION,
            createdAt: new Date().toISOString(),
            companyId: ctx.companyId,
            data: { candidateId: id, candidateName: 'Bench Candidate' },
          }),
        })),
      }),
    );
    if (FailedEntryCount) throw new Error(`PutEvents refused ${FailedEntryCount} events`);
  }
  const expected = EVENTS * ENDPOINTS;
  type Received = { name: string; received_at: string; body: string; event_id: string | null };
  let arrived: Received[] = [];
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    const all = ((await (await fetch(`${ctx.url}/_local/webhooks?format=json`)).json()) as { received: Received[] }).received;
    arrived = all.filter((entry) => names.includes(entry.name));
    if (arrived.length >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  // Let anything that would arrive twice do so before counting.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const all = ((await (await fetch(`${ctx.url}/_local/webhooks?format=json`)).json()) as { received: Received[] }).received;
  arrived = all.filter((entry) => names.includes(entry.name));
  const seconds = (performance.now() - started) / 1000;
  const pairs = new Map<string, number>();
  for (const entry of arrived) pairs.set(`${entry.name} ${entry.event_id}`, (pairs.get(`${entry.name} ${entry.event_id}`) ?? 0) + 1);
  const missing = names.flatMap((name) => ids.filter((id) => !pairs.has(`${name} ${id}`))).length;
  const twice = [...pairs.values()].filter((count) => count > 1).length;
  const latencies = arrived.map((entry) => Date.parse(entry.received_at) - Date.parse((JSON.parse(entry.body) as { created_at: string }).created_at));
  const p50 = latencies.length ? median(latencies) : NaN;
  const p95 = latencies.length ? percentile(latencies, 95) : NaN;
  console.log(`\nWebhook fan-out (${EVENTS} events to ${ENDPOINTS} endpoints, EventBridge → fan-out → SQS → delivery, local stack)\n`);
  printTable(
    ['deliveries', 'missing', 'delivered twice', 'latency median ms', 'latency p95 ms', 'whole run s'],
    [[String(arrived.length), String(missing), String(twice), p50.toFixed(0), p95.toFixed(0), seconds.toFixed(1)]],
  );
  goal({
    figure: `Webhook fan-out, ${EVENTS} events × ${ENDPOINTS} endpoints`,
    value: `${arrived.length} delivered, ${missing} missing, ${twice} twice; latency median ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms; ${seconds.toFixed(0)} s in all`,
    goal: 'every (event, endpoint) delivered exactly once; a delivery within seconds of its event on a laptop',
    met: missing === 0 && twice === 0 && arrived.length === expected,
  });
};
