import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { ComparisonOperator, MathExpression, Metric, TreatMissingData, type Alarm, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { tableDefinition } from '../../lambdas/data/table-definition';
import { METRICS_NAMESPACE, metricNames } from '../../lambdas/platform/metrics';
import { mailConfigurationSetName } from '../functions';
import { ALARM_THRESHOLDS, MAX_METRICS_PER_ALARM, jobSilenceMinutes } from './alarm-thresholds';

/**
 * The stage's alarms, group by group (lib/constructs/monitoring.ts creates them in this order and
 * draws the figures they return on its dashboard). Each group adds its alarms through `AddAlarm`,
 * which names them after the stage and sends them to the stage's topic.
 */

export interface AlarmOptions {
  readonly description: string;
  readonly evaluationPeriods?: number;
  readonly datapointsToAlarm?: number;
  readonly comparisonOperator?: ComparisonOperator;
  readonly treatMissingData?: TreatMissingData;
}

export type AddAlarm = (id: string, metric: IMetric, threshold: number, options: AlarmOptions) => Alarm;

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

export interface MonitoredFunction {
  readonly fn: IFunction;
  readonly handler: string;
  readonly id: string;
}

/** Stripe's webhook: its function, and its route's metric dimensions when detailed metrics are on for it. */
export interface MonitoredWebhook {
  readonly fn: IFunction;
  readonly routeDimensions?: Record<string, string>;
}

export interface MonitoredQueue {
  readonly id: string;
  readonly label: string;
  readonly queue: IQueue;
}

/** A function fed by the table's stream (lib/constructs/streams.ts), with the dead-letter queue of its mapping. */
export interface MonitoredStream {
  /** Names its alarms (`AggregateReports` → `…-AggregateReportsIteratorAge`). */
  readonly id: string;
  readonly label: string;
  readonly fn: IFunction;
  readonly deadLetterQueue: IQueue;
}

const period = Duration.minutes(ALARM_THRESHOLDS.periodMinutes);

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

/** A metric math id: lowercase first, then letters, digits and underscores. */
const mathId = (...parts: (string | number)[]): string => `m_${parts.join('_').replace(/[^A-Za-z0-9_]/g, '_')}`;

/** The sum of one Lambda metric over some functions, as one series (SUM over an explicit list, never SEARCH, which alarms refuse). */
const sumOver = (label: string, prefix: string, functions: readonly IFunction[], metric: (fn: IFunction) => Metric): MathExpression =>
  new MathExpression({
    label,
    expression: `SUM([${functions.map((_, i) => mathId(prefix, i)).join(',')}])`,
    usingMetrics: Object.fromEntries(functions.map((fn, i) => [mathId(prefix, i), metric(fn)])),
    period,
  });

/** The API: 5xx share and p99 latency. */
export const apiAlarms = (alarm: AddAlarm, httpApi: IHttpApi) => {
  const requests = httpApi.metricCount({ period, statistic: 'Sum' });
  const serverErrors = httpApi.metricServerError({ period, statistic: 'Sum' });
  const clientErrors = httpApi.metricClientError({ period, statistic: 'Sum' });
  const errorRate = new MathExpression({
    label: 'API 5xx %',
    expression: `IF(requests >= ${ALARM_THRESHOLDS.apiMinimumRequests}, 100 * errors / requests, 0)`,
    usingMetrics: { requests, errors: serverErrors },
    period,
  });
  const latencyP99 = httpApi.metricLatency({ period, statistic: 'p99', label: 'API latency p99' });
  alarm('Api5xxRate', errorRate, ALARM_THRESHOLDS.api5xxPercent, {
    description: `${ALARM_THRESHOLDS.api5xxPercent} % or more of the API's requests answered 5xx (in two of three ${ALARM_THRESHOLDS.periodMinutes}-minute periods with at least ${ALARM_THRESHOLDS.apiMinimumRequests} requests). The route functions' logs name the error ("unhandled error").`,
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
  });
  alarm('ApiLatencyP99', latencyP99, ALARM_THRESHOLDS.apiLatencyP99Ms, {
    description: `The API's p99 latency is over ${ALARM_THRESHOLDS.apiLatencyP99Ms} ms in three ${ALARM_THRESHOLDS.periodMinutes}-minute periods running.`,
    evaluationPeriods: 3,
  });
  return { requests, serverErrors, clientErrors, errorRate, latencyP99 };
};

/** Functions, by area: errors and throttles (at most 10 functions an alarm: a larger area gets several). */
export const functionAreaAlarms = (alarm: AddAlarm, all: readonly MonitoredFunction[]) => {
  const areas = new Map<string, IFunction[]>();
  for (const { fn, handler } of [...all].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
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
      // A job's errors have their own alarm each (jobAlarms); its area alarms only on throttles.
      if (area !== 'jobs') {
        alarm(
          `Errors-${area}${part}`,
          sumOver(`${area} errors`, 'e', batch, (fn) => fn.metricErrors({ period, statistic: 'Sum' })),
          ALARM_THRESHOLDS.functionErrors,
          {
            description: `Functions of the ${area} area${which} failed (an uncaught error or a timeout). Their log groups name the error.`,
          },
        );
      }
      alarm(
        `Throttles-${area}${part}`,
        sumOver(`${area} throttles`, 't', batch, (fn) => fn.metricThrottles({ period, statistic: 'Sum' })),
        ALARM_THRESHOLDS.functionThrottles,
        { description: `Functions of the ${area} area${which} were throttled: the account's Lambda concurrency is exhausted.` },
      );
    });
  }
  return { areaErrors, areaThrottles };
};

/** State machines: executions failed or timed out. */
export const stateMachineAlarms = (alarm: AddAlarm, stateMachines: readonly MonitoredStateMachine[]): void => {
  for (const { id: name, label, stateMachine } of stateMachines) {
    alarm(`${name}ExecutionsFailed`, stateMachine.metricFailed({ period, statistic: 'Sum' }), ALARM_THRESHOLDS.executionsFailed, {
      description: `${label} executions failed: the item is marked failed and shown so; the execution's history in Step Functions names the step.`,
    });
    alarm(`${name}ExecutionsTimedOut`, stateMachine.metricTimedOut({ period, statistic: 'Sum' }), ALARM_THRESHOLDS.executionsTimedOut, {
      description: `${label} executions timed out: the item may stay in progress until it is retried.`,
    });
  }
};

/** Scheduled jobs: failing, or not running at all. */
export const jobAlarms = (alarm: AddAlarm, jobs: readonly MonitoredJob[]): void => {
  for (const job of jobs) {
    const silence = jobSilenceMinutes(job.rateMinutes);
    alarm(`Job-${job.id}-Errors`, job.fn.metricErrors({ period, statistic: 'Sum' }), ALARM_THRESHOLDS.jobErrors, {
      description: `The scheduled job ${job.id} failed; its log group names the error.`,
    });
    alarm(
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
};

/** The table and its indexes: throttle events, reads and writes in an alarm each (an alarm sums at most 10 metrics). */
export const tableAlarms = (alarm: AddAlarm, tableName: string) => {
  const dynamo = (metricName: string, indexName?: string) =>
    new Metric({
      namespace: 'AWS/DynamoDB',
      metricName,
      dimensionsMap: indexName ? { TableName: tableName, GlobalSecondaryIndexName: indexName } : { TableName: tableName },
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
  alarm('TableThrottles', tableThrottles.read, ALARM_THRESHOLDS.tableThrottles, {
    description: `Reads of ${tableName} (or its indexes) were throttled.`,
  });
  alarm('TableWriteThrottles', tableThrottles.write, ALARM_THRESHOLDS.tableThrottles, {
    description: `Writes to ${tableName} (or its indexes) were throttled.`,
  });
  return tableThrottles;
};

/** Stripe's webhook: function errors, and the route's 5xx and 4xx answers when its detailed metrics are on. */
export const webhookAlarms = (alarm: AddAlarm, webhook: MonitoredWebhook | undefined, stage: string): IMetric[] => {
  const webhookWidgets: IMetric[] = [];
  if (!webhook) return webhookWidgets;
  const errors = webhook.fn.metricErrors({ period, statistic: 'Sum', label: 'webhook function errors' });
  webhookWidgets.push(errors);
  alarm('StripeWebhookErrors', errors, ALARM_THRESHOLDS.webhookErrors, {
    description: "Stripe's webhook function failed (an uncaught error or a timeout); Stripe retries the event.",
  });
  const dimensionsMap = webhook.routeDimensions;
  if (dimensionsMap) {
    const route = (metricName: string, label: string) =>
      new Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap, period, statistic: 'Sum', label });
    const fiveXx = route('5xx', 'webhook 5xx');
    const fourXx = route('4xx', 'webhook 4xx');
    webhookWidgets.push(fiveXx, fourXx);
    alarm('StripeWebhook5xx', fiveXx, ALARM_THRESHOLDS.webhook5xx, {
      description: "Stripe's webhook answered 5xx: the event was not applied (Stripe retries it for three days).",
    });
    alarm('StripeWebhook4xx', fourXx, ALARM_THRESHOLDS.webhook4xx, {
      description: `Stripe's webhook answered 4xx ${ALARM_THRESHOLDS.webhook4xx} times or more in ${ALARM_THRESHOLDS.periodMinutes} minutes: most likely the signing secret (${stage}/stripe/webhook-signing-secret) does not match the endpoint's in Stripe.`,
    });
  }
  return webhookWidgets;
};

/** A count the product writes as an EMF metric (per stage), alarmed at a threshold. */
const productCountAlarm = (
  alarm: AddAlarm,
  stage: string,
  spec: { id: string; metricName: string; label: string; threshold: number; description: string },
): Metric => {
  const metric = new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: spec.metricName,
    dimensionsMap: { Stage: stage },
    period,
    statistic: 'Sum',
    label: spec.label,
  });
  alarm(spec.id, metric, spec.threshold, { description: spec.description });
  return metric;
};

/** ATS write-backs that ended failed (an EMF metric the delivery job writes). */
export const atsWriteBackAlarm = (alarm: AddAlarm, stage: string): Metric =>
  productCountAlarm(alarm, stage, {
    id: 'AtsWriteBacksFailed',
    metricName: metricNames.atsWriteBackFailed,
    label: 'ATS write-backs failed',
    threshold: ALARM_THRESHOLDS.atsWriteBacksFailed,
    description: "Results could not be written back to an ATS after retries; the candidate's integration panel shows the reason.",
  });

/** Webhook events EventBridge did not take (issue 38): the request went on, but no endpoint hears of them. */
export const webhookEventsNotPublishedAlarm = (alarm: AddAlarm, stage: string): Metric =>
  productCountAlarm(alarm, stage, {
    id: 'WebhookEventsNotPublished',
    metricName: metricNames.webhookEventsNotPublished,
    label: 'Webhook events not published',
    threshold: ALARM_THRESHOLDS.webhookEventsNotPublished,
    description:
      "Webhook events could not be put on the stage's event bus after the SDK's retries (logged as 'webhook events not published' with their ids); the companies' endpoints did not get them.",
  });

/** Answer summaries not written (issue 41, app/summaries/summarise.ts): the answers are ready, their summaries marked unavailable. */
export const summariesFailedAlarm = (alarm: AddAlarm, stage: string): Metric =>
  productCountAlarm(alarm, stage, {
    id: 'SummariesFailed',
    metricName: metricNames.summariesFailed,
    label: 'Summaries failed',
    threshold: ALARM_THRESHOLDS.summariesFailed,
    description:
      "Answer summaries could not be written: Bedrock's Converse failed after the SDK's retries, answered without the tool, or the summarising task failed (logged as 'summary not written' or 'overview not written'). The answers are ready; their summaries show as unavailable until the answer is processed again.",
  });

/** Single sign-ons refused (issue 42): the provider's answers do not verify, or it answers errors. */
export const ssoSignInsFailedAlarm = (alarm: AddAlarm, stage: string): Metric =>
  productCountAlarm(alarm, stage, {
    id: 'SsoSignInsFailed',
    metricName: metricNames.ssoSignInsFailed,
    label: 'Single sign-ons refused',
    threshold: ALARM_THRESHOLDS.ssoSignInsFailed,
    description:
      "Single sign-ons were refused: the identity provider's answers did not verify (signature, issuer, audience, nonce, expiry, a replayed or wrapped SAML assertion) or it answered errors (logged as 'oidc sign-in refused' or 'saml sign-in refused' with the company and provider). A company's provider may be misconfigured or have rotated its keys; its owners can still sign in with the recovery code.",
  });

/**
 * SES's reputation for the stage's own mail: the bounce and complaint rates SES publishes per
 * configuration set (reputation metrics are on for the stage's, lib/constructs/mail-delivery.ts),
 * so one stage's test bounces do not raise another's alarm. SES reviews the account on its
 * account-wide rates, to which each stage's mail adds.
 */
export const sesAlarms = (alarm: AddAlarm, stage: string) => {
  const configurationSet = mailConfigurationSetName(stage);
  const ses = (metricName: string, label: string) =>
    new Metric({
      namespace: 'AWS/SES',
      metricName,
      dimensionsMap: { 'ses:configuration-set': configurationSet },
      period: Duration.hours(1),
      statistic: 'Maximum',
      label,
    });
  const bounceRate = ses('Reputation.BounceRate', 'bounce rate');
  const complaintRate = ses('Reputation.ComplaintRate', 'complaint rate');
  alarm('SesBounceRate', bounceRate, ALARM_THRESHOLDS.sesBounceRate, {
    description: `The bounce rate of the stage's mail (SES configuration set ${configurationSet}) reached 5 %: SES reviews an account at 5 % and may pause sending at 10 %. The candidates' pages show which addresses bounced.`,
  });
  alarm('SesComplaintRate', complaintRate, ALARM_THRESHOLDS.sesComplaintRate, {
    description: `The complaint rate of the stage's mail (SES configuration set ${configurationSet}) reached 0.1 %: SES reviews an account at 0.1 % and may pause sending at 0.5 %.`,
  });
  return { bounceRate, complaintRate };
};

/** Dead-letter queues of event rules: a message there is an event whose function kept failing. */
export const deadLetterAlarms = (alarm: AddAlarm, queues: readonly MonitoredQueue[]): void => {
  for (const { id, label, queue } of queues) {
    alarm(
      `${id}DeadLetters`,
      queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum', label: `${label} dead letters` }),
      ALARM_THRESHOLDS.deadLetters,
      { description: `${label}: an event kept failing its function and was set aside in the dead-letter queue (its logs name the error).` },
    );
  }
};

/**
 * Stream functions (issue 40): how far behind the stream each is (IteratorAge, the age of the newest
 * record of its last batch), and its dead-letter queue, where a batch goes that failed every retry.
 * Its errors are in its area's alarms (functionAreaAlarms, area `streams`).
 */
export const streamAlarms = (alarm: AddAlarm, streams: readonly MonitoredStream[]) =>
  streams.map(({ id, label, fn, deadLetterQueue }) => {
    const iteratorAge = fn.metric('IteratorAge', { period, statistic: 'Maximum', label: `${label} iterator age` });
    alarm(`${id}IteratorAge`, iteratorAge, ALARM_THRESHOLDS.streamIteratorAgeMs, {
      description: `${label}: the function is more than ${ALARM_THRESHOLDS.streamIteratorAgeMs / 60_000} minutes behind the table's stream (it keeps failing, or cannot keep up); what it keeps up to date is that late. The stream keeps records 24 hours.`,
    });
    const deadLetters = deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum', label: `${label} dead letters` });
    alarm(`${id}DeadLetters`, deadLetters, ALARM_THRESHOLDS.deadLetters, {
      description: `${label}: stream records failed every retry and were set aside; each message in the dead-letter queue names the shard and the sequence numbers of the records the function did not apply (its logs name the error).`,
    });
    return { label, iteratorAge, deadLetters, errors: fn.metricErrors({ period, statistic: 'Sum', label: `${label} errors` }) };
  });
