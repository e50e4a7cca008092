import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, type BatchGetCommandInput, type GetCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { readItem, withRequestReads } from '../../lambdas/data/request-reads';

/**
 * The request's read planner (data/request-reads.ts): reads by key asked for together go out as
 * one BatchGetItem; a read alone, or outside a request, stays one GetItem.
 */
const ddb = mockClient(DynamoDBDocumentClient);

const table: Record<string, Record<string, unknown>> = {
  'SESSION#s/SESSION': { PK: 'SESSION#s', SK: 'SESSION', userId: 'u1' },
  'CANDIDATE#c/PROFILE': { PK: 'CANDIDATE#c', SK: 'PROFILE', candidateName: 'Ada' },
};
const idOf = (key: Record<string, unknown>) => `${String(key.PK)}/${String(key.SK)}`;

let gets: GetCommandInput[];
let batches: BatchGetCommandInput[];

beforeEach(() => {
  ddb.reset();
  gets = [];
  batches = [];
  ddb.on(GetCommand).callsFake((input: GetCommandInput) => {
    gets.push(input);
    return { Item: table[idOf(input.Key!)] };
  });
  ddb.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    batches.push(input);
    const [[name, request]] = Object.entries(input.RequestItems!);
    return { Responses: { [name]: request!.Keys!.map((key) => table[idOf(key)]).filter(Boolean) } };
  });
});

const session = { PK: 'SESSION#s', SK: 'SESSION' };
const candidate = { PK: 'CANDIDATE#c', SK: 'PROFILE' };
const missing = { PK: 'CANDIDATE#x', SK: 'PROFILE' };

describe('a request’s reads by key', () => {
  it('go out as one BatchGetItem when asked for together, consistent if any of them is, each read getting its own item', async () => {
    const [a, b, c] = await withRequestReads(() =>
      Promise.all([readItem(session), Promise.resolve().then(() => readItem(candidate, { consistent: true })), readItem(missing)]),
    );
    expect(a).toMatchObject({ userId: 'u1' });
    expect(b).toMatchObject({ candidateName: 'Ada' });
    expect(c).toBeUndefined();
    expect(gets).toHaveLength(0);
    expect(batches).toHaveLength(1);
    expect(Object.values(batches[0]!.RequestItems!)[0]).toMatchObject({ Keys: [session, missing, candidate], ConsistentRead: true });
  });

  it('stay one GetItem each when asked for one after another, or outside a request', async () => {
    await withRequestReads(async () => {
      expect(await readItem(session)).toMatchObject({ userId: 'u1' });
      expect(await readItem(candidate, { consistent: true })).toMatchObject({ candidateName: 'Ada' });
    });
    expect(await readItem(missing)).toBeUndefined();
    expect(batches).toHaveLength(0);
    expect(gets.map((input) => [input.Key, input.ConsistentRead])).toEqual([
      [session, undefined],
      [candidate, true],
      [missing, undefined],
    ]);
  });

  it('fail together when their call fails', async () => {
    ddb.on(BatchGetCommand).rejects(new Error('throttled'));
    const reads = withRequestReads(() => [readItem(session), readItem(candidate)]);
    for (const read of reads) await expect(read).rejects.toThrow('throttled');
  });
});
