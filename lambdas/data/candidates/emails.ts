import { batchGetItems } from '../batch-get';
import { tableName } from '../client';
import { keys } from '../keys';
import type { TransactionStep } from '../transaction';

/**
 * An address is a candidate of a position once. One item per (position, address) holds the
 * candidate's id (`keys.candidateEmail`): put in the transaction that creates the candidate, on
 * the condition that it does not exist yet, and deleted in the one that deletes them. Two
 * concurrent invites of one address cannot both succeed, and the check is one GetItem. A preview
 * and a candidate without an address hold none.
 */
export class CandidateEmailTaken extends Error {
  constructor(readonly email: string) {
    super(`${email} is already a candidate of this position`);
    this.name = 'CandidateEmailTaken';
  }
}

interface Holder {
  candidateId: string;
  positionId: string;
  email: string | null;
  preview: boolean;
}

/** The address a candidate holds in their position, if any. */
export const heldEmail = (candidate: Holder): string | null => (candidate.preview ? null : candidate.email);

/**
 * The item to put with a new candidate; its step fails when the address is taken. `table` is the
 * Lambda's own unless given (the backfill script names its stage's).
 */
export const claimEmailStep = (positionId: string, candidateId: string, email: string, table = tableName()): TransactionStep<'email'> => ({
  name: 'email',
  about: email,
  item: {
    Put: {
      TableName: table,
      Item: { ...keys.candidateEmail(positionId, email), type: 'candidateEmail', positionId, candidateId, email },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
});

/**
 * The item's deletion with its candidate. Absent is fine (written before addresses were unique
 * and not backfilled yet); held by another candidate (two invites of one address from before) it
 * fails, and the candidate is deleted without it.
 */
export const releaseEmailStep = (candidate: Holder & { email: string }): TransactionStep<'email'> => ({
  name: 'email',
  item: {
    Delete: {
      TableName: tableName(),
      Key: keys.candidateEmail(candidate.positionId, candidate.email),
      ConditionExpression: 'attribute_not_exists(PK) OR candidateId = :id',
      ExpressionAttributeValues: { ':id': candidate.candidateId },
    },
  },
});

/**
 * Which of these addresses a position already has (a bulk invite checks its whole list before it
 * writes anything): BatchGetItem, 100 addresses a request, strongly consistent.
 */
export const emailsTaken = async (positionId: string, emails: readonly string[]): Promise<string[]> => {
  const found = await batchGetItems(
    [...new Set(emails)].map((email) => keys.candidateEmail(positionId, email)),
    { consistent: true, attributes: ['email'] },
  );
  return [...found.values()].map((item) => item.email as string);
};
