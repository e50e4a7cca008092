import { NestedStack, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, TreatMissingData, type Dashboard, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { acknowledge } from '../nag';
import {
  apiAlarms,
  atsWriteBackAlarm,
  webhookEventsNotPublishedAlarm,
  summariesFailedAlarm,
  ssoSignInsFailedAlarm,
  deadLetterAlarms,
  functionAreaAlarms,
  jobAlarms,
  sesAlarms,
  stateMachineAlarms,
  streamAlarms,
  tableAlarms,
  webhookAlarms,
  type AlarmOptions,
  type MonitoredFunction,
  type MonitoredJob,
  type MonitoredQueue,
  type MonitoredStateMachine,
  type MonitoredStream,
  type MonitoredWebhook,
} from './alarm-groups';
import { monitoringDashboard } from './monitoring-dashboard';

export interface MonitoringProps {
  readonly config: StageConfig;
  readonly httpApi: IHttpApi;
  /** Every function of the stage with its handler module (grouped into areas by functionArea). */
  readonly functions: readonly MonitoredFunction[];
  readonly stateMachines: readonly MonitoredStateMachine[];
  readonly jobs: readonly MonitoredJob[];
  readonly tableName: string;
  readonly webhook?: MonitoredWebhook;
  /** Dead-letter queues of event rules: a message there is an event whose function kept failing. */
  readonly deadLetterQueues?: readonly MonitoredQueue[];
  /** Functions fed by the table's stream: their iterator age and their mappings' dead-letter queues. */
  readonly streams?: readonly MonitoredStream[];
}

/**
 * The stage's alarms and dashboard, in a nested stack of the API stack: it watches the API stack's
 * functions, which it reaches by reference (a parameter each) without CloudFormation exports, and it
 * keeps ~60 alarms out of the parent stack's 500 resources. Every alarm notifies one SNS topic per
 * stage; `-c alarmEmail=ops@example.com` subscribes an address to it (SNS mails a confirmation link
 * first). Function metrics are summed per area with metric math (at most 10 functions an alarm: a
 * larger area gets several alarms), since Lambda publishes no per-area figure. The alarm groups are in
 * alarm-groups.ts, their thresholds in alarm-thresholds.ts, the dashboard in monitoring-dashboard.ts.
 */
export class Monitoring extends NestedStack {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];
  private readonly prefix: string;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id, { description: `Video interviews alarms and dashboard (${props.config.stage})` });
    const { config } = props;
    this.prefix = `${config.stage}-interviews`;

    this.topic = new Topic(this, 'AlarmTopic', {
      topicName: `${this.prefix}-alarms`,
      displayName: `Video interviews ${config.stage} alarms`,
      enforceSSL: true,
    });
    // CloudWatch publishes the alarms; only this account's alarms may.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    acknowledge(
      this.topic,
      'AwsSolutions-SNS2',
      'Alarm notifications carry alarm names, states and metric values, no personal data; CloudWatch could only publish to an encrypted topic through a customer managed key granted to it, which would protect nothing here.',
    );
    if (config.alarmEmail) this.topic.addSubscription(new EmailSubscription(config.alarmEmail));

    const alarm = (alarmId: string, metric: IMetric, threshold: number, options: AlarmOptions) => this.alarm(alarmId, metric, threshold, options);
    const api = apiAlarms(alarm, props.httpApi);
    const areas = functionAreaAlarms(alarm, props.functions);
    stateMachineAlarms(alarm, props.stateMachines);
    jobAlarms(alarm, props.jobs);
    const tableThrottles = tableAlarms(alarm, props.tableName);
    const webhook = webhookAlarms(alarm, props.webhook, config.stage);
    const atsFailed = atsWriteBackAlarm(alarm, config.stage);
    webhookEventsNotPublishedAlarm(alarm, config.stage);
    const summariesFailed = summariesFailedAlarm(alarm, config.stage);
    ssoSignInsFailedAlarm(alarm, config.stage);
    const ses = sesAlarms(alarm, config.stage);
    deadLetterAlarms(alarm, props.deadLetterQueues ?? []);
    const streams = streamAlarms(alarm, props.streams ?? []);

    this.dashboard = monitoringDashboard(this, {
      config,
      prefix: this.prefix,
      httpApi: props.httpApi,
      alarms: this.alarms,
      figures: { api, areas, stateMachines: props.stateMachines, tableThrottles, jobs: props.jobs, webhook, atsFailed, ses, streams, summariesFailed },
    });
  }

  /** An alarm named after the stage whose action (and recovery) is the stage's topic; missing data is fine unless said otherwise. */
  private alarm(id: string, metric: IMetric, threshold: number, options: AlarmOptions): Alarm {
    const alarm = new Alarm(this, id, {
      alarmName: `${this.prefix}-${id}`,
      alarmDescription: options.description,
      metric,
      threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      datapointsToAlarm: options.datapointsToAlarm,
      comparisonOperator: options.comparisonOperator ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: options.treatMissingData ?? TreatMissingData.NOT_BREACHING,
    });
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push(alarm);
    return alarm;
  }
}
