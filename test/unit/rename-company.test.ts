import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { renameCompany } from '../../lambdas/data/companies';
import { keys } from '../../lambdas/data/keys';

const ddb = mockClient(DynamoDBDocumentClient);

/**
 * A fake table answering TransactWriteItems as DynamoDB does: an update conditioned on its item
 * existing cancels the whole transaction when the item is gone, naming the failed item by position.
 */
const fakeTable = (existing: { PK: string; SK: string }[]) => {
  const present = new Set(existing.map((key) => `${key.PK}|${key.SK}`));
  const transactions: { PK: string; SK: string }[][] = [];
  ddb.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => {
    const updated = input.TransactItems!.map((item) => item.Update!.Key as { PK: string; SK: string });
    transactions.push(updated);
    const reasons = updated.map((key) => ({ Code: present.has(`${key.PK}|${key.SK}`) ? 'None' : 'ConditionalCheckFailed' }));
    if (reasons.some((reason) => reason.Code !== 'None')) {
      throw new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: reasons });
    }
    return {};
  });
  return transactions;
};

const memberships = (count: number, from = 0) => Array.from({ length: count }, (_, i) => keys.membership('c1', `user-${from + i}`));

beforeEach(() => {
  ddb.reset();
});

describe('renameCompany (data layer)', () => {
  it('renames the company and its memberships in one transaction', async () => {
    const transactions = fakeTable([keys.company('c1'), ...memberships(2)]);
    expect(await renameCompany('c1', 'New', memberships(2))).toBe(true);
    expect(transactions).toEqual([[keys.company('c1'), ...memberships(2)]]);
    const input = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input;
    for (const item of input.TransactItems!) {
      expect(item.Update).toMatchObject({ UpdateExpression: 'SET companyName = :name', ConditionExpression: 'attribute_exists(PK)' });
      expect(item.Update!.ExpressionAttributeValues).toEqual({ ':name': 'New' });
    }
  });

  it('leaves out a membership removed since it was read, instead of bringing it back as a bare item', async () => {
    const kept = keys.membership('c1', 'kept');
    const removed = keys.membership('c1', 'removed');
    const alsoKept = keys.membership('c1', 'also-kept');
    const transactions = fakeTable([keys.company('c1'), kept, alsoKept]);
    expect(await renameCompany('c1', 'New', [kept, removed, alsoKept])).toBe(true);
    expect(transactions).toEqual([
      [keys.company('c1'), kept, removed, alsoKept],
      [keys.company('c1'), kept, alsoKept],
    ]);
  });

  it('writes nothing and answers false when the company is gone', async () => {
    const transactions = fakeTable(memberships(2));
    expect(await renameCompany('c1', 'New', memberships(2))).toBe(false);
    expect(transactions).toHaveLength(1);
  });

  it('puts the company with the first 99 memberships, the others 100 a transaction', async () => {
    const all = memberships(250);
    const transactions = fakeTable([keys.company('c1'), ...all]);
    expect(await renameCompany('c1', 'New', all)).toBe(true);
    expect(transactions.map((updated) => updated.length)).toEqual([100, 100, 51]);
    expect(transactions[0]).toEqual([keys.company('c1'), ...all.slice(0, 99)]);
    // The others run in parallel: each membership once, whichever went first.
    expect(transactions.slice(1).flat()).toHaveLength(151);
    expect(transactions.slice(1).flat()).toEqual(expect.arrayContaining(all.slice(99)));
  });
});
