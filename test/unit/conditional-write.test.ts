import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeIf } from '../../lambdas/data/conditional-write';

/**
 * Issue 37: a conditional write DynamoDB applied but whose answer was lost is sent again by the SDK
 * and fails its own condition; writeIf tells it from a real refusal by the write id the item carries.
 */
const ddb = mockClient(DynamoDBDocumentClient);
const refused = (item?: Record<string, unknown>) =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {}, Item: item as never });

describe('writeIf', () => {
  beforeEach(() => ddb.reset());

  it('stands by a write whose retry found the item it wrote', async () => {
    ddb.on(PutCommand).callsFake((input: { Item: Record<string, unknown> }) => {
      throw refused({ PK: { S: 'P#1' }, writeId: { S: input.Item.writeId as string } });
    });
    const put = new PutCommand({ TableName: 't', Item: { PK: 'P#1', SK: 'X' }, ConditionExpression: 'attribute_not_exists(PK)' });
    expect(await writeIf(put)).toBe(true);
    const sent = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    expect(sent.ReturnValuesOnConditionCheckFailure).toBe('ALL_OLD');
    expect(sent.Item).toMatchObject({ PK: 'P#1', SK: 'X', writeId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it("refuses when the item is another write's, or there is none", async () => {
    ddb
      .on(PutCommand)
      .rejectsOnce(refused({ PK: { S: 'P#1' }, writeId: { S: 'someone-else' } }))
      .rejectsOnce(refused());
    const put = () => new PutCommand({ TableName: 't', Item: { PK: 'P#1', SK: 'X' }, ConditionExpression: 'attribute_not_exists(PK)' });
    expect(await writeIf(put())).toBe(false);
    expect(await writeIf(put())).toBe(false);
  });

  it("sets the write id among an update's SET actions, or adds a SET", async () => {
    ddb.on(UpdateCommand).resolves({});
    await writeIf(
      new UpdateCommand({ TableName: 't', Key: { PK: 'a', SK: 'b' }, UpdateExpression: 'ADD #count :one SET #ttl = :ttl', ConditionExpression: 'x' }),
    );
    await writeIf(new UpdateCommand({ TableName: 't', Key: { PK: 'a', SK: 'b' }, UpdateExpression: 'REMOVE lockedUntil', ConditionExpression: 'x' }));
    const [first, second] = ddb.commandCalls(UpdateCommand).map((call) => call.args[0].input as UpdateCommandInput);
    expect(first!.UpdateExpression).toBe('ADD #count :one SET #writeId = :writeId, #ttl = :ttl');
    expect(second!.UpdateExpression).toBe('SET #writeId = :writeId REMOVE lockedUntil');
    expect(first!.ExpressionAttributeNames).toEqual({ '#writeId': 'writeId' });
    expect(first!.ExpressionAttributeValues![':writeId']).not.toBe(second!.ExpressionAttributeValues![':writeId']);
  });

  it('throws what is not a failed condition', async () => {
    ddb.on(PutCommand).rejects(new Error('throttled for good'));
    await expect(writeIf(new PutCommand({ TableName: 't', Item: { PK: 'a' } }))).rejects.toThrow('throttled for good');
  });
});
