import { randomUUID } from 'node:crypto';
import { ServiceError, startAwsJsonService, type AwsJsonService } from './aws-json-service';
import type { EventBridgeEvent } from './events';

/**
 * EventBridge's PutEvents, locally (AWS JSON 1.1, `X-Amz-Target: AWSEvents.PutEvents`), so the
 * functions granted events:put publish through their SDK client and AWS_ENDPOINT_URL_EVENTBRIDGE
 * unchanged. Each entry becomes the event EventBridge would deliver and goes to `deliver` (the rules
 * of lambdas/event-rules.ts, lib/local/events.ts) after the call has answered, as EventBridge invokes
 * a rule's target asynchronously: the publisher never waits for the work it handed over.
 */
export interface EventBridgeLocal extends AwsJsonService {
  /** Waits for the deliveries under way (the stack stops it before the functions' runtime). */
  drain(): Promise<void>;
  /** An event an AWS service puts on the bus (the SES stand-in's): delivered after the caller goes on, like PutEvents' entries. */
  put(event: EventBridgeEvent): void;
}

const MAX_ENTRIES = 10;

export const startEventBridgeLocal = async (options: {
  region: string;
  account?: string;
  deliver: (event: EventBridgeEvent) => Promise<void>;
}): Promise<EventBridgeLocal> => {
  const inFlight = new Set<Promise<void>>();
  const deliverLater = (event: EventBridgeEvent) => {
    const delivery: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => options.deliver(event))
      .finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  };
  const service = await startAwsJsonService({
    targetPrefix: 'AWSEvents',
    name: 'EventBridge',
    internalErrorType: 'InternalException',
    operations: {
      PutEvents: (input) => {
        const entries = input.Entries;
        if (!Array.isArray(entries) || entries.length === 0 || entries.length > MAX_ENTRIES)
          throw new ServiceError('ValidationException', `Entries must hold 1 to ${MAX_ENTRIES} events.`);
        const results = entries.map((entry: Record<string, unknown>) => {
          const { Source: source, DetailType: detailType, Detail: detail } = entry;
          if (typeof source !== 'string' || typeof detailType !== 'string' || typeof detail !== 'string')
            return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Source, DetailType and Detail are required.' };
          let parsed: unknown;
          try {
            parsed = JSON.parse(detail);
          } catch {
            return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is not valid JSON.' };
          }
          const id = randomUUID();
          const event: EventBridgeEvent = {
            version: '0',
            id,
            'detail-type': detailType,
            source,
            account: options.account ?? '000000000000',
            time: new Date().toISOString(),
            region: options.region,
            resources: Array.isArray(entry.Resources) ? (entry.Resources as string[]) : [],
            detail: parsed as Record<string, unknown>,
          };
          deliverLater(event);
          return { EventId: id };
        });
        return { FailedEntryCount: results.filter((result) => 'ErrorCode' in result).length, Entries: results };
      },
    },
  });
  return {
    ...service,
    put: deliverLater,
    drain: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
};
