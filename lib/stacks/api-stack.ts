import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { Route } from '../../lambdas/operations/index';
import type { ScheduleDefinition } from '../../lambdas/schedules';
import type { StageConfig } from '../config';
import { Api } from '../constructs/api';
import { AnswerPackages } from '../constructs/answer-packages';
import { dataResourceRefs } from '../constructs/data';
import { MediaPipeline } from '../constructs/media-pipeline';
import { Schedules } from '../constructs/schedules';

export interface ApiStackProps extends StackProps {
  readonly config: StageConfig;
  /** Defaults to lambdas/operations. */
  readonly routes?: readonly (readonly [string, Route])[];
  /** Defaults to lambdas/schedules.ts. */
  readonly schedules?: readonly (readonly [string, ScheduleDefinition])[];
  readonly maxRoutesPerChunk?: number;
}

/**
 * Compute: the HTTP API (route functions in nested stacks), the media pipeline, the answer-package
 * builder and the scheduled jobs. It addresses the data stack's table and bucket by name (see
 * DataResourceRefs), so the only link between the two is the deployment order (`addDependency` in lib/app.ts).
 */
export class ApiStack extends Stack {
  readonly api: Api;
  readonly pipeline: MediaPipeline;
  readonly answerPackages: AnswerPackages;
  readonly schedules: Schedules;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const data = dataResourceRefs(this, config.stage);

    this.pipeline = new MediaPipeline(this, 'MediaPipeline', { config, data });
    const stateMachineArn = this.pipeline.stateMachine.stateMachineArn;
    // Its starter (the createAnswerPackage route) addresses it by name: no reference to pass.
    this.answerPackages = new AnswerPackages(this, 'AnswerPackages', { config, data });
    this.api = new Api(this, 'Api', { config, data, stateMachineArn, routes: props.routes, maxRoutesPerChunk: props.maxRoutesPerChunk });
    this.schedules = new Schedules(this, 'Schedules', { config, data, stateMachineArn, schedules: props.schedules });

    new CfnOutput(this, 'ApiEndpoint', { value: this.api.httpApi.apiEndpoint });
    new CfnOutput(this, 'StateMachineArn', { value: stateMachineArn });
  }
}
