import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './client';

/**
 * The attribute a conditional put or update leaves on its item: the id of the write (issue 37).
 * When DynamoDB applied a write but its answer was lost, the SDK sends the same request again, whose
 * condition then fails (the item exists now, or is no longer in the state the write expected). The
 * failed check returns the item as it is (ReturnValuesOnConditionCheckFailure), and an item that
 * carries this write's id was written by this write: the write happened once and stands.
 */
export const WRITE_ID_ATTRIBUTE = 'writeId';

/** The update expression with `#writeId = :writeId` among its SET actions. */
const withWriteIdSet = (expression: string): string =>
  /\bSET\s/i.test(expression) ? expression.replace(/\bSET\s+/i, 'SET #writeId = :writeId, ') : `SET #writeId = :writeId ${expression}`;

/**
 * Sends one conditional write: true when it was written (by this call, even when the SDK's retry of
 * it met its own earlier success), false when its condition did not hold (the item is gone, or not
 * in the state the write expects). Any other error is thrown. A delete cannot be told from one that
 * found nothing, so a retried delete whose first attempt applied answers false.
 */
export const writeIf = async (command: PutCommand | UpdateCommand | DeleteCommand): Promise<boolean> => {
  const writeId = randomUUID();
  if (command instanceof PutCommand) {
    command.input.Item = { ...command.input.Item, [WRITE_ID_ATTRIBUTE]: writeId };
  } else if (command instanceof UpdateCommand) {
    command.input.UpdateExpression = withWriteIdSet(command.input.UpdateExpression ?? '');
    command.input.ExpressionAttributeNames = { ...command.input.ExpressionAttributeNames, '#writeId': WRITE_ID_ATTRIBUTE };
    command.input.ExpressionAttributeValues = { ...command.input.ExpressionAttributeValues, ':writeId': writeId };
  }
  if (!(command instanceof DeleteCommand)) command.input.ReturnValuesOnConditionCheckFailure = 'ALL_OLD';
  try {
    await db.send(command as UpdateCommand);
    return true;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // The item as the failed check found it, in DynamoDB's own JSON (the document client does not convert an error's item).
    return error.Item?.[WRITE_ID_ATTRIBUTE]?.S === writeId;
  }
};
