import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Bucket, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { tableDefinition, tableName } from '../../lambdas/data/table-definition';
import { localBucketName, uploadCorsRule } from '../../lambdas/adapters/storage-layout';
import type { StageConfig } from '../config';
import { comeetPartnerSecretName, integrationsKeyAlias, leverOAuthSecretName, stripeSecretNames } from '../functions';
import { acknowledge } from '../nag';
import { createLogBucket, privateBucketProps } from './buckets';

/**
 * Names and ARNs of the data resources, derived from the stage and the stack's account/region alone.
 * The API stack addresses the table and bucket through these instead of cross-stack references:
 * no CloudFormation exports (an exported value cannot change while another stack imports it), and
 * IAM resources with wildcards (`bucket/uploads/*`) have the same template form in every stack,
 * which cdk-nag acknowledgments must name exactly.
 */
export interface DataResourceRefs {
  readonly tableName: string;
  readonly tableArn: string;
  readonly indexArns: readonly string[];
  readonly mediaBucketName: string;
  readonly mediaBucketArn: string;
  /** What IVS records of live takes, until it is joined into the media bucket (lib/constructs/live-recording.ts). */
  readonly liveRecordingsBucketName: string;
  readonly liveRecordingsBucketArn: string;
}

export const dataResourceRefs = (scope: Construct, stage: string): DataResourceRefs => {
  const stack = Stack.of(scope);
  const table = tableName(stage);
  const tableArn = stack.formatArn({ service: 'dynamodb', resource: 'table', resourceName: table, arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
  // Bucket names are global: the local name (`dev-media`) plus account and region.
  const mediaBucketName = `${localBucketName(stage, 'media')}-${stack.account}-${stack.region}`;
  const liveRecordingsBucketName = `${localBucketName(stage, 'liveRecordings')}-${stack.account}-${stack.region}`;
  return {
    tableName: table,
    tableArn,
    indexArns: tableDefinition.globalSecondaryIndexes.map((index) => `${tableArn}/index/${index.indexName}`),
    mediaBucketName,
    mediaBucketArn: `arn:${stack.partition}:s3:::${mediaBucketName}`,
    liveRecordingsBucketName,
    liveRecordingsBucketArn: `arn:${stack.partition}:s3:::${liveRecordingsBucketName}`,
  };
};

/**
 * The SSM parameter holding the table's stream ARN. A stream's ARN ends in the time it was enabled, so
 * it cannot be derived from the table's name as the other refs are: the data stack writes it here and
 * the API stack's stream mappings read it at deploy time (lib/constructs/streams.ts), still without a
 * CloudFormation export between the two.
 */
export const tableStreamParameterName = (stage: string): string => `/${stage}/interviews/table-stream-arn`;

/** Days after which what IVS recorded expires, whether or not it was joined into an answer. */
export const LIVE_RECORDINGS_EXPIRE_DAYS = 3;

export interface DataProps {
  readonly config: StageConfig;
  /** Origins allowed to PUT/GET media from the browser. Default `*` (see below). */
  readonly mediaCorsOrigins?: readonly string[];
}

/** The one DynamoDB table (lambdas/data/table-definition.ts) and the media bucket. */
export class Data extends Construct {
  readonly table: Table;
  readonly mediaBucket: Bucket;
  readonly liveRecordingsBucket: Bucket;
  readonly accessLogsBucket: Bucket;
  readonly stripeSecrets: readonly Secret[];
  readonly integrationsKey: Key;
  readonly atsSecrets: readonly Secret[];
  readonly refs: DataResourceRefs;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const { config } = props;
    this.refs = dataResourceRefs(this, config.stage);

    this.table = new Table(this, 'Table', {
      tableName: this.refs.tableName,
      partitionKey: { name: tableDefinition.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      stream: StreamViewType[tableDefinition.streamViewType],
      deletionProtection: config.isProduction,
      removalPolicy: config.removalPolicy,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    new StringParameter(this, 'TableStreamArn', {
      parameterName: tableStreamParameterName(config.stage),
      stringValue: this.table.tableStreamArn!,
      description: "The table's DynamoDB stream, which the API stack's stream functions are mapped to (lambdas/streams.ts)",
    });

    this.accessLogsBucket = createLogBucket(this, 'AccessLogs', config);

    this.mediaBucket = new Bucket(this, 'Media', {
      ...privateBucketProps(config),
      bucketName: this.refs.mediaBucketName,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'media/',
      // Browsers PUT straight to S3 with presigned URLs (and multipart parts, reading back ETag).
      // Origins default to '*': the presigned signature is the authorization, CORS only decides
      // whether a page may read the response, and the CloudFront domain is not known when this
      // stack is built (it is created after the API). Set `appOrigin` to pin it.
      cors: [
        {
          allowedOrigins: [...(props.mediaCorsOrigins ?? ['*'])],
          allowedMethods: uploadCorsRule.allowedMethods.map((method) => HttpMethods[method]),
          allowedHeaders: [...uploadCorsRule.allowedHeaders],
          exposedHeaders: [...uploadCorsRule.exposedHeaders],
          maxAge: uploadCorsRule.maxAgeSeconds,
        },
      ],
      lifecycleRules: [{ id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: config.abortIncompleteUploadsAfter }],
    });

    // IVS records live takes here (an IVS storage configuration names a bucket, never a prefix: it
    // writes at the root). Each recording is joined into the media bucket and deleted within
    // minutes; what a failure leaves behind expires. SSE-S3 and bucket-owner-enforced, as IVS requires.
    this.liveRecordingsBucket = new Bucket(this, 'LiveRecordings', {
      ...privateBucketProps(config),
      bucketName: this.refs.liveRecordingsBucketName,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'live-recordings/',
      lifecycleRules: [{ id: 'expire-raw-recordings', expiration: Duration.days(LIVE_RECORDINGS_EXPIRE_DAYS) }],
    });

    // Stripe's secret API key and webhook signing secret. CDK creates them with a placeholder; the
    // operator puts the real values (README, "Billing with Stripe"), which later deploys keep.
    const names = stripeSecretNames(config.stage);
    this.stripeSecrets = [
      ['StripeSecretKey', names.apiKey, "Stripe's secret API key (sk_live_… or sk_test_…)"],
      ['StripeWebhookSecret', names.webhookSecret, "The signing secret of Stripe's webhook endpoint for this stage's API (whsec_…)"],
    ].map(([id, secretName, description]) => {
      const secret = new Secret(this, id!, { secretName, description, removalPolicy: config.removalPolicy });
      acknowledge(
        secret,
        'AwsSolutions-SMG4',
        'A Stripe key is rolled in the Stripe dashboard, which Secrets Manager cannot do; the operator puts the new value (README).',
      );
      return secret;
    });

    // ATS credentials are sealed with this key (lambdas/adapters/kms.ts), under an encryption
    // context naming the integration; functions reach it by alias (grant ats:api).
    this.integrationsKey = new Key(this, 'IntegrationsKey', {
      alias: integrationsKeyAlias(config.stage),
      description: 'Seals the credentials of ATS and CRM integrations',
      enableKeyRotation: true,
      removalPolicy: config.removalPolicy,
    });
    // The product's own secrets at two vendors: its OAuth client at Lever and its Comeet partner secret.
    this.atsSecrets = [
      [
        'LeverOAuthClient',
        leverOAuthSecretName(config.stage),
        'The product\'s OAuth client at Lever, JSON {"clientId": …, "clientSecret": …}',
        "Lever's OAuth client secret is rolled in Lever's developer settings",
      ],
      [
        'ComeetPartnerSecret',
        comeetPartnerSecretName(config.stage),
        'The secret Comeet issued the product as a partner (signs the tokens its API takes)',
        'Comeet issues and rolls its partner secret',
      ],
    ].map(([id, secretName, description, rolled]) => {
      const secret = new Secret(this, id!, { secretName, description, removalPolicy: config.removalPolicy });
      acknowledge(secret, 'AwsSolutions-SMG4', `${rolled}, which Secrets Manager cannot do; the operator puts the new value (README).`);
      return secret;
    });
  }
}
