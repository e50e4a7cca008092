import { describe, expect, it } from 'vitest';
import { s3Operation } from '../../lib/local/faults/operations';
import { createFaultRules, FaultRuleError } from '../../lib/local/faults/rules';
import { partialBatch } from '../../lib/local/faults/unprocessed';

/** The fault mode's pure parts (lib/local/faults): S3's operation names, rules' draws and counts, partial batches. */
describe('S3 operations named from the request', () => {
  const op = (method: string, url: string, headers: Record<string, string> = {}) => {
    const parsed = new URL(url, 'http://s3');
    return s3Operation(method, parsed.pathname, parsed.searchParams, headers);
  };
  it.each([
    ['PUT', '/media/uploads/m1/source?partNumber=2&uploadId=u1', 'UploadPart'],
    ['POST', '/media/uploads/m1/source?uploadId=u1', 'CompleteMultipartUpload'],
    ['POST', '/media/uploads/m1/source?uploads', 'CreateMultipartUpload'],
    ['DELETE', '/media/uploads/m1/source?uploadId=u1', 'AbortMultipartUpload'],
    ['PUT', '/media/uploads/m1/source', 'PutObject'],
    ['GET', '/media/uploads/m1/source?x-id=GetObject', 'GetObject'],
    ['HEAD', '/media/uploads/m1/source', 'HeadObject'],
    ['GET', '/media?list-type=2&prefix=uploads/', 'ListObjectsV2'],
    ['POST', '/media?delete', 'DeleteObjects'],
  ])('%s %s is %s', (method, url, name) => expect(op(method, url)).toBe(name));
  it('tells a copy from a put', () => expect(op('PUT', '/media/a/b', { 'x-amz-copy-source': '/media/c' })).toBe('CopyObject'));
});

describe('fault rules', () => {
  it('fail the next N matching calls, only those whose text contains `match`, and count them', () => {
    const rules = createFaultRules();
    const [rule] = rules.add({ service: 'dynamodb', operation: 'Transact*', fault: 'ThrottlingException', count: 2, match: 'ada@' });
    expect(rules.pick('dynamodb', 'TransactWriteItems', '{"email":"bob@"}')).toBeUndefined();
    expect(rules.pick('dynamodb', 'PutItem', 'ada@')).toBeUndefined();
    expect(rules.pick('dynamodb', 'TransactWriteItems', 'ada@')?.id).toBe(rule!.id);
    expect(rules.pick('dynamodb', 'TransactWriteItems', 'ada@')?.id).toBe(rule!.id);
    expect(rules.pick('dynamodb', 'TransactWriteItems', 'ada@')).toBeUndefined();
    expect(rules.injected()).toEqual({ dynamodb: { TransactWriteItems: 2 } });
    expect(rules.list()[0]!.injected).toBe(2);
  });

  it('draw a rate from their seed, the same way every run', () => {
    const draws = (seed: number) => {
      const rules = createFaultRules();
      rules.add({ service: 's3', fault: 'SlowDown', rate: 0.3, seed });
      return Array.from({ length: 200 }, () => (rules.pick('s3', 'UploadPart') ? 1 : 0)).join('');
    };
    expect(draws(7)).toBe(draws(7));
    expect(draws(7)).not.toBe(draws(8));
    const failed = [...draws(7)].filter((d) => d === '1').length;
    expect(failed).toBeGreaterThan(30);
    expect(failed).toBeLessThan(90);
  });

  it('refuse rules without a rate or a count, or a fault the service cannot have', () => {
    const rules = createFaultRules();
    expect(() => rules.add({ service: 'ses', fault: 'TooManyRequestsException' })).toThrow(FaultRuleError);
    expect(() => rules.add({ service: 's3', fault: 'Unprocessed', count: 1 })).toThrow(/BatchWriteItem/);
    expect(() => rules.add({ service: 'nope', fault: 'X', count: 1 })).toThrow(FaultRuleError);
    expect(rules.list()).toEqual([]);
  });
});

describe('partial batches', () => {
  const put = (i: number) => ({ PutRequest: { Item: { PK: { S: `p${i}` } } } });
  it('send a share of a BatchWriteItem and hand the rest back as UnprocessedItems', () => {
    const partial = partialBatch('BatchWriteItem', { RequestItems: { t: [put(1), put(2), put(3), put(4)] } }, 0.5)!;
    expect(partial.forwarded).toEqual({ RequestItems: { t: [put(1), put(2)] } });
    expect(partial.answer({ UnprocessedItems: {} })).toEqual({ UnprocessedItems: { t: [put(3), put(4)] } });
  });

  it('keep at least one item, and leave a batch of one alone (the caller answers a throughput error)', () => {
    expect(partialBatch('BatchWriteItem', { RequestItems: { t: [put(1), put(2)] } }, 0)!.forwarded).toEqual({ RequestItems: { t: [put(1)] } });
    expect(partialBatch('BatchWriteItem', { RequestItems: { t: [put(1)] } }, 0.5)).toBeNull();
  });

  it('send a share of a BatchGetItem with its projection, and add the rest to UnprocessedKeys', () => {
    const read = { Keys: [{ PK: { S: 'a' } }, { PK: { S: 'b' } }, { PK: { S: 'c' } }], ConsistentRead: true };
    const partial = partialBatch('BatchGetItem', { RequestItems: { t: read } }, 0.4)!;
    expect(partial.forwarded).toEqual({ RequestItems: { t: { ...read, Keys: [{ PK: { S: 'a' } }] } } });
    expect(partial.answer({ Responses: { t: [{ PK: { S: 'a' } }] }, UnprocessedKeys: {} })).toEqual({
      Responses: { t: [{ PK: { S: 'a' } }] },
      UnprocessedKeys: { t: { ...read, Keys: [{ PK: { S: 'b' } }, { PK: { S: 'c' } }] } },
    });
  });
});
