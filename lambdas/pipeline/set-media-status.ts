import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { db, tableName } from '../shared/db/client';
import { keys } from '../shared/db/keys';
import { logger } from '../shared/logger';

/**
 * Pipeline task: records a media item's processing status (and the failure cause on the failed
 * path). The media item must exist: a pipeline run for unknown media fails instead of inventing it.
 */
const inputSchema = z.object({
  mediaId: z.string().min(1),
  status: z.enum(['received', 'processing', 'ready', 'failed']),
  error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});

export const handler = async (event: unknown) => {
  const input = inputSchema.parse(event);
  const failure = input.error ? { error: input.error.Error ?? 'Unknown', cause: (input.error.Cause ?? '').slice(0, 1000) } : undefined;
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.media(input.mediaId),
      ConditionExpression: 'attribute_exists(PK)',
      UpdateExpression: failure
        ? 'SET processingStatus = :status, updatedAt = :now, processingError = :failure'
        : 'SET processingStatus = :status, updatedAt = :now REMOVE processingError',
      ExpressionAttributeValues: { ':status': input.status, ':now': new Date().toISOString(), ...(failure ? { ':failure': failure } : {}) },
    }),
  );
  logger.info('media status recorded', { mediaId: input.mediaId, status: input.status });
  return { mediaId: input.mediaId, status: input.status };
};
