import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { deliverRecords, toLambdaRecord } from '../../lib/local/dynamodb-streams-poller';

/** The local DynamoDB stream mapping's delivery rules (lib/local/dynamodb-streams-poller.ts), as Lambda's. */
const records = (n: number): DynamoDBRecord[] =>
  Array.from({ length: n }, (_, i) => ({ eventID: `e${i + 1}`, eventName: 'MODIFY', dynamodb: { SequenceNumber: String(100 + i + 1) } }));
const sequences = (event: DynamoDBStreamEvent) => event.Records.map((record) => record.dynamodb!.SequenceNumber);

const run = async (batch: DynamoDBRecord[], responses: (DynamoDBBatchResponse | Error)[], retryAttempts = 3) => {
  const calls: (string | undefined)[][] = [];
  const setAside: (string | undefined)[][] = [];
  const given = await deliverRecords(batch, {
    invoke: async (event) => {
      calls.push(sequences(event));
      const response = responses.shift() ?? { batchItemFailures: [] };
      if (response instanceof Error) throw response;
      return response;
    },
    retryAttempts,
    deadLetter: (left) => setAside.push(left.map((record) => record.dynamodb!.SequenceNumber)),
  });
  return { calls, setAside, given };
};

describe('the local DynamoDB stream mapping hands records over as Lambda does', () => {
  it('invokes once with the whole batch, in order, when nothing fails', async () => {
    expect(await run(records(3), [])).toEqual({ calls: [['101', '102', '103']], setAside: [], given: 0 });
  });

  it('retries from the first record a response names, with every record after it, in order', async () => {
    const { calls, setAside } = await run(records(4), [{ batchItemFailures: [{ itemIdentifier: '103' }, { itemIdentifier: '102' }] }]);
    expect(calls).toEqual([
      ['101', '102', '103', '104'],
      ['102', '103', '104'],
    ]);
    expect(setAside).toEqual([]);
  });

  it('retries the whole batch after an error, or a failure naming no record of it', async () => {
    const { calls } = await run(records(2), [new Error('boom'), { batchItemFailures: [{ itemIdentifier: '999' }] }]);
    expect(calls).toEqual([
      ['101', '102'],
      ['101', '102'],
      ['101', '102'],
    ]);
  });

  it('gives up after retryAttempts retries, setting aside what is left, and moves on', async () => {
    const failing = { batchItemFailures: [{ itemIdentifier: '102' }] };
    const { calls, setAside, given } = await run(records(3), [failing, failing, failing, failing, failing], 2);
    expect(calls).toHaveLength(3);
    expect(setAside).toEqual([['102', '103']]);
    expect(given).toBe(2);
  });

  it("builds Lambda's record shape: the event's source and ARN, epoch seconds, binary as base64", () => {
    const record = toLambdaRecord(
      {
        eventID: 'id-1',
        eventName: 'INSERT',
        eventVersion: '1.1',
        dynamodb: {
          ApproximateCreationDateTime: new Date('2026-12-02T10:00:00.500Z'),
          Keys: { PK: { S: 'CANDIDATE#c1' }, SK: { S: 'CANDIDATE' } },
          NewImage: { PK: { S: 'CANDIDATE#c1' }, blob: { B: new Uint8Array([1, 2, 3]) }, list: { L: [{ N: '1' }, { M: { x: { BOOL: true } } }] } },
          SequenceNumber: '42',
          SizeBytes: 64,
          StreamViewType: 'NEW_AND_OLD_IMAGES',
        },
      },
      { region: 'us-east-1', streamArn: 'arn:aws:dynamodb:us-east-1:000000000000:table/t/stream/2026' },
    );
    expect(record).toEqual({
      eventID: 'id-1',
      eventName: 'INSERT',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'us-east-1',
      eventSourceARN: 'arn:aws:dynamodb:us-east-1:000000000000:table/t/stream/2026',
      dynamodb: {
        ApproximateCreationDateTime: Math.floor(Date.parse('2026-12-02T10:00:00Z') / 1000),
        Keys: { PK: { S: 'CANDIDATE#c1' }, SK: { S: 'CANDIDATE' } },
        NewImage: { PK: { S: 'CANDIDATE#c1' }, blob: { B: 'AQID' }, list: { L: [{ N: '1' }, { M: { x: { BOOL: true } } }] } },
        SequenceNumber: '42',
        SizeBytes: 64,
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
  });
});
