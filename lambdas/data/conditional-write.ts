import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './client';

/**
 * Sends one conditional write: true when it was written, false when its condition did not hold
 * (the item is gone, or not in the state the write expects). Any other error is thrown.
 */
export const writeIf = async (command: PutCommand | UpdateCommand | DeleteCommand): Promise<boolean> => {
  try {
    await db.send(command as UpdateCommand);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};
