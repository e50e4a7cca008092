import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Construct } from 'constructs';
import type { OperationId, Route } from '../../lambdas/operations/index';
import type { ScheduleDefinition } from '../../lambdas/schedules';
import type { StageConfig } from '../config';
import { Api } from '../constructs/api';
import { AnswerPackages } from '../constructs/answer-packages';
import { dataResourceRefs } from '../constructs/data';
import { MediaPipeline } from '../constructs/media-pipeline';
import { LiveRecording } from '../constructs/live-recording';
import { Queues } from '../constructs/queues';
import { Monitoring } from '../constructs/monitoring';
import { Schedules } from '../constructs/schedules';
import { Streams } from '../constructs/streams';
import { scheduleEntries } from '../../lambdas/schedules';
import type { AppFunction } from '../constructs/lambda-function';

/** The operation whose non-2xx answers have alarms of their own (lambdas/operations/billing.ts). */
const STRIPE_WEBHOOK_OPERATION: OperationId = 'handleStripeWebhook';

export interface ApiStackProps extends StackProps {
  readonly config: StageConfig;
  /** The HTTP API, created by the web stack before CloudFront (lib/app.ts): this stack adds its stage and routes. */
  readonly httpApi: IHttpApi;
  /** The site's origin (the web stack's CloudFront domain, or the custom domain), for the links functions write. */
  readonly appOrigin: string;
  /** Defaults to lambdas/operations. */
  readonly routes?: readonly (readonly [string, Route])[];
  /** Defaults to lambdas/schedules.ts. */
  readonly schedules?: readonly (readonly [string, ScheduleDefinition])[];
  readonly maxRoutesPerChunk?: number;
}

/**
 * Compute: the HTTP API's stage and routes (route functions in nested stacks), the media pipeline, the answer-package
 * builder and the scheduled jobs, and the alarms and dashboard watching them (a nested stack too). It addresses the data stack's table and bucket by name (see
 * DataResourceRefs), so the only link between the two is the deployment order (`addDependency` in lib/app.ts).
 */
export class ApiStack extends Stack {
  readonly api: Api;
  readonly pipeline: MediaPipeline;
  readonly answerPackages: AnswerPackages;
  readonly schedules: Schedules;
  readonly liveRecording: LiveRecording;
  /** The webhook deliveries queue and its consumer (issue 38). */
  readonly queues: Queues;
  /** The functions fed by the table's stream (the report aggregates, issue 40). */
  readonly streams: Streams;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const data = dataResourceRefs(this, config.stage);
    const { appOrigin } = props;

    this.pipeline = new MediaPipeline(this, 'MediaPipeline', { config, data, appOrigin });
    const stateMachineArn = this.pipeline.stateMachine.stateMachineArn;
    // Its starter (the createAnswerPackage route) addresses it by name: no reference to pass.
    this.answerPackages = new AnswerPackages(this, 'AnswerPackages', { config, data, appOrigin });
    this.liveRecording = new LiveRecording(this, 'LiveRecording', { config, data, appOrigin, stateMachineArn });
    const liveStorageConfigurationArn = this.liveRecording.storageConfigurationArn;
    this.api = new Api(this, 'Api', {
      config,
      data,
      httpApi: props.httpApi,
      appOrigin,
      stateMachineArn,
      liveStorageConfigurationArn,
      routes: props.routes,
      maxRoutesPerChunk: props.maxRoutesPerChunk,
    });
    this.schedules = new Schedules(this, 'Schedules', { config, data, appOrigin, stateMachineArn, schedules: props.schedules });
    this.queues = new Queues(this, 'Queues', { config, data, appOrigin });
    this.streams = new Streams(this, 'Streams', { config, data, appOrigin });

    this.monitoring = new Monitoring(this, 'Monitoring', {
      config,
      httpApi: this.api.httpApi,
      functions: [
        ...this.api.functions.values(),
        ...Object.values<AppFunction>(this.pipeline.taskFunctions),
        ...Object.values<AppFunction>(this.answerPackages.taskFunctions),
        ...this.schedules.functions.values(),
        ...this.liveRecording.functions.values(),
        ...this.queues.functions.values(),
        ...this.streams.functions.values(),
      ].map((fn) => ({ fn, id: fn.node.id, handler: fn.handlerModule })),
      stateMachines: [
        { id: 'MediaPipeline', label: 'Media pipeline', stateMachine: this.pipeline.stateMachine },
        { id: 'AnswerPackages', label: 'Answer packages', stateMachine: this.answerPackages.stateMachine },
      ],
      jobs: (props.schedules ?? scheduleEntries).map(([id, schedule]) => ({
        id,
        rateMinutes: schedule.rateMinutes,
        fn: this.schedules.functions.get(id)!,
      })),
      tableName: data.tableName,
      webhook: this.webhook(),
      deadLetterQueues: [
        { id: 'EventFunctions', label: 'Event functions', queue: this.liveRecording.deadLetterQueue },
        {
          id: 'WebhookDeliveries',
          label: 'Webhook deliveries (an event that failed every attempt of its schedule at an endpoint)',
          queue: this.queues.deadLetterQueues.get('webhookDeliveries')!,
        },
      ],
      streams: [...this.streams.functions].map(([id, fn]) => ({
        id: id.charAt(0).toUpperCase() + id.slice(1),
        label: `Stream function ${id}`,
        fn,
        deadLetterQueue: this.streams.deadLetterQueues.get(id)!,
      })),
    });

    new CfnOutput(this, 'StateMachineArn', { value: stateMachineArn });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn });
  }

  /** Stripe's webhook, its function and its route's metrics (turned on here), when the route table has it. */
  private webhook() {
    const fn = this.api.functions.get(STRIPE_WEBHOOK_OPERATION);
    return fn ? { fn, routeDimensions: this.api.enableRouteMetrics(STRIPE_WEBHOOK_OPERATION) } : undefined;
  }
}
