import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredSubscription, SubscriptionStatus } from '../domain/company';
import { db, tableName } from './client';
import { epochSeconds, keys } from './keys';
import { ConditionFailed, transact, type TransactionStep } from './transaction';
import { writeIf } from './conditional-write';

/**
 * Billing's items: the checkouts the SPA started (by its reference, so its status page can poll
 * them) and the Stripe events already applied. Every effect of an event (credits, subscription
 * status, a checkout's completion) is written in one transaction with the event's own item,
 * whose condition makes a replayed or concurrent duplicate change nothing.
 */
export type CheckoutStatus = 'open' | 'completed' | 'expired';

export interface Checkout {
  frontendReferenceId: string;
  companyId: string;
  userId: string;
  sessionId: string;
  lookupKey: string;
  status: CheckoutStatus;
  createdAt: string;
}

/** Applied events are kept long past Stripe's retries (up to three days). */
const EVENT_RETENTION_DAYS = 30;

export const getCheckout = async (frontendReferenceId: string): Promise<Checkout | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.checkout(frontendReferenceId), ConsistentRead: true }));
  return Item ? (Item as Checkout) : null;
};

/**
 * Records a checkout. The same reference again is fine for the same company and session (a
 * retried request); for anything else it is taken (false).
 */
export const saveCheckout = async (checkout: Omit<Checkout, 'status'>): Promise<boolean> => {
  return writeIf(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.checkout(checkout.frontendReferenceId), type: 'checkout', ...checkout, status: 'open' },
      ConditionExpression: 'attribute_not_exists(PK) OR (companyId = :companyId AND sessionId = :sessionId AND #status = :open)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':companyId': checkout.companyId, ':sessionId': checkout.sessionId, ':open': 'open' },
    }),
  );
};

/** Sets the company's Stripe customer unless it has one; returns the one it has now. */
export const setStripeCustomer = async (companyId: string, customerId: string): Promise<string> => {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.company(companyId),
      UpdateExpression: 'SET stripeCustomerId = if_not_exists(stripeCustomerId, :id)',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':id': customerId },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes!.stripeCustomerId as string;
};

/** `applied`, or `duplicate` when the event was applied before. */
export type EventOutcome = 'applied' | 'duplicate';

const eventStep = (eventId: string, eventType: string, now: Date): TransactionStep<'event'> => ({
  name: 'event',
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.stripeEvent(eventId),
        type: 'stripeEvent',
        eventType,
        appliedAt: now.toISOString(),
        ttl: epochSeconds(now) + EVENT_RETENTION_DAYS * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
});

const checkoutStep = (frontendReferenceId: string, companyId: string, status: CheckoutStatus): TransactionStep<'checkout'> => ({
  name: 'checkout',
  item: {
    Update: {
      TableName: tableName(),
      Key: keys.checkout(frontendReferenceId),
      UpdateExpression: 'SET #status = :status',
      // A completed checkout stays completed: one checkout is paid for once, whatever reports it.
      ConditionExpression: 'companyId = :companyId AND #status <> :completed',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':companyId': companyId, ':completed': 'completed' },
    },
  },
});

const once = async (steps: TransactionStep[]): Promise<EventOutcome> => {
  try {
    await transact(steps);
    return 'applied';
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'event') return 'duplicate';
    throw error;
  }
};

/** A paid pack: its credits join the company's allocation and its checkout completes. */
export const applyPackPurchase = (input: {
  eventId: string;
  eventType: string;
  companyId: string;
  candidates: number;
  frontendReferenceId: string;
  now: Date;
}): Promise<EventOutcome> =>
  once([
    eventStep(input.eventId, input.eventType, input.now),
    {
      name: 'company',
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.company(input.companyId),
          UpdateExpression: 'ADD credits.allocated :n',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':n': input.candidates },
        },
      },
    },
    checkoutStep(input.frontendReferenceId, input.companyId, 'completed'),
  ]);

/**
 * A subscription's latest state. `expected` is what the status was computed from: if the company
 * changed meanwhile (another event), the `company` step fails and the caller reads and decides again.
 */
export const applySubscription = (input: {
  eventId: string;
  eventType: string;
  companyId: string;
  expected: { subscriptionStatus: SubscriptionStatus; subscriptionId: string | null };
  next: { subscriptionStatus: SubscriptionStatus; subscription: StoredSubscription } | null;
  checkout?: { frontendReferenceId: string; status: CheckoutStatus };
  now: Date;
}): Promise<EventOutcome> => {
  const steps: TransactionStep[] = [eventStep(input.eventId, input.eventType, input.now)];
  if (input.next) {
    steps.push({
      name: 'company',
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.company(input.companyId),
          UpdateExpression: 'SET subscriptionStatus = :status, subscription = :subscription',
          ConditionExpression:
            input.expected.subscriptionId === null
              ? 'subscriptionStatus = :expectedStatus AND (attribute_not_exists(subscription) OR subscription = :null)'
              : 'subscriptionStatus = :expectedStatus AND subscription.subscriptionId = :expectedId',
          ExpressionAttributeValues: {
            ':status': input.next.subscriptionStatus,
            ':subscription': input.next.subscription,
            ':expectedStatus': input.expected.subscriptionStatus,
            ...(input.expected.subscriptionId === null ? { ':null': null } : { ':expectedId': input.expected.subscriptionId }),
          },
        },
      },
    });
  }
  if (input.checkout) steps.push(checkoutStep(input.checkout.frontendReferenceId, input.companyId, input.checkout.status));
  return once(steps);
};

/** An event with no effect but a checkout's status (an expired checkout). */
export const applyCheckoutStatus = (input: {
  eventId: string;
  eventType: string;
  companyId: string;
  frontendReferenceId: string;
  status: CheckoutStatus;
  now: Date;
}): Promise<EventOutcome> =>
  once([eventStep(input.eventId, input.eventType, input.now), checkoutStep(input.frontendReferenceId, input.companyId, input.status)]);
