import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TimingAdjustment, TimingRequest } from '../../contracts/timing';
import { db, tableName } from '../client';
import { keys } from '../keys';
import { storedTiming } from '../timing';
import { fromItem, type Candidate } from './candidate';

/**
 * A candidate's timing (issue 25): the team sets it at any time (and so answers any request); the
 * candidate's own choice or request is taken only while no question has been started (no recording
 * attempt yet) and the interview is in progress.
 */
export class TimingLocked extends Error {}

/** Before the first question: still invited, no attempt at any question. */
const NOT_STARTED = 'currentStatus = :invited AND (attribute_not_exists(attempts) OR size(attempts) = :zero)';

/** The update; the candidate as it is after it, or with `ALL_OLD` as it was before. */
const update = async (
  candidateId: string,
  expression: string,
  condition: string,
  values: Record<string, unknown>,
  returnValues: 'ALL_NEW' | 'ALL_OLD' = 'ALL_NEW',
): Promise<Candidate> => {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.candidate(candidateId),
        UpdateExpression: expression,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
        ReturnValues: returnValues,
      }),
    );
    return fromItem(Attributes!);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new TimingLocked();
    throw error;
  }
};

/**
 * The team's setting: replaces the adjustment and answers any pending request. The candidate must
 * still exist. With the candidate as now stored, the request this write answered (read in the same
 * write, so of two settings at once only one answers it).
 */
export const setTiming = async (candidateId: string, timing: TimingAdjustment): Promise<{ candidate: Candidate; answered: TimingRequest | null }> => {
  const before = await update(
    candidateId,
    'SET timing = :timing, timingRequest = :none',
    'attribute_exists(PK)',
    { ':timing': storedTiming(timing), ':none': null },
    'ALL_OLD',
  );
  return { candidate: { ...before, timing: storedTiming(timing), timingRequest: null }, answered: before.timingRequest };
};

/** The candidate's own choice, where the position lets them (TimingLocked once a question was started). */
export const chooseTiming = (candidateId: string, timing: TimingAdjustment) =>
  update(candidateId, 'SET timing = :timing, timingRequest = :none', NOT_STARTED, {
    ':timing': storedTiming(timing),
    ':none': null,
    ':invited': 'invited',
    ':zero': 0,
  });

/** The candidate's request to the team (TimingLocked once a question was started). */
export const requestTiming = (candidateId: string, request: TimingRequest) =>
  update(candidateId, 'SET timingRequest = :request', NOT_STARTED, {
    ':request': { choice: request.choice, requestedAt: request.requestedAt },
    ':invited': 'invited',
    ':zero': 0,
  });
