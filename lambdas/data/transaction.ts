import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client';

/**
 * DynamoDB transactions whose steps have names, so a caller learns which condition failed
 * (`ConditionFailed.step`) instead of decoding CancellationReasons by position. A transaction that
 * lost a race with another one on the same items (TransactionConflict) is tried again a few
 * times with jittered backoff before the conflict is reported.
 *
 * Each transaction carries one ClientRequestToken, the same on every send of the same steps: the
 * SDK's own retries (a throttle, a timeout, a lost answer) and the conflict retries here. Within
 * 10 minutes DynamoDB answers a repeat of a transaction it already applied with success and
 * applies nothing (a plain retry would meet its own writes and fail its conditions, answering an
 * error for what was done); a cancelled transaction sent again with its token runs again. (The
 * SDK fills in a token of its own per command when none is given, which covers its retries but
 * not a new command; naming it here makes the one token per transaction explicit.) DynamoDB Local
 * behaves the same (checked against it: a repeat adds nothing, a changed repeat is
 * IdempotentParameterMismatchException, a cancelled one runs again; test/api/faults.test.ts loses
 * an invite's answer and sees one candidate).
 */
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface TransactionStep<Name extends string = string> {
  readonly name: Name;
  readonly item: TransactItem;
  /** Which one, when several steps share a name (the e-mail address of one of many candidates). */
  readonly about?: string;
}

export class ConditionFailed<Name extends string = string> extends Error {
  constructor(
    readonly step: Name,
    readonly about?: string,
  ) {
    super(`Transaction condition failed: ${step}`);
    this.name = 'ConditionFailed';
  }
}

export class TransactionConflict extends Error {
  constructor() {
    super('The transaction kept conflicting with concurrent ones');
    this.name = 'TransactionConflict';
  }
}

const CONFLICT_ATTEMPTS = 4;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `client` is the Lambda's own unless given (an operator script brings one for its stage). */
export const transact = async <Name extends string>(steps: readonly TransactionStep<Name>[], client: DynamoDBDocumentClient = db): Promise<void> => {
  const input: TransactWriteCommandInput = { TransactItems: steps.map((step) => step.item), ClientRequestToken: randomUUID() };
  for (let attempt = 1; ; attempt++) {
    try {
      await client.send(new TransactWriteCommand(input));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
      if (failed >= 0) throw new ConditionFailed(steps[failed]!.name, steps[failed]!.about);
      if (!reasons.some((reason) => reason.Code === 'TransactionConflict')) throw error;
      if (attempt >= CONFLICT_ATTEMPTS) throw new TransactionConflict();
      await pause(Math.random() * 50 * 2 ** attempt);
    }
  }
};
