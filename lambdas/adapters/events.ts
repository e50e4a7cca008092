import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { PRODUCT_EVENTS, type InterviewCompletedDetail, type ProductEventType } from '../contracts/product-events';
import { readEnv } from '../platform/env';
import { sdkClientSettings } from '../platform/sdk-config';

/** EventBridge, for the product's own events (grant events:put); its endpoint comes from AWS_ENDPOINT_URL_EVENTBRIDGE locally. */
const eventBridge = /* @__PURE__ */ new EventBridgeClient(/* @__PURE__ */ sdkClientSettings('eventBridge'));

export class EventNotPublished extends Error {}

/** Puts one product event on the stage's bus; throws when EventBridge did not take it. */
export const publishEvent = async (detailType: ProductEventType, detail: InterviewCompletedDetail): Promise<void> => {
  const { FailedEntryCount, Entries } = await eventBridge.send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: readEnv('EVENT_BUS_NAME').EVENT_BUS_NAME,
          Source: PRODUCT_EVENTS.source,
          DetailType: detailType,
          Detail: JSON.stringify(detail),
        },
      ],
    }),
  );
  if (FailedEntryCount) throw new EventNotPublished(`${Entries?.[0]?.ErrorCode ?? 'Failed'}: ${Entries?.[0]?.ErrorMessage ?? ''}`);
};
