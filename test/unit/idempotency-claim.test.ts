import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { claimIdempotencyKey } from '../../lambdas/data/idempotency';

/**
 * Issue 37, found by the soak test: a claim of an Idempotency-Key whose put DynamoDB applied but
 * whose answer was lost is retried by the SDK and fails its own condition. It is still this
 * request's claim, not another request's in progress (which answered the first request 409).
 */
const ddb = mockClient(DynamoDBDocumentClient);
const refused = (item?: Record<string, unknown>) =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {}, Item: item as never });

describe('claimIdempotencyKey', () => {
  beforeEach(() => ddb.reset());

  it('claims the key when the retried put meets the claim it wrote itself', async () => {
    ddb.on(PutCommand).callsFake((input: { Item: Record<string, unknown> }) => {
      throw refused({ PK: { S: 'IDEMPOTENCY#s' }, writeId: { S: input.Item.writeId as string } });
    });
    expect(await claimIdempotencyKey('s', 'r', 10_000)).toEqual({ outcome: 'claimed' });
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
  });

  it("reports another request's claim as in progress", async () => {
    const now = Date.now();
    ddb.on(PutCommand).rejects(refused({ PK: { S: 'IDEMPOTENCY#s' }, writeId: { S: 'another-claim' } }));
    ddb.on(GetCommand).resolves({ Item: { status: 'in_progress', requestHash: 'r', lockedUntil: now + 5000, ttl: Math.floor(now / 1000) + 60 } });
    expect(await claimIdempotencyKey('s', 'r', 10_000, now)).toEqual({ outcome: 'in_progress', lockedUntil: now + 5000 });
  });
});
