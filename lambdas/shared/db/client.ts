import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readEnv } from '../env';

/** One document client per Lambda module instance; endpoints come from AWS_ENDPOINT_URL_DYNAMODB locally. */
export const { TABLE_NAME: tableName } = readEnv('TABLE_NAME');

export const dynamodb = new DynamoDBClient({});

export const db = DynamoDBDocumentClient.from(dynamodb, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});
