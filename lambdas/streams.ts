import type { Grant } from './operations/operation';
import type { FilterPattern } from './platform/filter-pattern';

/**
 * Functions fed by the table's DynamoDB stream (NEW_AND_OLD_IMAGES, lambdas/data/table-definition.ts),
 * defined once, as lambdas/queues.ts defines the queue consumers: CDK makes each an event source
 * mapping from the stream (lib/constructs/streams.ts: from TRIM_HORIZON, with this filter, bisecting a
 * failing batch, reporting batch item failures, and a dead-letter queue for what fails every retry);
 * the local stack reads the same stream from DynamoDB Local and hands the same records, filtered by the
 * same pattern, to the same handlers with Lambda's event shape (lib/local/dynamodb-streams-poller.ts).
 * Handlers export `handler(event: DynamoDBStreamEvent): DynamoDBBatchResponse`, whose `batchItemFailures`
 * name records by their SequenceNumber (Lambda retries from the first one named, in order).
 */
export interface StreamFunctionDefinition {
  /** Module under `lambdas/` without extension, exporting `handler`. */
  readonly handler: string;
  /** Records per invocation, at most (after filtering). */
  readonly batchSize: number;
  /** How long Lambda gathers records before it invokes with fewer than `batchSize`. */
  readonly batchingWindowSeconds: number;
  /** Lambda event filtering (lambdas/platform/filter-pattern.ts): only matching records are handed over; the rest are skipped. */
  readonly filter: FilterPattern;
  readonly grants: readonly Grant[];
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  /** Retries of a failing batch (after its first attempt) before its records go to the dead-letter queue. */
  readonly retryAttempts: number;
  /** Records older than this are not handed over any more but go to the dead-letter queue (the stream keeps 24 h). */
  readonly maxRecordAgeSeconds: number;
  readonly description: string;
}

/** Candidate profile items (lambdas/data: PK `CANDIDATE#{id}`, SK `CANDIDATE`), in Lambda's stream record shape. */
export const CANDIDATE_PROFILE_FILTER = {
  dynamodb: { Keys: { SK: { S: ['CANDIDATE'] }, PK: { S: [{ prefix: 'CANDIDATE#' }] } } },
} as const satisfies FilterPattern;

export const streamFunctions = {
  /**
   * The report aggregates (issue 40): each change of a candidate profile adds what the candidate's new
   * image contributes minus what its old one did to the per-day aggregates, once per stream record
   * (an idempotency item by eventID, in the same transaction as the increments).
   */
  aggregateReports: {
    handler: 'streams/aggregate-reports',
    batchSize: 100,
    batchingWindowSeconds: 5,
    filter: CANDIDATE_PROFILE_FILTER,
    grants: ['table:write'],
    timeoutSeconds: 60,
    memoryMb: 256,
    retryAttempts: 10,
    maxRecordAgeSeconds: 24 * 60 * 60,
    description: "Keeps the reports' per-day aggregates: adds each candidate change's contribution once per stream record",
  },
} as const satisfies Record<string, StreamFunctionDefinition>;

export type StreamFunctionId = keyof typeof streamFunctions;
export const streamFunctionEntries = Object.entries(streamFunctions) as [StreamFunctionId, StreamFunctionDefinition][];
