import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyCheckoutStatus, applyPackPurchase, applySubscription } from '../../lambdas/data/billing';
import { keys } from '../../lambdas/data/keys';

const ddb = mockClient(DynamoDBDocumentClient);

type Key = { PK: string; SK: string };
const id = (key: Key) => `${key.PK}|${key.SK}`;

/**
 * A fake table answering TransactWriteItems as DynamoDB does for one kind of condition only: a Put
 * conditioned on `attribute_not_exists(PK)` fails when its item exists, which cancels the whole
 * transaction. Every other step passes, as an effect without a guard of its own would: so what stops
 * a replay here is the processed-event record alone. `applied` lists the keys each applied
 * transaction wrote.
 */
const fakeTable = () => {
  const present = new Set<string>();
  const applied: string[][] = [];
  ddb.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => {
    const items = input.TransactItems!;
    const reasons = items.map((item) => ({
      Code: item.Put?.ConditionExpression === 'attribute_not_exists(PK)' && present.has(id(item.Put.Item as Key)) ? 'ConditionalCheckFailed' : 'None',
    }));
    if (reasons.some((reason) => reason.Code !== 'None')) {
      throw new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: reasons });
    }
    const written = items.map((item) => (item.Put ? (item.Put.Item as Key) : ((item.Update ?? item.Delete ?? item.ConditionCheck)!.Key as Key)));
    for (const item of items) if (item.Put) present.add(id(item.Put.Item as Key));
    applied.push(written.map(id));
    return {};
  });
  return applied;
};

beforeEach(() => {
  ddb.reset();
});

const now = new Date('2026-01-01T00:00:00Z');
const apply = {
  pack: (eventId: string) =>
    applyPackPurchase({ eventId, eventType: 'checkout.session.completed', companyId: 'c1', candidates: 10, frontendReferenceId: 'ref-1', now }),
  subscription: (eventId: string) =>
    applySubscription({
      eventId,
      eventType: 'customer.subscription.updated',
      companyId: 'c1',
      expected: { subscriptionStatus: 'not_subscribed', subscriptionId: null },
      next: null,
      checkout: { frontendReferenceId: 'ref-2', status: 'completed' },
      now,
    }),
  checkoutStatus: (eventId: string) =>
    applyCheckoutStatus({ eventId, eventType: 'checkout.session.expired', companyId: 'c1', frontendReferenceId: 'ref-3', status: 'expired', now }),
};

describe('a Stripe event is applied once (data layer)', () => {
  it.each(Object.keys(apply) as (keyof typeof apply)[])(
    '%s: records the event id in the same transaction, only if it is not there yet',
    async (kind) => {
      fakeTable();
      expect(await apply[kind]('evt_1')).toBe('applied');
      const [transaction] = ddb.commandCalls(TransactWriteCommand);
      const puts = transaction!.args[0].input.TransactItems!.filter((item) => item.Put?.Item?.PK === keys.stripeEvent('evt_1').PK);
      expect(puts).toHaveLength(1);
      expect(puts[0]!.Put).toMatchObject({
        Item: { ...keys.stripeEvent('evt_1'), type: 'stripeEvent', appliedAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(PK)',
      });
    },
  );

  it.each(Object.keys(apply) as (keyof typeof apply)[])(
    '%s: a replayed event id is a duplicate and writes nothing, even where no effect has a guard of its own',
    async (kind) => {
      const applied = fakeTable();
      expect(await apply[kind]('evt_2')).toBe('applied');
      expect(applied).toHaveLength(1);
      expect(await apply[kind]('evt_2')).toBe('duplicate');
      expect(applied).toHaveLength(1);
      // Another event id applies again: the record is per event, not per effect.
      expect(await apply[kind]('evt_3')).toBe('applied');
      expect(applied).toHaveLength(2);
    },
  );
});
