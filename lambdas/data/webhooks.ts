import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { WebhookEventType } from '../contracts/webhook-events';
import type { DeliveredEventType } from '../contracts/webhook-events';
import type { WebhookDeliveryOutcome, WebhookDisabledReason } from '../contracts/webhooks';
import { WEBHOOK_DELIVERY_PAGE_SIZE } from '../contracts/webhooks';
import { db, tableName } from './client';
import { decodeCursor, encodeCursor } from './cursor';
import { epochSeconds, keys, sortKeyPrefixes } from './keys';
import { queryAll } from './query';

/**
 * Webhook endpoints (issue 38), in their company's partition (one Query lists them, for the settings
 * page and the fan-out alike), and each endpoint's delivery log, one item per attempt in a partition
 * of its own, newest first by the delivery id, kept 30 days (TTL).
 */

/** A signing secret as stored: sealed with KMS (lambdas/adapters/kms.ts); `expiresAt` set on the previous one during an overlap. */
export interface StoredWebhookSecret {
  sealed: string;
  createdAt: string;
  expiresAt: string | null;
}

export interface StoredWebhookEndpoint {
  endpointId: string;
  companyId: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
  disabledAt: string | null;
  failingSince: string | null;
  createdAt: string;
  /** The current secret first, then the previous one while it overlaps. */
  secrets: StoredWebhookSecret[];
}

const endpointFromItem = (item: Record<string, any>): StoredWebhookEndpoint => ({
  endpointId: item.endpointId,
  companyId: item.companyId,
  url: item.url,
  description: item.description ?? '',
  events: item.events ?? [],
  enabled: item.enabled === true,
  disabledReason: item.disabledReason ?? null,
  disabledAt: item.disabledAt ?? null,
  failingSince: item.failingSince ?? null,
  createdAt: item.createdAt,
  secrets: item.secrets ?? [],
});

export const putWebhookEndpoint = async (endpoint: StoredWebhookEndpoint): Promise<void> => {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.webhookEndpoint(endpoint.companyId, endpoint.endpointId), type: 'webhookEndpoint', ...endpoint },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
};

/** The company's endpoints in one Query (its partition's ENDPOINT# range), oldest first. */
export const listWebhookEndpoints = async (companyId: string): Promise<StoredWebhookEndpoint[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.company(companyId).PK, ':prefix': sortKeyPrefixes.webhookEndpoint },
    })
  )
    .map(endpointFromItem)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));

export const getWebhookEndpoint = async (companyId: string, endpointId: string): Promise<StoredWebhookEndpoint | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.webhookEndpoint(companyId, endpointId), ConsistentRead: true }));
  return Item ? endpointFromItem(Item) : null;
};

export type WebhookEndpointChanges = Partial<
  Pick<StoredWebhookEndpoint, 'url' | 'description' | 'events' | 'enabled' | 'disabledReason' | 'disabledAt' | 'failingSince' | 'secrets'>
>;

/** Sets the fields given (null removes a nullable one); null when the endpoint is gone. */
export const updateWebhookEndpoint = async (
  companyId: string,
  endpointId: string,
  changes: WebhookEndpointChanges,
): Promise<StoredWebhookEndpoint | null> => {
  const set: string[] = [];
  const remove: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    if (value === null) remove.push(`#${field}`);
    else {
      set.push(`#${field} = :${field}`);
      values[`:${field}`] = value;
    }
  }
  names['#updatedAt'] = 'updatedAt';
  set.push('#updatedAt = :updatedAt');
  values[':updatedAt'] = new Date().toISOString();
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookEndpoint(companyId, endpointId),
        UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? endpointFromItem(Attributes) : null;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
};

/** Removes an endpoint; false when it was not there. */
export const deleteWebhookEndpoint = async (companyId: string, endpointId: string): Promise<boolean> => {
  const { Attributes } = await db.send(
    new DeleteCommand({ TableName: tableName(), Key: keys.webhookEndpoint(companyId, endpointId), ReturnValues: 'ALL_OLD' }),
  );
  return Attributes !== undefined;
};

/**
 * A failed attempt: the endpoint's failure clock starts now unless it already runs. Answers the
 * endpoint as it now is (null when it is gone).
 */
export const recordEndpointFailure = async (companyId: string, endpointId: string, at: string): Promise<StoredWebhookEndpoint | null> => {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookEndpoint(companyId, endpointId),
        UpdateExpression: 'SET failingSince = if_not_exists(failingSince, :at)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': at },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? endpointFromItem(Attributes) : null;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
};

/** A delivered attempt: the failure clock stops (only written when it ran). */
export const clearEndpointFailure = async (companyId: string, endpointId: string): Promise<void> => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookEndpoint(companyId, endpointId),
        UpdateExpression: 'REMOVE failingSince',
        ConditionExpression: 'attribute_exists(failingSince)',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

/**
 * Disables an endpoint that has been failing since `cutoff` or before, if it is still enabled and
 * still failing: true for the one call that did it (so its owner is e-mailed once).
 */
export const disableFailingEndpoint = async (companyId: string, endpointId: string, cutoff: string, at: string): Promise<boolean> => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookEndpoint(companyId, endpointId),
        UpdateExpression: 'SET enabled = :false, disabledReason = :failing, disabledAt = :at',
        ConditionExpression: 'enabled = :true AND failingSince <= :cutoff',
        ExpressionAttributeValues: { ':false': false, ':true': true, ':failing': 'failing', ':at': at, ':cutoff': cutoff },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/** The delivery log is kept this long. */
export const WEBHOOK_LOG_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface StoredWebhookDelivery {
  deliveryId: string;
  endpointId: string;
  at: string;
  eventId: string;
  eventType: DeliveredEventType;
  attempt: number;
  statusCode: number | null;
  latencyMs: number | null;
  responseExcerpt: string;
  outcome: WebhookDeliveryOutcome;
  error: string | null;
  nextAttemptAt: string | null;
  /** The exact body sent (JSON text), so a resend sends the same event. */
  body: string;
}

const deliveryFromItem = (item: Record<string, any>): StoredWebhookDelivery => ({
  deliveryId: item.deliveryId,
  endpointId: item.endpointId,
  at: item.at,
  eventId: item.eventId,
  eventType: item.eventType,
  attempt: item.attempt,
  statusCode: item.statusCode ?? null,
  latencyMs: item.latencyMs ?? null,
  responseExcerpt: item.responseExcerpt ?? '',
  outcome: item.outcome,
  error: item.error ?? null,
  nextAttemptAt: item.nextAttemptAt ?? null,
  body: item.body,
});

export const putWebhookDelivery = async (delivery: StoredWebhookDelivery): Promise<void> => {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.webhookDelivery(delivery.endpointId, delivery.deliveryId),
        type: 'webhookDelivery',
        ...delivery,
        ttl: epochSeconds(new Date(delivery.at)) + WEBHOOK_LOG_TTL_SECONDS,
      },
    }),
  );
};

export const getWebhookDelivery = async (endpointId: string, deliveryId: string): Promise<StoredWebhookDelivery | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.webhookDelivery(endpointId, deliveryId) }));
  return Item ? deliveryFromItem(Item) : null;
};

/** A page of the endpoint's log, newest first: one Query. */
export const listWebhookDeliveries = async (
  endpointId: string,
  cursor: string | undefined,
): Promise<{ deliveries: StoredWebhookDelivery[]; cursor: string | null }> => {
  const { PK } = keys.webhookDelivery(endpointId, '');
  const start = decodeCursor(cursor, ['PK', 'SK'], (key) => key.PK === PK && key.SK.startsWith(sortKeyPrefixes.webhookDelivery));
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': sortKeyPrefixes.webhookDelivery },
      ScanIndexForward: false,
      Limit: WEBHOOK_DELIVERY_PAGE_SIZE,
      ExclusiveStartKey: start,
    }),
  );
  return { deliveries: (page.Items ?? []).map(deliveryFromItem), cursor: encodeCursor(page.LastEvaluatedKey) };
};
