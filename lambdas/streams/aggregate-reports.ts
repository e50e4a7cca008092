import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { countCandidateChanges } from '../app/reports/count';
import { createLogger } from '../platform/logger';

const image = (value: Record<string, unknown> | undefined) => (value ? unmarshall(value as Record<string, AttributeValue>) : null);

/**
 * The table's stream, filtered to candidate items (lambdas/streams.ts), counted into the reports'
 * per-day aggregates (issue 40, app/reports/count.ts). A failed change is reported by its sequence
 * number, so it and what follows come again in order.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const log = createLogger();
  const failed = await countCandidateChanges(
    event.Records.map((record) => ({
      eventId: record.eventID ?? record.dynamodb?.SequenceNumber ?? '',
      sequenceNumber: record.dynamodb?.SequenceNumber ?? '',
      before: image(record.dynamodb?.OldImage),
      after: image(record.dynamodb?.NewImage),
      changedAt: record.dynamodb?.ApproximateCreationDateTime ? new Date(record.dynamodb.ApproximateCreationDateTime * 1000) : null,
    })),
    log,
  );
  return { batchItemFailures: failed ? [{ itemIdentifier: failed }] : [] };
};
