/**
 * Buckets the product uses, defined once for CDK and for the local S3 stand-in.
 * `media` holds uploads (team videos, candidate answers, logos) and their processed variants;
 * browsers PUT to it directly with presigned URLs, hence the CORS rule.
 */
export const bucketDefinitions = {
  media: { baseName: 'media' },
} as const;

export type BucketId = keyof typeof bucketDefinitions;

/** Physical bucket names must be globally unique in AWS; CDK adds account and region there. */
export const localBucketName = (stage: string, id: BucketId): string => `${stage}-${bucketDefinitions[id].baseName}`;

/** CORS for browser uploads straight to S3 (presigned PUT and multipart parts; ETag is read back). */
export const uploadCorsRule = {
  allowedMethods: ['GET', 'PUT', 'HEAD'] as const,
  allowedHeaders: ['*'],
  exposedHeaders: ['ETag'],
  maxAgeSeconds: 3000,
};

/** Object key prefixes, so lifecycle rules and IAM grants can be scoped per kind of object. */
export const mediaPrefixes = {
  uploads: 'uploads/',
  processed: 'processed/',
  packages: 'packages/',
} as const;
