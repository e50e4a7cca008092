import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { keys } from '../keys';

export const recordAnswerPackage = (candidateId: string, answerPackage: { key: string; answerIds: string[] }) =>
  db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.candidate(candidateId),
      UpdateExpression: 'SET answerPackage = :package',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':package': answerPackage },
    }),
  );
