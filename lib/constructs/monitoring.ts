import { Duration, NestedStack, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { tableDefinition } from '../../lambdas/data/table-definition';
import { METRICS_NAMESPACE, metricNames } from '../../lambdas/platform/metrics';
import type { StageConfig } from '../config';
import { acknowledge } from '../nag';

/**
 * What each alarm fires at. One table, so the README, the tests and the alarms agree.
 * Counts are sums over `periodMinutes`.
 */
export const ALARM_THRESHOLDS = {
  /** Share of the API's requests answered 5xx, in percent, once a period has at least `apiMinimumRequests`. */
  api5xxPercent: 5,
  apiMinimumRequests: 10,
  /** The API's 99th percentile latency (API Gateway's Latency, the whole request). */
  apiLatencyP99Ms: 3000,
  /** Per function area: errors (uncaught failures and timeouts; the handler chain answers 500 itself) and throttles. */
  functionErrors: 1,
  functionThrottles: 1,
  /** Per state machine: executions failed, timed out. */
  executionsFailed: 1,
  executionsTimedOut: 1,
  /** Per scheduled job: errors, and invocations below this over `jobSilenceRates` times its rate. */
  jobErrors: 1,
  jobInvocations: 1,
  jobSilenceRates: 3,
  /** The table and its indexes: read and write throttle events. */
  tableThrottles: 1,
  /** Stripe's webhook: 5xx answers, 4xx answers (a wrong signing secret answers every event 400), function errors. */
  webhook5xx: 1,
  webhook4xx: 3,
  webhookErrors: 1,
  /** ATS write-backs settled as failed (lambdas/app/integrations/results.ts, an EMF metric). */
  atsWriteBacksFailed: 1,
  /** Any message in an event rule's dead-letter queue. */
  deadLetters: 1,
  /**
   * SES's account reputation: SES puts an account under review at a 5 % bounce or a 0.1 % complaint
   * rate and may pause its sending at 10 % or 0.5 %, so the alarms fire at the review thresholds.
   */
  sesBounceRate: 0.05,
  sesComplaintRate: 0.001,
  periodMinutes: 5,
} as const;

/** CloudWatch refuses a metric math alarm over more than 10 metrics (a hard limit). */
export const MAX_METRICS_PER_ALARM = 10;

/** An alarm's evaluation range (period × periods) may not exceed a day. */
const MAX_ALARM_RANGE_MINUTES = 24 * 60;

/**
 * The area a function belongs to, from its handler module: a route's API area (`api/companies/…`
 * → `companies`, as in lambdas/operations), the state machines' tasks (`pipeline`) and the
 * scheduled jobs (`jobs`).
 */
export const functionArea = (handler: string): string => {
  const [first, second] = handler.split('/');
  return first === 'api' && second ? second : (first ?? handler);
};

/** Splits items into the fewest batches of at most `size`, as even as possible, keeping their order. */
export const evenBatches = <T>(items: readonly T[], size: number): T[][] => {
  if (items.length === 0) return [];
  const count = Math.ceil(items.length / size);
  const each = Math.ceil(items.length / count);
  return Array.from({ length: count }, (_, i) => items.slice(i * each, (i + 1) * each));
};

/** How long a job may go without running before its alarm fires: a few of its periods, at most a day. */
export const jobSilenceMinutes = (rateMinutes: number): number =>
  Math.min(MAX_ALARM_RANGE_MINUTES, Math.max(1, Math.ceil(rateMinutes * ALARM_THRESHOLDS.jobSilenceRates)));

/** A metric math id: lowercase first, then letters, digits and underscores. */
const mathId = (...parts: (string | number)[]): string => `m_${parts.join('_').replace(/[^A-Za-z0-9_]/g, '_')}`;

/** The sum of one Lambda metric over some functions, as one series (SUM over an explicit list, never SEARCH, which alarms refuse). */
const sumOver = (label: string, prefix: string, functions: readonly IFunction[], metric: (fn: IFunction) => Metric): MathExpression =>
  new MathExpression({
    label,
    expression: `SUM([${functions.map((_, i) => mathId(prefix, i)).join(',')}])`,
    usingMetrics: Object.fromEntries(functions.map((fn, i) => [mathId(prefix, i), metric(fn)])),
    period: Duration.minutes(ALARM_THRESHOLDS.periodMinutes),
  });

export interface MonitoredJob {
  readonly id: string;
  readonly rateMinutes: number;
  readonly fn: IFunction;
}

export interface MonitoredStateMachine {
  /** Names its alarms (`MediaPipeline` → `…-MediaPipelineExecutionsFailed`). */
  readonly id: string;
  readonly label: string;
  readonly stateMachine: IStateMachine;
}

export interface MonitoringProps {
  readonly config: StageConfig;
  readonly httpApi: IHttpApi;
  /** Every function of the stage with its handler module (grouped into areas by functionArea). */
  readonly functions: readonly { readonly fn: IFunction; readonly handler: string; readonly id: string }[];
  readonly stateMachines: readonly MonitoredStateMachine[];
  readonly jobs: readonly MonitoredJob[];
  readonly tableName: string;
  /** Stripe's webhook: its function, and its route's metric dimensions when detailed metrics are on for it. */
  readonly webhook?: { readonly fn: IFunction; readonly routeDimensions?: Record<string, string> };
  /** Dead-letter queues of event rules: a message there is an event whose function kept failing. */
  readonly deadLetterQueues?: readonly { readonly id: string; readonly label: string; readonly queue: IQueue }[];
}

/**
 * The stage's alarms and dashboard, in a nested stack of the API stack: it watches the API stack's
 * functions, which it reaches by reference (a parameter each) without CloudFormation exports, and it
 * keeps ~60 alarms out of the parent stack's 500 resources. Every alarm notifies one SNS topic per
 * stage; `-c alarmEmail=ops@example.com` subscribes an address to it (SNS mails a confirmation link
 * first). Function metrics are summed per area with metric math (at most 10 functions an alarm: a
 * larger area gets several alarms), since Lambda publishes no per-area figure.
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
    const period = Duration.minutes(ALARM_THRESHOLDS.periodMinutes);

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

    // The API: 5xx share and p99 latency.
    const requests = props.httpApi.metricCount({ period, statistic: 'Sum' });
    const serverErrors = props.httpApi.metricServerError({ period, statistic: 'Sum' });
    const clientErrors = props.httpApi.metricClientError({ period, statistic: 'Sum' });
    const errorRate = new MathExpression({
      label: 'API 5xx %',
      expression: `IF(requests >= ${ALARM_THRESHOLDS.apiMinimumRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period,
    });
    const latencyP99 = props.httpApi.metricLatency({ period, statistic: 'p99', label: 'API latency p99' });
    this.alarm('Api5xxRate', errorRate, ALARM_THRESHOLDS.api5xxPercent, {
      description: `${ALARM_THRESHOLDS.api5xxPercent} % or more of the API's requests answered 5xx (in two of three ${ALARM_THRESHOLDS.periodMinutes}-minute periods with at least ${ALARM_THRESHOLDS.apiMinimumRequests} requests). The route functions' logs name the error ("unhandled error").`,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
    this.alarm('ApiLatencyP99', latencyP99, ALARM_THRESHOLDS.apiLatencyP99Ms, {
      description: `The API's p99 latency is over ${ALARM_THRESHOLDS.apiLatencyP99Ms} ms in three ${ALARM_THRESHOLDS.periodMinutes}-minute periods running.`,
      evaluationPeriods: 3,
    });

    // Functions, by area: errors and throttles.
    const areas = new Map<string, IFunction[]>();
    for (const { fn, handler } of [...props.functions].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
      const area = functionArea(handler);
      areas.set(area, [...(areas.get(area) ?? []), fn]);
    }
    const areaErrors: IMetric[] = [];
    const areaThrottles: IMetric[] = [];
    for (const [area, functions] of [...areas].sort(([a], [b]) => (a < b ? -1 : 1))) {
      areaErrors.push(sumOver(area, `errors_${area}`, functions, (fn) => fn.metricErrors({ period, statistic: 'Sum' })));
      areaThrottles.push(sumOver(area, `throttles_${area}`, functions, (fn) => fn.metricThrottles({ period, statistic: 'Sum' })));
      const batches = evenBatches(functions, MAX_METRICS_PER_ALARM);
      batches.forEach((batch, i) => {
        const part = batches.length > 1 ? `-${i + 1}of${batches.length}` : '';
        const which = batches.length > 1 ? ` (part ${i + 1} of ${batches.length})` : '';
        // A job's errors have their own alarm each (below); its area alarms only on throttles.
        if (area !== 'jobs') {
          this.alarm(
            `Errors-${area}${part}`,
            sumOver(`${area} errors`, 'e', batch, (fn) => fn.metricErrors({ period, statistic: 'Sum' })),
            ALARM_THRESHOLDS.functionErrors,
            {
              description: `Functions of the ${area} area${which} failed (an uncaught error or a timeout). Their log groups name the error.`,
            },
          );
        }
        this.alarm(
          `Throttles-${area}${part}`,
          sumOver(`${area} throttles`, 't', batch, (fn) => fn.metricThrottles({ period, statistic: 'Sum' })),
          ALARM_THRESHOLDS.functionThrottles,
          { description: `Functions of the ${area} area${which} were throttled: the account's Lambda concurrency is exhausted.` },
        );
      });
    }

    // State machines: executions failed or timed out.
    for (const { id: name, label, stateMachine } of props.stateMachines) {
      this.alarm(`${name}ExecutionsFailed`, stateMachine.metricFailed({ period, statistic: 'Sum' }), ALARM_THRESHOLDS.executionsFailed, {
        description: `${label} executions failed: the item is marked failed and shown so; the execution's history in Step Functions names the step.`,
      });
      this.alarm(`${name}ExecutionsTimedOut`, stateMachine.metricTimedOut({ period, statistic: 'Sum' }), ALARM_THRESHOLDS.executionsTimedOut, {
        description: `${label} executions timed out: the item may stay in progress until it is retried.`,
      });
    }

    // Scheduled jobs: failing, or not running at all.
    for (const job of props.jobs) {
      const silence = jobSilenceMinutes(job.rateMinutes);
      this.alarm(`Job-${job.id}-Errors`, job.fn.metricErrors({ period, statistic: 'Sum' }), ALARM_THRESHOLDS.jobErrors, {
        description: `The scheduled job ${job.id} failed; its log group names the error.`,
      });
      this.alarm(
        `Job-${job.id}-NotRunning`,
        job.fn.metricInvocations({ period: Duration.minutes(silence), statistic: 'Sum' }),
        ALARM_THRESHOLDS.jobInvocations,
        {
          description: `The scheduled job ${job.id} (every ${job.rateMinutes} min) has not run for ${silence} minutes: check its EventBridge rule.`,
          comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
          // No data is the very thing this alarm is for.
          treatMissingData: TreatMissingData.BREACHING,
        },
      );
    }

    // The table and its indexes: throttle events, reads and writes in an alarm each (an alarm sums at most 10 metrics).
    const dynamo = (metricName: string, indexName?: string) =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: indexName ? { TableName: props.tableName, GlobalSecondaryIndexName: indexName } : { TableName: props.tableName },
        period,
        statistic: 'Sum',
      });
    const throttles = (kind: 'read' | 'write') => {
      const metrics: Record<string, Metric> = {};
      for (const indexName of [undefined, ...tableDefinition.globalSecondaryIndexes.map((index) => index.indexName)]) {
        metrics[mathId(kind, indexName ?? 'table')] = dynamo(kind === 'read' ? 'ReadThrottleEvents' : 'WriteThrottleEvents', indexName);
      }
      if (Object.keys(metrics).length > MAX_METRICS_PER_ALARM) throw new Error(`The table ${kind} throttle alarm would sum more than 10 metrics`);
      return new MathExpression({
        label: `Table ${kind} throttle events`,
        expression: `SUM([${Object.keys(metrics).join(',')}])`,
        usingMetrics: metrics,
        period,
      });
    };
    const tableThrottles = { read: throttles('read'), write: throttles('write') };
    this.alarm('TableThrottles', tableThrottles.read, ALARM_THRESHOLDS.tableThrottles, {
      description: `Reads of ${props.tableName} (or its indexes) were throttled.`,
    });
    this.alarm('TableWriteThrottles', tableThrottles.write, ALARM_THRESHOLDS.tableThrottles, {
      description: `Writes to ${props.tableName} (or its indexes) were throttled.`,
    });

    // Stripe's webhook.
    const webhookWidgets: IMetric[] = [];
    if (props.webhook) {
      const errors = props.webhook.fn.metricErrors({ period, statistic: 'Sum', label: 'webhook function errors' });
      webhookWidgets.push(errors);
      this.alarm('StripeWebhookErrors', errors, ALARM_THRESHOLDS.webhookErrors, {
        description: "Stripe's webhook function failed (an uncaught error or a timeout); Stripe retries the event.",
      });
      const dimensionsMap = props.webhook.routeDimensions;
      if (dimensionsMap) {
        const route = (metricName: string, label: string) =>
          new Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap, period, statistic: 'Sum', label });
        const fiveXx = route('5xx', 'webhook 5xx');
        const fourXx = route('4xx', 'webhook 4xx');
        webhookWidgets.push(fiveXx, fourXx);
        this.alarm('StripeWebhook5xx', fiveXx, ALARM_THRESHOLDS.webhook5xx, {
          description: "Stripe's webhook answered 5xx: the event was not applied (Stripe retries it for three days).",
        });
        this.alarm('StripeWebhook4xx', fourXx, ALARM_THRESHOLDS.webhook4xx, {
          description: `Stripe's webhook answered 4xx ${ALARM_THRESHOLDS.webhook4xx} times or more in ${ALARM_THRESHOLDS.periodMinutes} minutes: most likely the signing secret (${config.stage}/stripe/webhook-signing-secret) does not match the endpoint's in Stripe.`,
        });
      }
    }

    // ATS write-backs that ended failed (an EMF metric the delivery job writes).
    const atsFailed = new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: metricNames.atsWriteBackFailed,
      dimensionsMap: { Stage: config.stage },
      period,
      statistic: 'Sum',
      label: 'ATS write-backs failed',
    });
    this.alarm('AtsWriteBacksFailed', atsFailed, ALARM_THRESHOLDS.atsWriteBacksFailed, {
      description: "Results could not be written back to an ATS after retries; the candidate's integration panel shows the reason.",
    });

    // SES's account reputation.
    const ses = (metricName: string, label: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, period: Duration.hours(1), statistic: 'Maximum', label });
    const bounceRate = ses('Reputation.BounceRate', 'bounce rate');
    const complaintRate = ses('Reputation.ComplaintRate', 'complaint rate');
    this.alarm('SesBounceRate', bounceRate, ALARM_THRESHOLDS.sesBounceRate, {
      description: "SES's bounce rate for the account reached 5 %: SES reviews the account now and may pause sending at 10 %.",
    });
    this.alarm('SesComplaintRate', complaintRate, ALARM_THRESHOLDS.sesComplaintRate, {
      description: "SES's complaint rate for the account reached 0.1 %: SES reviews the account now and may pause sending at 0.5 %.",
    });

    for (const { id, label, queue } of props.deadLetterQueues ?? []) {
      this.alarm(
        `${id}DeadLetters`,
        queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum', label: `${label} dead letters` }),
        ALARM_THRESHOLDS.deadLetters,
        { description: `${label}: an event kept failing its function and was set aside in the dead-letter queue (its logs name the error).` },
      );
    }

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: this.prefix,
      defaultInterval: Duration.hours(6),
    });
    const graph = (title: string, left: IMetric[], width = 8, extra: Partial<ConstructorParameters<typeof GraphWidget>[0]> = {}): IWidget =>
      new GraphWidget({ title, left, width, height: 6, ...extra });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# Video interviews · ${config.stage}\nEvery alarm below notifies the SNS topic \`${this.prefix}-alarms\`${config.alarmEmail ? ` (mailed to ${config.alarmEmail})` : ''}. Function figures are summed per area (lambdas/api/<area>, the state machines' tasks, the scheduled jobs).`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }));
    this.dashboard.addWidgets(
      graph('API requests and errors', [requests], 8, { right: [clientErrors, serverErrors] }),
      graph('API 5xx %', [errorRate], 8, { leftAnnotations: [{ value: ALARM_THRESHOLDS.api5xxPercent, label: 'alarm' }] }),
      graph('API latency', [props.httpApi.metricLatency({ period, statistic: 'p50', label: 'p50' }), latencyP99], 8, {
        leftAnnotations: [{ value: ALARM_THRESHOLDS.apiLatencyP99Ms, label: 'p99 alarm' }],
      }),
    );
    this.dashboard.addWidgets(graph('Function errors by area', areaErrors, 12), graph('Function throttles by area', areaThrottles, 12));
    this.dashboard.addWidgets(
      ...props.stateMachines.map(({ label, stateMachine }) =>
        graph(label, [
          stateMachine.metricSucceeded({ period, statistic: 'Sum', label: 'succeeded' }),
          stateMachine.metricFailed({ period, statistic: 'Sum', label: 'failed' }),
          stateMachine.metricTimedOut({ period, statistic: 'Sum', label: 'timed out' }),
        ]),
      ),
      graph('Table throttle events', [tableThrottles.read, tableThrottles.write]),
    );
    this.dashboard.addWidgets(
      graph(
        'Scheduled jobs: runs',
        props.jobs.map((job) => job.fn.metricInvocations({ period, statistic: 'Sum', label: job.id })),
      ),
      graph(
        'Scheduled jobs: errors',
        props.jobs.map((job) => job.fn.metricErrors({ period, statistic: 'Sum', label: job.id })),
      ),
      ...(webhookWidgets.length > 0 ? [graph("Stripe's webhook", webhookWidgets)] : []),
    );
    // The business figures the functions write as EMF (lambdas/platform/metrics.ts).
    const business = (metricName: string, label: string, statistic = 'Sum') =>
      new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { Stage: config.stage }, period, statistic, label });
    this.dashboard.addWidgets(
      graph('Invitations and answers', [
        business(metricNames.invitesSent, 'invitations sent'),
        business(metricNames.answersSubmitted, 'answers submitted'),
      ]),
      graph('Media pipeline seconds', [business(metricNames.pipelineSeconds, 'p50', 'p50'), business(metricNames.pipelineSeconds, 'p90', 'p90')]),
    );
    this.dashboard.addWidgets(
      graph('ATS write-backs failed', [atsFailed]),
      graph('SES bounce rate', [bounceRate], 8, { leftAnnotations: [{ value: ALARM_THRESHOLDS.sesBounceRate, label: 'SES review' }] }),
      graph('SES complaint rate', [complaintRate], 8, { leftAnnotations: [{ value: ALARM_THRESHOLDS.sesComplaintRate, label: 'SES review' }] }),
    );
  }

  /** An alarm named after the stage whose action (and recovery) is the stage's topic; missing data is fine unless said otherwise. */
  private alarm(
    id: string,
    metric: IMetric,
    threshold: number,
    options: {
      description: string;
      evaluationPeriods?: number;
      datapointsToAlarm?: number;
      comparisonOperator?: ComparisonOperator;
      treatMissingData?: TreatMissingData;
    },
  ): Alarm {
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
