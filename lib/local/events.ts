import { eventFunctionEntries, matchesPattern } from '../../lambdas/event-rules';
import { invokeHandler } from './lambda-runtime';
import { sleep } from './net';

/**
 * EventBridge, locally: an event an AWS service would put on the default bus (IVS's recording state
 * changes) goes to every function whose rule's pattern matches it (lambdas/event-rules.ts, the table
 * CDK makes the rules from), run as Lambda runs it. Lambda invokes a rule's target asynchronously and
 * retries a failure twice; so does this, then logs it (in AWS it would go to the dead-letter queue).
 */
export interface EventBridgeEvent {
  version: string;
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: Record<string, unknown>;
}

const ATTEMPTS = 3;

export const createEventDelivery =
  (log: (msg: string, fields?: Record<string, unknown>) => void = () => undefined) =>
  async (event: EventBridgeEvent): Promise<void> => {
    const targets = eventFunctionEntries.filter(([, definition]) => matchesPattern(definition.pattern, event));
    await Promise.all(
      targets.map(async ([id, definition]) => {
        for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
          try {
            await invokeHandler(definition.handler, event);
            return;
          } catch (error) {
            log('event delivery failed', {
              function: id,
              detailType: event['detail-type'],
              eventId: event.id,
              attempt,
              error: error instanceof Error ? error.message : String(error),
            });
            if (attempt < ATTEMPTS) await sleep(1000 * attempt);
          }
        }
      }),
    );
  };

/** Delivers one event to the matching functions, logging failures to the console. */
export const deliverEvent = createEventDelivery((msg, fields) => console.error(JSON.stringify({ level: 'error', msg, ...fields })));
