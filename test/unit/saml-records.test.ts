import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { epochSeconds, samlKeys } from '../../lambdas/data/keys';
import { rememberAssertion, SAML_REQUEST_TTL_SECONDS, samlRequestStore } from '../../lambdas/data/saml';
import { sha256 } from '../../lambdas/platform/crypto';

/**
 * SAML's records in the table (issue 42): our outstanding AuthnRequests per provider (10 minutes, a
 * TTL the read checks itself) and the accepted assertions (a conditional put: the second is refused).
 */
const ddb = mockClient(DynamoDBDocumentClient);
const now = new Date('2026-12-03T10:00:00Z');

describe('samlRequestStore', () => {
  beforeEach(() => ddb.reset());

  it('keeps a request id under its provider, hashed, for 10 minutes, and reads it back until then', async () => {
    ddb.on(PutCommand).resolves({});
    const store = samlRequestStore('prov1', () => now);
    expect(await store.saveAsync('_req1', '2026-12-03T10:00:00.000Z')).toEqual({ value: '2026-12-03T10:00:00.000Z', createdAt: now.getTime() });
    const item = ddb.commandCalls(PutCommand)[0]!.args[0].input.Item!;
    expect(item).toMatchObject({ ...samlKeys.request('prov1', sha256('_req1')), ttl: epochSeconds(now) + SAML_REQUEST_TTL_SECONDS });

    ddb
      .on(GetCommand)
      .resolvesOnce({ Item: { ...item } })
      .resolvesOnce({ Item: { ...item, ttl: epochSeconds(now) } })
      .resolvesOnce({});
    expect(await store.getAsync('_req1')).toBe('2026-12-03T10:00:00.000Z');
    // Expired (DynamoDB deletes by TTL only eventually), and absent.
    expect(await store.getAsync('_req1')).toBeNull();
    expect(await store.getAsync('_other')).toBeNull();
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({ Key: samlKeys.request('prov1', sha256('_req1')), ConsistentRead: true });
  });

  it('a request id of one provider is not found under another', async () => {
    ddb.on(GetCommand).resolves({});
    await samlRequestStore('prov2').getAsync('_req1');
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual(samlKeys.request('prov2', sha256('_req1')));
  });

  it('removes a used request id', async () => {
    ddb.on(DeleteCommand).resolves({ Attributes: { value: 'v' } });
    expect(await samlRequestStore('prov1').removeAsync('_req1')).toBe('v');
    expect(await samlRequestStore('prov1').removeAsync(null)).toBeNull();
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(1);
  });
});

describe('rememberAssertion', () => {
  beforeEach(() => ddb.reset());

  it('records an assertion once, until it expires; the same one again is refused', async () => {
    ddb
      .on(PutCommand)
      .resolvesOnce({})
      .rejectsOnce(
        new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {}, Item: { PK: { S: 'x' } } as never }),
      );
    const until = epochSeconds(now) + 300;
    expect(await rememberAssertion('prov1', '_a1', until, now)).toBe(true);
    expect(await rememberAssertion('prov1', '_a1', until, now)).toBe(false);
    const input = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    expect(input.Item).toMatchObject({ ...samlKeys.assertion('prov1', sha256('_a1')), ttl: until });
    expect(input.ConditionExpression).toBe('attribute_not_exists(PK) OR #ttl <= :now');
  });
});
