import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableDefinition } from '../../lambdas/data/table-definition';
import { uploadCorsRule } from '../../lambdas/adapters/storage-layout';
import { synthTestStage, type Resource, type TestStage } from './synth';

/** The data stack: the table and the buckets. */
describe('the data stack (stage "test")', () => {
  let data: TestStage['data'];

  beforeAll(() => {
    ({ data } = synthTestStage());
  });

  describe('data', () => {
    it('has the one table from the table definition: keys, GSIs, TTL, PITR, encryption, on-demand', () => {
      data.resourceCountIs('AWS::DynamoDB::Table', 1);
      data.hasResourceProperties('AWS::DynamoDB::Table', {
        TableName: 'test-interviews',
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
        GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      });
    });

    it('destroys data outside production', () => {
      data.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });
    });

    it('makes the media bucket private, SSL-only, CORS-enabled for uploads, logged, and aborts stale multipart uploads', () => {
      const media = Match.objectLike({
        BucketName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('^test-media-')])] }),
      });
      data.hasResourceProperties('AWS::S3::Bucket', {
        BucketName: Match.anyValue(),
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        CorsConfiguration: {
          CorsRules: [
            {
              AllowedMethods: [...uploadCorsRule.allowedMethods],
              AllowedHeaders: uploadCorsRule.allowedHeaders,
              ExposedHeaders: uploadCorsRule.exposedHeaders,
              AllowedOrigins: ['*'],
              MaxAge: uploadCorsRule.maxAgeSeconds,
            },
          ],
        },
        LifecycleConfiguration: { Rules: [Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' })] },
        LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 'media/' },
      });
      expect(Object.keys(data.findResources('AWS::S3::Bucket', { Properties: media }))).toHaveLength(1);
    });

    it('denies every non-TLS request to its buckets', () => {
      const policies = Object.values(data.findResources('AWS::S3::BucketPolicy') as Record<string, Resource>);
      // The media, live-recordings and access-log buckets.
      expect(policies).toHaveLength(3);
      for (const policy of policies) {
        expect(policy.Properties.PolicyDocument.Statement).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        );
      }
    });
  });
});
