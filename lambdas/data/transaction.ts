import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client';

/**
 * DynamoDB transactions whose steps have names, so a caller learns which condition failed
 * (`ConditionFailed.step`) instead of decoding CancellationReasons by position. A transaction that
 * lost a race with another one on the same items (TransactionConflict) is tried again a few
 * times with jittered backoff before the conflict is reported.
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
  for (let attempt = 1; ; attempt++) {
    try {
      await client.send(new TransactWriteCommand({ TransactItems: steps.map((step) => step.item) }));
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
