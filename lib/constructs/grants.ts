import { Stack, ArnFormat } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { AuthMode, Grant } from '../../lambdas/routes';
import { mediaPrefixes } from '../../lambdas/shared/storage-definition';
import { appOriginParameterName, mailIdentities, type StageConfig } from '../config';
import { acknowledge, iam5Resource } from '../nag';
import type { DataResourceRefs } from './data';

/**
 * The one place where a route's (or task's, or schedule's) declared grants become what its Lambda
 * gets: each grant sets the environment variables the handler reads (lambdas/shared/env.ts) and the
 * least-privilege IAM statements for them, together, so one cannot exist without the other.
 */
export interface GrantTargets {
  readonly config: StageConfig;
  readonly data: DataResourceRefs;
  /** Absent while the pipeline's own task functions are built (the state machine needs their ARNs first). */
  readonly stateMachineArn?: string;
}

/** Every grant, in the order they are applied (stable env var and policy order). */
export const ALL_GRANTS: readonly Grant[] = [
  'table:read',
  'table:write',
  'media:read',
  'media:write',
  'media:delete',
  'mail:send',
  'app:links',
  'workflow:start',
  'health:check',
];

/**
 * The grants a function really gets: authenticated routes always write the table (sessions slide
 * their expiry, see lambdas/routes.ts), and table:write includes reading.
 */
export const effectiveGrants = (grants: readonly Grant[], auth?: AuthMode): Grant[] => {
  const set = new Set(grants);
  if (auth === 'session' || auth === 'owner') set.add('table:write');
  if (set.has('table:write')) set.delete('table:read');
  // Mails carry links into the SPA.
  if (set.has('mail:send')) set.add('app:links');
  return ALL_GRANTS.filter((grant) => set.has(grant));
};

/** Environment variables each grant sets, beyond STAGE and NODE_OPTIONS which every function gets. */
export const grantEnvironmentNames = (grant: Grant, config: Pick<StageConfig, 'appOrigin'>): string[] => {
  const links = ['APP_ORIGIN_PARAMETER', ...(config.appOrigin ? ['APP_ORIGIN'] : [])];
  switch (grant) {
    case 'table:read':
    case 'table:write':
      return ['TABLE_NAME'];
    case 'media:read':
    case 'media:write':
    case 'media:delete':
      return ['MEDIA_BUCKET'];
    case 'mail:send':
      return ['MAIL_FROM'];
    case 'app:links':
      return links;
    case 'workflow:start':
      return ['STATE_MACHINE_ARN'];
    case 'health:check':
      return ['TABLE_NAME', 'MEDIA_BUCKET', 'STATE_MACHINE_ARN', 'MAIL_FROM'];
  }
};

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

export const bindGrants = (fn: LambdaFunction, grants: readonly Grant[], targets: GrantTargets): void => {
  const { config, data } = targets;
  const stack = Stack.of(fn);
  const env = (name: string, value: string) => fn.addEnvironment(name, value);
  const allow = (actions: string[], resources: string[]) => fn.addToRolePolicy(new PolicyStatement({ actions, resources }));
  const requireStateMachine = (grant: Grant): string => {
    if (!targets.stateMachineArn) throw new Error(`${fn.node.path}: grant ${grant} needs the media pipeline, which is not available here`);
    return targets.stateMachineArn;
  };
  const mailEnvironment = () => env('MAIL_FROM', config.mailFrom);
  const linksEnvironment = () => {
    env('APP_ORIGIN_PARAMETER', appOriginParameterName(config.stage));
    if (config.appOrigin) env('APP_ORIGIN', config.appOrigin);
  };
  const allowAppOrigin = () =>
    allow(
      ['ssm:GetParameter'],
      [
        stack.formatArn({
          service: 'ssm',
          resource: 'parameter',
          resourceName: appOriginParameterName(config.stage).replace(/^\//, ''),
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        }),
      ],
    );
  // Findings are reported on the role's policy, a sibling of the function: acknowledge on the role.
  const policyOwner = fn.role ?? fn;
  const mediaObjectArns = Object.values(mediaPrefixes).map((prefix) => `${data.mediaBucketArn}/${prefix}*`);

  for (const grant of ALL_GRANTS.filter((g) => grants.includes(g))) {
    switch (grant) {
      case 'table:read':
      case 'table:write': {
        env('TABLE_NAME', data.tableName);
        allow(grant === 'table:write' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS, [data.tableArn]);
        allow(INDEX_READ_ACTIONS, [...data.indexArns]);
        break;
      }
      case 'media:read':
      case 'media:write':
      case 'media:delete': {
        env('MEDIA_BUCKET', data.mediaBucketName);
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
        mailEnvironment();
        const { address, domain } = mailIdentities(config.mailFrom);
        const identities = [...new Set([address, domain])].map((identity) =>
          stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity, arnFormat: ArnFormat.SLASH_RESOURCE_NAME }),
        );
        allow(['ses:SendEmail', 'ses:SendRawEmail'], identities);
        break;
      }
      case 'app:links': {
        linksEnvironment();
        allowAppOrigin();
        break;
      }
      case 'workflow:start': {
        const arn = requireStateMachine(grant);
        env('STATE_MACHINE_ARN', arn);
        allow(['states:StartExecution'], [arn]);
        break;
      }
      case 'health:check': {
        const arn = requireStateMachine(grant);
        env('TABLE_NAME', data.tableName);
        env('MEDIA_BUCKET', data.mediaBucketName);
        env('STATE_MACHINE_ARN', arn);
        mailEnvironment();
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
    }
  }
};
