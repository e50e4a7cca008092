import { readFileSync, writeFileSync } from 'node:fs';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type AttributeValue,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { AttributeValue as LambdaAttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { matchesFilter } from '../../lambdas/platform/filter-pattern';
import { streamFunctionEntries, type StreamFunctionDefinition } from '../../lambdas/streams';
import { invokeHandler } from './lambda-runtime';
import { createPollingLoops, type Poller } from './poller';

/**
 * Lambda's DynamoDB event source mapping, locally: for each function of lambdas/streams.ts, a loop reads
 * the table's stream from DynamoDB Local (through the official DynamoDB Streams SDK, as the mapping is a
 * client of the stream), every shard from TRIM_HORIZON, following new shards as the stream rolls them
 * over and reading a parent to its end before its children; it keeps the records the function's filter
 * matches (lambdas/platform/filter-pattern.ts, the pattern CDK hands to Lambda) and invokes the function
 * through the local Lambda runtime with Lambda's DynamoDBStreamEvent shape, a shard's records in order.
 * `batchItemFailures` (ReportBatchItemFailures, itemIdentifier = the record's SequenceNumber) retries
 * from the first failed record on, in order; an error retries the whole batch; after `retryAttempts`
 * retries the batch is logged as Lambda would describe it to the dead-letter queue, and the shard moves
 * on. Where each function's loop is in each shard is kept in `checkpointFile` (as a mapping keeps its
 * checkpoint), so a restarted `npm start` goes on where it stopped. (Not done locally: bisecting a failing batch, and the batching window: records are handed over as
 * soon as they are read.)
 */
/** A record handed to a stream function (its keys and place, not its images), as the poller remembers it for tests. */
export interface HandedRecord {
  readonly function: string;
  readonly eventID: string;
  readonly eventName: string;
  readonly eventSource: string;
  readonly eventSourceARN: string;
  readonly keys: Record<string, unknown>;
  readonly sequenceNumber: string;
  readonly streamViewType: string;
  readonly hasNewImage: boolean;
  readonly hasOldImage: boolean;
  /** Invocations that carried it (more than 1: it was retried). */
  readonly deliveries: number;
  /** `done`, or `set aside` once it failed every retry. */
  readonly outcome: 'done' | 'set aside';
}

/** How many handed records the poller remembers (the oldest are forgotten). */
const HANDED_RECORDS_KEPT = 10_000;

export interface DynamoDbStreamsPoller extends Poller {
  /** The records handed to functions lately (the last HANDED_RECORDS_KEPT), oldest first; at `GET /_local/streams/records`. */
  handedRecords(): readonly HandedRecord[];
  /**
   * Resolves once everything written to the table before the call has been read by every function's
   * loop and, where its filter matched, handed over and settled (done, or given up after its retries).
   */
  drained(): Promise<void>;
}

/** Lambda polls each shard four times a second. */
const POLL_INTERVAL_MS = 250;
/** The wait before the n-th retry of a failed batch: n times this (short: locally nothing is throttled). */
const RETRY_DELAY_MS = 100;

type Log = (msg: string, fields?: Record<string, unknown>) => void;

/** The stream SDK's attribute value in Lambda's JSON shape (binary as base64, as Lambda delivers it). */
const toLambdaAttribute = (value: AttributeValue): LambdaAttributeValue => {
  if (value.B !== undefined) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS !== undefined) return { BS: value.BS.map((b) => Buffer.from(b).toString('base64')) };
  if (value.M !== undefined) return { M: toLambdaItem(value.M) };
  if (value.L !== undefined) return { L: value.L.map(toLambdaAttribute) };
  const { $unknown: _, ...rest } = value as AttributeValue & { $unknown?: unknown };
  return rest as LambdaAttributeValue;
};
function toLambdaItem(item: Record<string, AttributeValue>): Record<string, LambdaAttributeValue>;
function toLambdaItem(item: Record<string, AttributeValue> | undefined): Record<string, LambdaAttributeValue> | undefined;
function toLambdaItem(item: Record<string, AttributeValue> | undefined) {
  return item && Object.fromEntries(Object.entries(item).map(([name, value]) => [name, toLambdaAttribute(value)]));
}

/** A stream record as Lambda hands it to a function (what its filter is matched against). */
export const toLambdaRecord = (record: StreamRecord, context: { region: string; streamArn: string }): DynamoDBRecord => {
  const dynamodb = record.dynamodb ?? {};
  const created = dynamodb.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: context.region,
    eventSourceARN: context.streamArn,
    dynamodb: {
      ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
      Keys: toLambdaItem(dynamodb.Keys),
      ...(dynamodb.NewImage ? { NewImage: toLambdaItem(dynamodb.NewImage) } : {}),
      ...(dynamodb.OldImage ? { OldImage: toLambdaItem(dynamodb.OldImage) } : {}),
      SequenceNumber: dynamodb.SequenceNumber,
      SizeBytes: dynamodb.SizeBytes,
      StreamViewType: dynamodb.StreamViewType,
    },
  };
};

/**
 * Hands a shard's records (already filtered, in order) to a function as the mapping does: the first
 * record a response names in `batchItemFailures` and all after it are retried (an error, or a failure
 * naming no record of the batch, retries the whole batch), at most `retryAttempts` times; then what
 * is left is given up (`deadLetter`) and the shard moves on. Returns how many records were given up.
 */
export const deliverRecords = async (
  records: readonly DynamoDBRecord[],
  options: {
    invoke: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void | undefined>;
    retryAttempts: number;
    deadLetter: (records: readonly DynamoDBRecord[], error: string) => void;
    wait?: (attempt: number) => Promise<void>;
  },
): Promise<number> => {
  let pending = [...records];
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    let error: string;
    try {
      const response = await options.invoke({ Records: pending });
      const failed = (response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier);
      if (failed.length === 0) return 0;
      const positions = failed.map((id) => pending.findIndex((record) => record.dynamodb?.SequenceNumber === id));
      // Lambda: a failure it cannot place (no or an unknown identifier) fails the whole batch.
      const from = positions.some((position) => position < 0) ? 0 : Math.min(...positions);
      pending = pending.slice(from);
      error = `batchItemFailures from SequenceNumber ${pending[0]!.dynamodb?.SequenceNumber}`;
    } catch (thrown) {
      error = thrown instanceof Error ? thrown.message : String(thrown);
    }
    if (attempt >= options.retryAttempts) {
      options.deadLetter(pending, error);
      return pending.length;
    }
    await options.wait?.(attempt + 1);
  }
  return 0;
};

interface ShardState {
  readonly parent?: string;
  iterator?: string;
  /** The last record read (filtered out or handed over): where a new iterator starts after. */
  lastSequence?: string;
  /** Read to its end (a closed shard with no more records). */
  ended: boolean;
}

export const startDynamoDbStreamsPoller = (options: {
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  tableName: string;
  log: Log;
  /** Where each loop's place in each shard is kept across restarts (JSON); none: every start reads from TRIM_HORIZON. */
  checkpointFile?: string;
  /** Defaults to lambdas/streams.ts. */
  functions?: readonly (readonly [string, StreamFunctionDefinition])[];
}): DynamoDbStreamsPoller => {
  const clientOptions = { endpoint: options.endpoint, region: options.region, credentials: options.credentials, maxAttempts: 2 };
  const streams = new DynamoDBStreamsClient(clientOptions);
  const dynamodb = new DynamoDBClient(clientOptions);
  const loops = createPollingLoops(() => {
    streams.destroy();
    dynamodb.destroy();
  });
  const handed: HandedRecord[] = [];
  const remember = (functionId: string, records: readonly DynamoDBRecord[], deliveries: Map<string, number>, setAside: ReadonlySet<string>) => {
    for (const record of records) {
      const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
      handed.push({
        function: functionId,
        eventID: record.eventID ?? '',
        eventName: record.eventName ?? '',
        eventSource: record.eventSource ?? '',
        eventSourceARN: record.eventSourceARN ?? '',
        keys: record.dynamodb?.Keys ?? {},
        sequenceNumber,
        streamViewType: record.dynamodb?.StreamViewType ?? '',
        hasNewImage: record.dynamodb?.NewImage !== undefined,
        hasOldImage: record.dynamodb?.OldImage !== undefined,
        deliveries: deliveries.get(sequenceNumber) ?? 0,
        outcome: setAside.has(sequenceNumber) ? 'set aside' : 'done',
      });
    }
    if (handed.length > HANDED_RECORDS_KEPT) handed.splice(0, handed.length - HANDED_RECORDS_KEPT);
  };
  const stopped = new Promise<void>((resolve) => loops.signal.addEventListener('abort', () => resolve(), { once: true }));
  const pause = (ms: number) => Promise.race([new Promise((resolve) => setTimeout(resolve, ms)), stopped]);

  // drained(): each loop counts its rounds (a round reads every shard to its current end); a waiter
  // is settled by the first round of every loop that started after it asked.
  const loopRounds = new Map<string, { started: number; completed: number }>();
  const drainWaiters: { targets: Map<string, number>; resolve: () => void }[] = [];
  const settleDrainWaiters = () => {
    for (const waiter of [...drainWaiters]) {
      if ([...waiter.targets].every(([id, round]) => (loopRounds.get(id)?.completed ?? 0) >= round)) {
        drainWaiters.splice(drainWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  const streamArnOf = async (signal: AbortSignal): Promise<string> => {
    const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: options.tableName }), { abortSignal: signal });
    if (!Table?.LatestStreamArn) throw new Error(`The table ${options.tableName} has no stream`);
    return Table.LatestStreamArn;
  };

  type Checkpoint = { streamArn: string; shards: Record<string, { lastSequence?: string; ended: boolean }> };
  const checkpoints: Record<string, Checkpoint> = (() => {
    if (!options.checkpointFile) return {};
    try {
      return JSON.parse(readFileSync(options.checkpointFile, 'utf8')) as Record<string, Checkpoint>;
    } catch {
      return {};
    }
  })();
  let checkpointsWritten = JSON.stringify(checkpoints);
  const saveCheckpoint = (functionId: string, streamArn: string, shards: ReadonlyMap<string, ShardState>) => {
    if (!options.checkpointFile) return;
    checkpoints[functionId] = {
      streamArn,
      shards: Object.fromEntries([...shards].map(([id, shard]) => [id, { lastSequence: shard.lastSequence, ended: shard.ended }])),
    };
    const text = JSON.stringify(checkpoints);
    if (text === checkpointsWritten) return;
    writeFileSync(options.checkpointFile, text);
    checkpointsWritten = text;
  };

  const follow = async (signal: AbortSignal, functionId: string, definition: StreamFunctionDefinition) => {
    const rounds = loopRounds.get(functionId)!;
    const shards = new Map<string, ShardState>();
    let streamArn: string | undefined;

    const iteratorOf = async (shardId: string, shard: ShardState) => {
      const request = (after?: string) =>
        streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shardId,
            ...(after ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after } : { ShardIteratorType: 'TRIM_HORIZON' }),
          }),
          { abortSignal: signal },
        );
      if (!shard.lastSequence) return (await request()).ShardIterator;
      try {
        return (await request(shard.lastSequence)).ShardIterator;
      } catch (error) {
        if (signal.aborted) throw error;
        // A checkpoint the stream no longer has (trimmed): from its oldest record (the functions count each record once).
        options.log('dynamodb stream checkpoint not found; reading the shard from TRIM_HORIZON', {
          function: functionId,
          shard: shardId,
          error: String(error),
        });
        return (await request()).ShardIterator;
      }
    };

    const deliver = async (shardId: string, records: StreamRecord[]) => {
      const handed = records.map((record) => toLambdaRecord(record, { region: options.region, streamArn: streamArn! }));
      const matching = handed.filter((record) => matchesFilter(definition.filter, record));
      if (matching.length === 0) return;
      const deliveries = new Map<string, number>();
      const setAside = new Set<string>();
      await loops.invoking(() =>
        deliverRecords(matching, {
          invoke: async (event) => {
            for (const record of event.Records) {
              const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
              deliveries.set(sequenceNumber, (deliveries.get(sequenceNumber) ?? 0) + 1);
            }
            return (await invokeHandler(definition.handler, event)) as DynamoDBBatchResponse | undefined;
          },
          retryAttempts: definition.retryAttempts,
          wait: (attempt) => pause(RETRY_DELAY_MS * attempt).then(() => undefined),
          deadLetter: (given, error) => {
            for (const record of given) setAside.add(record.dynamodb?.SequenceNumber ?? '');
            // What Lambda sends to the mapping's dead-letter queue: where the records are, not their data.
            options.log('stream batch failed every retry (in AWS: to its dead-letter queue)', {
              function: functionId,
              shard: shardId,
              streamArn,
              startSequenceNumber: given[0]?.dynamodb?.SequenceNumber,
              endSequenceNumber: given.at(-1)?.dynamodb?.SequenceNumber,
              batchSize: given.length,
              error,
            });
          },
        }),
      );
      remember(functionId, matching, deliveries, setAside);
    };

    /** Reads a shard until it has nothing more for now (or has ended), handing over what matches. */
    const readShard = async (shardId: string, shard: ShardState) => {
      while (!signal.aborted) {
        shard.iterator ??= await iteratorOf(shardId, shard);
        if (!shard.iterator) {
          shard.ended = true;
          return;
        }
        let page;
        try {
          page = await streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: definition.batchSize }), { abortSignal: signal });
        } catch (error) {
          if (error instanceof ExpiredIteratorException) {
            shard.iterator = undefined;
            continue;
          }
          throw error;
        }
        const records = page.Records ?? [];
        if (records.length > 0) {
          await deliver(shardId, records);
          shard.lastSequence = records.at(-1)!.dynamodb?.SequenceNumber;
        }
        shard.iterator = page.NextShardIterator;
        if (!page.NextShardIterator) {
          shard.ended = true;
          return;
        }
        if (records.length === 0) return;
      }
    };

    const round = async () => {
      streamArn ??= await streamArnOf(signal);
      const saved = checkpoints[functionId]?.streamArn === streamArn ? checkpoints[functionId].shards : {};
      let ExclusiveStartShardId: string | undefined;
      const listed = new Set<string>();
      do {
        const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId }), {
          abortSignal: signal,
        });
        for (const shard of StreamDescription?.Shards ?? []) {
          listed.add(shard.ShardId!);
          if (!shards.has(shard.ShardId!)) {
            const place = saved[shard.ShardId!];
            shards.set(shard.ShardId!, { parent: shard.ParentShardId, ended: place?.ended ?? false, lastSequence: place?.lastSequence });
          }
        }
        ExclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
      } while (ExclusiveStartShardId);
      // Shards the stream trimmed away, once read to their end, are forgotten.
      for (const [id, shard] of shards) if (shard.ended && !listed.has(id)) shards.delete(id);
      // Parents before children: a shard is read once its parent (if the stream still has it) has ended.
      for (let progressed = true; progressed && !signal.aborted;) {
        progressed = false;
        for (const [id, shard] of shards) {
          if (shard.ended) continue;
          const parent = shard.parent ? shards.get(shard.parent) : undefined;
          if (parent && !parent.ended) continue;
          await readShard(id, shard);
          if (shard.ended) progressed = true;
        }
      }
      saveCheckpoint(functionId, streamArn, shards);
    };

    while (!signal.aborted) {
      rounds.started += 1;
      const current = rounds.started;
      try {
        await round();
        rounds.completed = current;
        settleDrainWaiters();
      } catch (error) {
        if (signal.aborted) return;
        options.log('dynamodb stream poll failed', { function: functionId, error: String(error) });
        // Each shard is read on after its last record with a new iterator (nothing is handed over twice).
        for (const shard of shards.values()) shard.iterator = undefined;
      }
      await pause(POLL_INTERVAL_MS);
    }
  };

  const functions = options.functions ?? streamFunctionEntries;
  for (const [functionId, definition] of functions) {
    loopRounds.set(functionId, { started: 0, completed: 0 });
    loops.run((signal) => follow(signal, functionId, definition));
  }

  return {
    handedRecords: () => handed,
    idle: loops.idle,
    stop: async () => {
      await loops.stop();
      // Nothing more will be read: a test waiting for the stream is not left hanging.
      for (const waiter of drainWaiters.splice(0)) waiter.resolve();
    },
    drained: () =>
      new Promise<void>((resolve) => {
        if (loops.signal.aborted) return resolve();
        // The round after the one under way: it reads from where that one ended, up to now at least.
        drainWaiters.push({ targets: new Map([...loopRounds].map(([id, rounds]) => [id, rounds.started + 1])), resolve });
        settleDrainWaiters();
      }),
  };
};
