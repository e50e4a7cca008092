import type { Device } from '../../domain/reports';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../client';
import { writeIf } from '../conditional-write';
import { keys } from '../keys';

/**
 * When the candidate first opened their interview link (issue 40: the funnel's "opened"), set once.
 * A lost race (another tab, a retry) changes nothing.
 */
export const markOpened = (candidateId: string, at: string): Promise<boolean> =>
  writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.candidate(candidateId),
      UpdateExpression: 'SET openedAt = :at',
      // Candidates are written with `openedAt: null` until then.
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(openedAt) OR openedAt = :null)',
      ExpressionAttributeValues: { ':at': at, ':null': null },
    }),
  );

/**
 * When the candidate started their interview: their first recording's start, set once on the
 * candidate item (`startedAt`). True only for the write that set it, so what follows a start (the
 * `candidate.started` webhook event, issue 38) happens once, whichever of two tabs or a retried
 * request gets there first (writeIf: the SDK's own retry of the write that set it still answers true).
 * `startedOn` is the device of that request (phone or desktop), for the reports (issue 40).
 */
export const markStarted = (candidateId: string, at: string, device: Device): Promise<boolean> =>
  writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.candidate(candidateId),
      UpdateExpression: 'SET startedAt = :at, startedOn = :device',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(startedAt)',
      ExpressionAttributeValues: { ':at': at, ':device': device },
    }),
  );
