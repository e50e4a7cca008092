import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readEnv } from '../platform/env';
import { sdkClientSettings } from '../platform/sdk-config';

/**
 * One document client per Lambda module instance; endpoints come from AWS_ENDPOINT_URL_DYNAMODB locally.
 * The table's name is read when first used, not at import: a function without a table grant (the
 * OpenAPI document, the e-mail check) has no TABLE_NAME, yet imports the handler chain.
 */
let name: string | undefined;
export const tableName = (): string => (name ??= readEnv('TABLE_NAME').TABLE_NAME);

export const dynamodb = new DynamoDBClient(sdkClientSettings('dynamodb'));

export const db = DynamoDBDocumentClient.from(dynamodb, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});
