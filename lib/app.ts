import { App, Tags, type Environment } from 'aws-cdk-lib';
import type { Route } from '../lambdas/operations/index';
import type { ScheduleDefinition } from '../lambdas/schedules';
import { stackName, type StageConfig } from './config';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { WebStack } from './stacks/web-stack';

/**
 * Feature flags this app relies on, as App context defaults (cdk.json or `-c` still override them):
 * - S3 server access logs are delivered through a bucket policy, not ACLs (ACLs stay disabled on
 *   every bucket except the CloudFront log bucket, which CloudFront requires).
 * - IAM policies are minimized (merged statements), keeping each role's policy small.
 * - Cross-stack references (only api → web: the HTTP API and the site's origin) stay CloudFormation
 *   exports ("strong"), which keep the API and the site from being removed while the routes use them.
 */
export const FEATURE_FLAGS: Record<string, unknown> = {
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
  '@aws-cdk/aws-iam:minimizePolicies': true,
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
};

export interface InterviewsAppOptions {
  readonly env?: Environment;
  readonly routes?: readonly (readonly [string, Route])[];
  readonly schedules?: readonly (readonly [string, ScheduleDefinition])[];
  readonly maxRoutesPerChunk?: number;
  readonly spaDistPath?: string;
}

/**
 * The three stacks of a stage, `${stage}-interviews-{data,web,api}`, deployed in that order. The web
 * stack creates the HTTP API (no stage, no routes) and CloudFront in front of it; the API stack
 * references both (the API, to give it its stage and routes; CloudFront's domain, the site's origin
 * the functions put in links, as a plain environment variable) and addresses the data by name, so it
 * only needs the data deployed first. Nothing refers back.
 */
export const buildInterviewsApp = (app: App, config: StageConfig, options: InterviewsAppOptions = {}) => {
  const env = options.env;
  const data = new DataStack(app, stackName(config.stage, 'data'), {
    config,
    env,
    description: `Video interviews (${config.stage}): DynamoDB table and media bucket`,
    terminationProtection: config.isProduction,
  });
  const web = new WebStack(app, stackName(config.stage, 'web'), {
    config,
    env,
    description: `Video interviews (${config.stage}): HTTP API endpoint, CloudFront, SPA bucket`,
    spaDistPath: options.spaDistPath,
  });
  const api = new ApiStack(app, stackName(config.stage, 'api'), {
    config,
    env,
    description: `Video interviews (${config.stage}): HTTP API stage and route functions, media pipeline, schedules`,
    httpApi: web.httpApi,
    appOrigin: web.web.appOrigin,
    routes: options.routes,
    schedules: options.schedules,
    maxRoutesPerChunk: options.maxRoutesPerChunk,
  });
  api.addStackDependency(data, 'The API addresses the table and media bucket by name');

  Tags.of(app).add('app', 'video-interviews');
  Tags.of(app).add('stage', config.stage);
  return { data, api, web };
};

/** Environment from the CLI's resolved credentials when there are any; otherwise environment-agnostic. */
export const environmentFromProcess = (): Environment | undefined => {
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const region = process.env.CDK_DEFAULT_REGION;
  return account || region ? { account, region } : undefined;
};
