import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../client';
import { writeIf } from '../conditional-write';
import { keys } from '../keys';

/**
 * When the candidate started their interview: their first recording's start, set once on the
 * candidate item (`startedAt`). True only for the write that set it, so what follows a start (the
 * `candidate.started` webhook event, issue 38) happens once, whichever of two tabs or a retried
 * request gets there first (writeIf: the SDK's own retry of the write that set it still answers true).
 */
export const markStarted = (candidateId: string, at: string): Promise<boolean> =>
  writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.candidate(candidateId),
      UpdateExpression: 'SET startedAt = :at',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(startedAt)',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
