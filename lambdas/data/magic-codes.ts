import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { checkCode, CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS } from '../domain/auth';
import { sameHash, sha256 } from '../platform/crypto';
import { db, tableName } from './client';
import { epochSeconds, keys } from './keys';
import { newSessionItem } from './sessions';
import { ConditionFailed, transact, TransactionConflict } from './transaction';

/** Codes are stored only as a hash bound to the address, one per address: a new one replaces the old. */
const codeHash = (email: string, code: string) => sha256(`${email}\n${code}`);

export const storeMagicCode = async (email: string, code: string, now = new Date()): Promise<void> => {
  const expiresAt = epochSeconds(now) + CODE_TTL_SECONDS;
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.magicCode(sha256(email)), type: 'magicCode', codeHash: codeHash(email, code), attempts: 0, expiresAt, ttl: expiresAt },
    }),
  );
};


export type SignInResult =
  { outcome: 'signed_in'; sessionId: string } | { outcome: 'wrong'; attemptsLeft: number } | { outcome: 'expired' | 'invalid' };

/**
 * Checks a code; on success burns it and creates the session in one transaction (so a code can
 * never make two sessions), on failure counts the attempt and burns the code at the fifth.
 */
export const signInWithCode = async (email: string, userId: string | null, code: string, now = new Date()): Promise<SignInResult> => {
  const key = keys.magicCode(sha256(email));
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const stored = Item ? { codeHash: String(Item.codeHash), expiresAt: Number(Item.expiresAt), attempts: Number(Item.attempts) } : undefined;
  const given = codeHash(email, code);
  const check = checkCode(stored, given, epochSeconds(now), sameHash);
  if (check === 'missing' || !stored) return { outcome: 'invalid' };
  if (check === 'expired') return { outcome: 'expired' };
  if (check === 'valid' && userId) {
    const { sessionId, item } = newSessionItem(userId, now);
    try {
      await transact([
        {
          name: 'code',
          item: {
            Delete: {
              TableName: tableName(),
              Key: key,
              ConditionExpression: 'codeHash = :hash AND attempts < :max',
              ExpressionAttributeValues: { ':hash': stored.codeHash, ':max': CODE_MAX_ATTEMPTS },
            },
          },
        },
        { name: 'session', item: { Put: { TableName: tableName(), Item: item } } },
      ]);
      return { outcome: 'signed_in', sessionId };
    } catch (error) {
      // Used or replaced meanwhile, or another sign-in with it kept winning the race.
      if ((error instanceof ConditionFailed && error.step === 'code') || error instanceof TransactionConflict) return { outcome: 'invalid' };
      throw error;
    }
  }
  // A wrong code (or a code for an address without an account, which can never be right).
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'codeHash = :hash AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':hash': stored.codeHash, ':max': CODE_MAX_ATTEMPTS },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const attempts = Number(Attributes?.attempts ?? CODE_MAX_ATTEMPTS);
    if (attempts >= CODE_MAX_ATTEMPTS) {
      await db
        .send(
          new DeleteCommand({
            TableName: tableName(),
            Key: key,
            ConditionExpression: 'codeHash = :hash',
            ExpressionAttributeValues: { ':hash': stored.codeHash },
          }),
        )
        .catch(() => undefined);
    }
    return { outcome: 'wrong', attemptsLeft: Math.max(0, CODE_MAX_ATTEMPTS - attempts) };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return { outcome: 'invalid' };
    throw error;
  }
};
