import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from './client';
import { keys } from './keys';
import { writeIf } from './conditional-write';

/**
 * Fixed-window rate limit, atomic in DynamoDB: one counter item per subject and window, expiring
 * with the window. Returns false when the limit is reached (the counter is left unchanged).
 */
export const consumeRateLimit = async (name: string, subject: string, limit: number, windowSeconds: number, now = Date.now()): Promise<boolean> => {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.rateLimit(name, subject, windowStart),
      UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': windowStart + windowSeconds },
    }),
  );
};
