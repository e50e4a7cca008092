import { Duration } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type BucketProps } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { acknowledge } from '../nag';

/**
 * Defaults every bucket here shares: no public access, SSE-S3, TLS 1.2+ only (enforceSSL),
 * ACLs disabled. Outside production a `cdk destroy` empties and removes it (autoDeleteObjects);
 * in production it is retained.
 */
export const privateBucketProps = (config: StageConfig): BucketProps => ({
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  minimumTLSVersion: 1.2,
  objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
  removalPolicy: config.removalPolicy,
  autoDeleteObjects: !config.isProduction,
});

/**
 * A bucket that receives access logs (S3 server access logs; CloudFront standard logs when
 * `forCloudFront`, which still delivers through the bucket ACL and so needs ACLs enabled).
 * Log objects expire; the bucket does not log itself.
 */
export const createLogBucket = (scope: Construct, id: string, config: StageConfig, options: { forCloudFront?: boolean } = {}): Bucket => {
  const bucket = new Bucket(scope, id, {
    ...privateBucketProps(config),
    ...(options.forCloudFront ? { objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED } : {}),
    lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(config.isProduction ? 365 : 30) }],
  });
  acknowledge(
    bucket,
    'AwsSolutions-S1',
    'This is the access-log bucket itself; logging its own access into itself would loop, and it is written only by the log delivery services.',
  );
  return bucket;
};
