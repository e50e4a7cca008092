import { Stack, ArnFormat } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { answerPackageStateMachineName } from '../../lambdas/pipeline/answer-package.asl';
import type { Grant } from '../../lambdas/operations/index';
import { mediaPrefixes } from '../../lambdas/adapters/storage-layout';
import { mailIdentities, type StageConfig } from '../config';
import {
  comeetPartnerSecretName,
  grantEnvironment,
  integrationsKeyAlias,
  leverOAuthSecretName,
  mailConfigurationSetName,
  stripeSecretNames,
  queueNames,
  ssoSecretPrefix,
  type GrantValues,
} from '../functions';
import { WEBHOOK_SECRET_SEAL_PURPOSE } from '../../lambdas/contracts/webhooks';
import { GRANTS } from '../../lambdas/operations/operation';
import { acknowledge, iam5Resource } from '../nag';
import type { DataResourceRefs } from './data';

/**
 * The one place where a route's (or task's, or schedule's) grants become what its Lambda gets:
 * each grant sets the environment variables the handler reads (lib/functions.ts says which, for
 * CDK and the local runtime alike) and the least-privilege IAM statements for them, together, so
 * one cannot exist without the other. Pass effective grants (lib/functions.ts).
 */
export interface GrantTargets {
  readonly config: StageConfig;
  readonly data: DataResourceRefs;
  /** The SPA's origin (grant app:links): the custom domain or the web stack's CloudFront domain. */
  readonly appOrigin: string;
  /** Absent while the pipeline's own task functions are built (the state machine needs their ARNs first). */
  readonly stateMachineArn?: string;
  /** The IVS storage configuration recording live takes (lib/constructs/live-recording.ts), for grant live:record. */
  readonly liveStorageConfigurationArn?: string;
}

// Item-level actions only: no Scan (every list is a Query, DESIGN.md §5) and no table management.
// Transactions need no actions of their own: TransactWriteItems is authorized per item as
// Put/Update/Delete/ConditionCheck, TransactGetItems as GetItem.
const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const INDEX_READ_ACTIONS = ['dynamodb:Query'];

const MEDIA_OBJECT_ACTIONS: Record<'media:read' | 'media:write' | 'media:delete', string[]> = {
  'media:read': ['s3:GetObject'],
  // PutObject covers presigned PUTs and the multipart calls (create, upload part, complete).
  'media:write': ['s3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
  'media:delete': ['s3:DeleteObject'],
};

/**
 * The answer-package builder's ARN, from its name (lib/constructs/answer-packages.ts names it so):
 * route functions in nested stacks address it without a reference across stacks, as they do secrets.
 */
export const answerPackageStateMachineArn = (scope: Stack, stage: string): string =>
  scope.formatArn({
    service: 'states',
    resource: 'stateMachine',
    resourceName: answerPackageStateMachineName(stage),
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });

/** The product's own events (lambdas/event-rules.ts) go to the account's default bus, where the rules are. */
export const PRODUCT_EVENT_BUS = 'default';

/** A stage's webhook deliveries queue, by name: its ARN and URL (lib/constructs/webhooks.ts creates it under that name). */
export const webhookDeliveriesQueue = (stack: Stack, stage: string) => {
  const name = queueNames(stage, 'webhookDeliveries').queue;
  return { arn: stack.formatArn({ service: 'sqs', resource: name }), url: `https://sqs.${stack.region}.${stack.urlSuffix}/${stack.account}/${name}` };
};

/** The foundation model summaries use, as IAM names it: `arn:aws:bedrock:<region>::foundation-model/<model id>`. */
export const summaryModelArn = (stack: Stack, modelId: string): string =>
  stack.formatArn({ service: 'bedrock', account: '', resource: 'foundation-model', resourceName: modelId, arnFormat: ArnFormat.SLASH_RESOURCE_NAME });

export const bindGrants = (fn: LambdaFunction, grants: readonly Grant[], targets: GrantTargets): void => {
  const { config, data } = targets;
  const stack = Stack.of(fn);
  const deliveriesQueue = webhookDeliveriesQueue(stack, config.stage);
  const values: GrantValues = {
    TABLE_NAME: data.tableName,
    MEDIA_BUCKET: data.mediaBucketName,
    MAIL_FROM: config.mailFrom,
    MAIL_CONFIGURATION_SET: mailConfigurationSetName(config.stage),
    APP_ORIGIN: targets.appOrigin,
    STATE_MACHINE_ARN: targets.stateMachineArn,
    ANSWER_PACKAGE_STATE_MACHINE_ARN: answerPackageStateMachineArn(stack, config.stage),
    STRIPE_API_KEY_SECRET_ID: stripeSecretNames(config.stage).apiKey,
    STRIPE_WEBHOOK_SECRET_ID: stripeSecretNames(config.stage).webhookSecret,
    INTEGRATIONS_KEY_ID: integrationsKeyAlias(config.stage),
    LEVER_OAUTH_CLIENT_SECRET_ID: leverOAuthSecretName(config.stage),
    COMEET_PARTNER_SECRET_ID: comeetPartnerSecretName(config.stage),
    IVS_STORAGE_CONFIGURATION_ARN: targets.liveStorageConfigurationArn ?? '',
    LIVE_RECORDINGS_BUCKET: data.liveRecordingsBucketName,
    EVENT_BUS_NAME: PRODUCT_EVENT_BUS,
    WEBHOOK_DELIVERIES_QUEUE_URL: deliveriesQueue.url,
    // In AWS a webhook goes only to public https addresses: no origin is exempt.
    WEBHOOK_ALLOWED_ORIGINS: '',
    WEBHOOK_RETRY_SCALE: '1',
    SUMMARY_MODEL_ID: config.summaryModelId,
    SUMMARY_MONTHLY_TOKEN_BUDGET: String(config.summaryMonthlyTokenBudget),
    SSO_SECRET_PREFIX: ssoSecretPrefix(config.stage),
    // In AWS single sign-on reaches only public https addresses: no origin is exempt.
    SSO_ALLOWED_ORIGINS: '',
    // In AWS the function's own resolver (the VPC's, or Lambda's) answers.
    DNS_RESOLVER: '',
  };
  const allow = (actions: string[], resources: string[]) => fn.addToRolePolicy(new PolicyStatement({ actions, resources }));
  const requireStateMachine = (grant: Grant): string => {
    if (!targets.stateMachineArn) throw new Error(`${fn.node.path}: grant ${grant} needs the media pipeline, which is not available here`);
    return targets.stateMachineArn;
  };
  // A secret's ARN ends in `-` and six random characters Secrets Manager adds.
  const allowSecret = (name: string) =>
    allow(
      ['secretsmanager:GetSecretValue'],
      [stack.formatArn({ service: 'secretsmanager', resource: 'secret', resourceName: `${name}-??????`, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
    );
  // Findings are reported on the role's policy, a sibling of the function: acknowledge on the role.
  const policyOwner = fn.role ?? fn;
  const mediaObjectArns = Object.values(mediaPrefixes).map((prefix) => `${data.mediaBucketArn}/${prefix}*`);
  // The integrations key (by its alias, as ats:api), for one action, and only under the webhook-secret
  // encryption context: a webhook function opens no ATS credential, an ATS function no signing secret.
  const allowWebhookSecrets = (action: 'kms:Encrypt' | 'kms:Decrypt') => {
    const keys = stack.formatArn({ service: 'kms', resource: 'key', resourceName: '*', arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [action],
        resources: [keys],
        conditions: {
          'ForAnyValue:StringEquals': { 'kms:ResourceAliases': integrationsKeyAlias(config.stage) },
          StringEquals: { 'kms:EncryptionContext:purpose': WEBHOOK_SECRET_SEAL_PURPOSE },
        },
      }),
    );
    acknowledge(
      policyOwner,
      iam5Resource(fn, keys),
      `Only the key carrying the alias ${integrationsKeyAlias(config.stage)} (condition kms:ResourceAliases), only under the webhook-secret encryption context: the data stack owns the key and no stack exports its ARN.`,
    );
  };

  // The single sign-on providers' client secrets: one per OIDC provider, made at run time, under the stage's prefix.
  const ssoSecrets = stack.formatArn({
    service: 'secretsmanager',
    resource: 'secret',
    resourceName: `${ssoSecretPrefix(config.stage)}*`,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
  const allowSsoSecrets = (actions: string[]) => {
    allow(actions, [ssoSecrets]);
    acknowledge(
      policyOwner,
      iam5Resource(fn, ssoSecrets),
      `The single sign-on client secrets, only those under the stage's prefix ${ssoSecretPrefix(config.stage)}: one secret per identity provider, created when an owner adds the provider, so their names (and the random suffix Secrets Manager adds) are not known up front.`,
    );
  };

  for (const grant of GRANTS.filter((g) => grants.includes(g))) {
    switch (grant) {
      case 'table:read':
      case 'table:write': {
        allow(grant === 'table:write' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS, [data.tableArn]);
        allow(INDEX_READ_ACTIONS, [...data.indexArns]);
        break;
      }
      case 'media:read':
      case 'media:write':
      case 'media:delete': {
        allow(MEDIA_OBJECT_ACTIONS[grant], mediaObjectArns);
        // Deleting a candidate's or company's media lists its keys by prefix first.
        if (grant === 'media:delete') allow(['s3:ListBucket'], [data.mediaBucketArn]);
        for (const arn of mediaObjectArns) {
          acknowledge(
            policyOwner,
            iam5Resource(fn, arn),
            `Objects under one of the media bucket's key prefixes (${Object.values(mediaPrefixes).join(', ')}): object keys are generated per upload, so the grant names the prefix, not each object.`,
          );
        }
        break;
      }
      case 'mail:send': {
        const { address, domain } = mailIdentities(config.mailFrom);
        const identities = [...new Set([address, domain])].map((identity) =>
          stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity, arnFormat: ArnFormat.SLASH_RESOURCE_NAME }),
        );
        // Every mail goes with the stage's configuration set (issue 26), which SES authorizes as a resource too.
        const configurationSet = stack.formatArn({
          service: 'ses',
          resource: 'configuration-set',
          resourceName: mailConfigurationSetName(config.stage),
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        });
        allow(['ses:SendEmail', 'ses:SendRawEmail'], [...identities, configurationSet]);
        break;
      }
      case 'app:links':
        // An environment variable only: nothing to call.
        break;
      case 'workflow:start': {
        const arn = requireStateMachine(grant);
        allow(['states:StartExecution'], [arn]);
        break;
      }
      case 'package:start': {
        allow(['states:StartExecution'], [values.ANSWER_PACKAGE_STATE_MACHINE_ARN]);
        break;
      }
      case 'health:check': {
        const arn = requireStateMachine(grant);
        allow(['dynamodb:DescribeTable'], [data.tableArn]);
        // HeadBucket is authorized as s3:ListBucket.
        allow(['s3:ListBucket'], [data.mediaBucketArn]);
        allow(['states:DescribeStateMachine'], [arn]);
        allow(['ses:GetAccount'], ['*']);
        acknowledge(
          policyOwner,
          'AwsSolutions-IAM5[Resource::*]',
          "ses:GetAccount (the health check) has no resource-level permissions; it only reads the account's sending status.",
        );
        break;
      }
      case 'billing:api': {
        allowSecret(stripeSecretNames(config.stage).apiKey);
        break;
      }
      case 'billing:webhook': {
        allowSecret(stripeSecretNames(config.stage).webhookSecret);
        break;
      }
      case 'ats:api': {
        // The key is addressed by its alias (no cross-stack export of its ARN): IAM allows the
        // key that carries the alias, and only for sealing and opening.
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['kms:Encrypt', 'kms:Decrypt'],
            resources: [stack.formatArn({ service: 'kms', resource: 'key', resourceName: '*', arnFormat: ArnFormat.SLASH_RESOURCE_NAME })],
            conditions: { 'ForAnyValue:StringEquals': { 'kms:ResourceAliases': integrationsKeyAlias(config.stage) } },
          }),
        );
        acknowledge(
          policyOwner,
          iam5Resource(fn, stack.formatArn({ service: 'kms', resource: 'key', resourceName: '*', arnFormat: ArnFormat.SLASH_RESOURCE_NAME })),
          `Only the key carrying the alias ${integrationsKeyAlias(config.stage)} (condition kms:ResourceAliases): the data stack owns the key and no stack exports its ARN.`,
        );
        allowSecret(leverOAuthSecretName(config.stage));
        allowSecret(comeetPartnerSecretName(config.stage));
        break;
      }
      case 'events:put': {
        allow(['events:PutEvents'], [stack.formatArn({ service: 'events', resource: 'event-bus', resourceName: PRODUCT_EVENT_BUS })]);
        break;
      }
      case 'webhooks:seal': {
        allowWebhookSecrets('kms:Encrypt');
        break;
      }
      case 'webhooks:targets':
        // An environment variable only: nothing to call.
        break;
      case 'webhooks:enqueue': {
        allow(['sqs:SendMessage'], [deliveriesQueue.arn]);
        break;
      }
      case 'webhooks:deliver': {
        allowWebhookSecrets('kms:Decrypt');
        // The backoff: the function sets a failed message's visibility to the next delay. Receiving and
        // deleting are the event source mapping's (lib/constructs/webhooks.ts grants them with it).
        allow(['sqs:ChangeMessageVisibility'], [deliveriesQueue.arn]);
        break;
      }
      case 'bedrock:invoke': {
        // Converse is authorized as bedrock:InvokeModel, on the one configured foundation model (no account in its ARN).
        allow(['bedrock:InvokeModel'], [summaryModelArn(stack, config.summaryModelId)]);
        break;
      }
      case 'sso:configure': {
        // Creating a provider's secret tags it (CreateSecret with Tags needs TagResource too); removing the provider deletes it.
        allowSsoSecrets(['secretsmanager:CreateSecret', 'secretsmanager:DeleteSecret', 'secretsmanager:TagResource']);
        break;
      }
      case 'sso:sign-in': {
        allowSsoSecrets(['secretsmanager:GetSecretValue']);
        break;
      }
      case 'dns:resolve':
        // An environment variable only: DNS look-ups need no IAM permission.
        break;
      case 'live:record': {
        if (!targets.liveStorageConfigurationArn)
          throw new Error(`${fn.node.path}: grant ${grant} needs the IVS storage configuration, which is not available here`);
        // Stages are created per take, so their ARNs are not known up front: every stage of the
        // account and region, and only the calls a take needs (no listing, no other participants' tokens).
        const stages = stack.formatArn({ service: 'ivs', resource: 'stage', resourceName: '*', arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
        allow(['ivs:CreateStage', 'ivs:CreateParticipantToken', 'ivs:DisconnectParticipant', 'ivs:DeleteStage'], [stages]);
        // CreateStage with recording names the storage configuration.
        allow(['ivs:GetStorageConfiguration'], [targets.liveStorageConfigurationArn]);
        allow(['s3:GetObject', 's3:DeleteObject'], [`${data.liveRecordingsBucketArn}/*`]);
        allow(['s3:ListBucket'], [data.liveRecordingsBucketArn]);
        acknowledge(
          policyOwner,
          iam5Resource(fn, stages),
          'IVS stages are created per take at run time (one stage records one answer), so their ARNs cannot be named up front.',
        );
        acknowledge(
          policyOwner,
          iam5Resource(fn, `${data.liveRecordingsBucketArn}/*`),
          "What IVS records, under keys it chooses (<stage>/<session>/<participant>/…), in the live-recordings bucket that holds nothing else; the function reads it to join the answer's video and then deletes it.",
        );
        break;
      }
    }
    for (const [name, value] of Object.entries(grantEnvironment(grant, values))) fn.addEnvironment(name, value);
  }
};
