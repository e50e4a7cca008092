import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems } from '../batch-get';
import { db, tableName } from '../client';
import { keys } from '../keys';
import { type TransactionStep } from '../transaction';

/** The ATS candidates an integration has brought into a position: one item each (integrationImport), so a sync never invites twice. */
/** Which of these ATS refs the integration has brought into the position already (BatchGetItem, 100 keys a call). */
export const importedRefs = async (integrationId: string, positionId: string, refs: readonly string[]): Promise<Set<string>> => {
  const found = await batchGetItems(
    refs.map((ref) => keys.integrationImport(integrationId, positionId, ref)),
    { attributes: ['ref'] },
  );
  return new Set([...found.values()].map((item) => item.ref as string));
};

/** The step that records an ATS candidate's import with the candidate it created (fails: already imported). */
export const importStep = (integrationId: string, positionId: string, ref: string, candidateId: string): TransactionStep<'import'> => ({
  name: 'import',
  about: ref,
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...keys.integrationImport(integrationId, positionId, ref), type: 'integrationImport', ref, candidateId },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
});

/** Records an ATS candidate the position will not invite (already a candidate by e-mail), so syncs stop trying. */
export const markImported = async (integrationId: string, positionId: string, ref: string, reason: string): Promise<void> => {
  await db
    .send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.integrationImport(integrationId, positionId, ref), type: 'integrationImport', ref, candidateId: null, reason },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
};
