import { describe, expect, it } from 'vitest';
import { createDynamoDbCallRecorder, describeOperations, summarizeCalls, type DynamoDbCall } from '../../lib/local/dynamodb-calls';

const call = (operation: string, startMs: number, endMs: number | null): DynamoDbCall => ({ operation, startMs, endMs });

describe('summarizeCalls (DynamoDB calls per request in the local stack)', () => {
  it('counts reads that overlapped as one step and reads one after another as a chain', () => {
    const summary = summarizeCalls([
      call('GetItem', 0, 5), // the session
      call('GetItem', 0.2, 6), // the candidate, alongside it
      call('BatchGetItem', 6.5, 9), // position and membership, once both are known
      call('Query', 6.6, 10),
      call('TransactWriteItems', 11, 15),
    ]);
    expect(summary).toEqual({
      calls: 5,
      reads: 4,
      writes: 1,
      sequentialReads: 2,
      sequentialReadsBeforeWrite: 2,
      roundTrips: 3,
      operations: { GetItem: 2, BatchGetItem: 1, Query: 1, TransactWriteItems: 1 },
    });
  });

  it('takes the write that waited for the most reads, counting reads made after an earlier write', () => {
    const summary = summarizeCalls([
      call('GetItem', 0, 1),
      call('UpdateItem', 1.5, 3),
      call('Query', 3.5, 4),
      call('GetItem', 4.5, 5),
      call('UpdateItem', 5.5, 6),
    ]);
    expect(summary.sequentialReads).toBe(3);
    expect(summary.sequentialReadsBeforeWrite).toBe(3);
    expect(summary.roundTrips).toBe(5);
  });

  it('counts no reads before a write that started before any read ended, and none for an invocation without writes', () => {
    expect(summarizeCalls([call('UpdateItem', 0, 4), call('GetItem', 0, 3), call('PutItem', 5, 6)]).sequentialReadsBeforeWrite).toBe(1);
    expect(summarizeCalls([call('UpdateItem', 0, 4), call('GetItem', 0, 3)]).sequentialReadsBeforeWrite).toBe(0);
    expect(summarizeCalls([call('GetItem', 0, 3), call('Query', 3, 4)])).toMatchObject({ sequentialReadsBeforeWrite: null, sequentialReads: 2 });
    expect(summarizeCalls([])).toMatchObject({ calls: 0, sequentialReads: 0, roundTrips: 0, sequentialReadsBeforeWrite: null });
  });

  it('treats a call still running when the invocation ended as never finished', () => {
    expect(summarizeCalls([call('GetItem', 0, null), call('GetItem', 5, 6)]).sequentialReads).toBe(1);
  });

  it('names the operations in the order they started', () => {
    expect(describeOperations([call('Query', 2, 3), call('GetItem', 0, 1), call('GetItem', 1, 2), call('TransactWriteItems', 4, 5)])).toBe(
      'GetItem×2 Query TransactWriteItems',
    );
  });
});

describe('the recorder behind /_local/dynamodb-calls', () => {
  const apiEvent = (route: string) => ({ routeKey: route, requestContext: { requestId: `req-${route}` } });

  it('keeps the route, status and summary of each invocation, newest last, and forgets the oldest past its limit', () => {
    const recorder = createDynamoDbCallRecorder(2);
    recorder.record({
      functionId: 'getMe',
      event: apiEvent('GET /api/v1/me'),
      result: { statusCode: 200 },
      durationMs: 4,
      calls: [call('GetItem', 0, 1)],
    });
    recorder.record({ functionId: 'expireInvites', event: { source: 'aws.events' }, result: null, durationMs: 9, calls: [] });
    recorder.record({
      functionId: 'getMe',
      event: apiEvent('GET /api/v1/me'),
      error: 'boom',
      durationMs: 2,
      calls: [call('GetItem', 0, 1), call('Query', 1, 2)],
    });
    const all = recorder.list();
    expect(all.map((entry) => [entry.seq, entry.functionId, entry.route, entry.status])).toEqual([
      [2, 'expireInvites', null, null],
      [3, 'getMe', 'GET /api/v1/me', null],
    ]);
    expect(all[1]).toMatchObject({ error: 'boom', requestId: 'req-GET /api/v1/me', summary: { calls: 2, sequentialReads: 2 } });
    expect(recorder.list({ route: 'GET /api/v1/me', last: 1 }).map((entry) => entry.seq)).toEqual([3]);
    recorder.clear();
    expect(recorder.list()).toEqual([]);
  });
});
