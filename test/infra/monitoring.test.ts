import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, routeEntries } from '../../lambdas/operations/index';
import { scheduleEntries } from '../../lambdas/schedules';
import { eventFunctionEntries } from '../../lambdas/event-rules';
import { queueFunctionEntries } from '../../lambdas/queues';
import { streamFunctionEntries } from '../../lambdas/streams';
import { tableDefinition, tableName } from '../../lambdas/data/table-definition';
import { stageConfigFromContext } from '../../lib/config';
import { mailConfigurationSetName } from '../../lib/functions';
import { evenBatches, functionArea } from '../../lib/constructs/alarm-groups';
import { ALARM_THRESHOLDS as T, jobSilenceMinutes, MAX_METRICS_PER_ALARM } from '../../lib/constructs/alarm-thresholds';
import { Monitoring, type MonitoringProps } from '../../lib/constructs/monitoring';
import { fakeSpaDist, synthApp } from './synth';

type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[] };

const GTE = 'GreaterThanOrEqualToThreshold';

/** An alarm's one metric, whether written as MetricName/Dimensions or (with a label) as a one-query Metrics array. */
const metricOf = (alarm: Resource['Properties']) => {
  const stat = alarm.Metrics?.[0]?.MetricStat;
  if (stat && alarm.Metrics.length === 1) {
    return {
      Namespace: stat.Metric.Namespace,
      MetricName: stat.Metric.MetricName,
      Dimensions: stat.Metric.Dimensions,
      Stat: stat.Stat,
      Period: stat.Period,
    };
  }
  return {
    Namespace: alarm.Namespace,
    MetricName: alarm.MetricName,
    Dimensions: alarm.Dimensions,
    Stat: alarm.Statistic ?? alarm.ExtendedStatistic,
    Period: alarm.Period,
  };
};
const dimensionsOf = (alarm: Resource['Properties']) =>
  Object.fromEntries((metricOf(alarm).Dimensions ?? []).map((d: { Name: string; Value: unknown }) => [d.Name, d.Value]));

describe('the stage monitoring (stage "test")', () => {
  let synth: ReturnType<typeof synthApp>;
  let monitoring: Template;
  let alarms: Map<string, Resource['Properties']>;
  let topicRef: { Ref: string };

  beforeAll(() => {
    synth = synthApp({ spaDistPath: fakeSpaDist() });
    monitoring = Template.fromStack(synth.api.monitoring);
    alarms = new Map(
      Object.values(monitoring.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>).map((alarm) => [
        String(alarm.Properties.AlarmName).replace(/^test-interviews-/, ''),
        alarm.Properties,
      ]),
    );
    topicRef = { Ref: Object.keys(monitoring.findResources('AWS::SNS::Topic'))[0]! };
  });

  it('has one alarm topic, HTTPS only, publishable by this account’s CloudWatch alarms, and no subscription without -c alarmEmail', () => {
    monitoring.resourceCountIs('AWS::SNS::Topic', 1);
    monitoring.hasResourceProperties('AWS::SNS::Topic', { TopicName: 'test-interviews-alarms' });
    monitoring.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 'sns:Publish', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({ Effect: 'Allow', Action: 'sns:Publish', Principal: { Service: 'cloudwatch.amazonaws.com' } }),
        ]),
      },
    });
    monitoring.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('sends every alarm, and its recovery, to the topic', () => {
    expect(alarms.size).toBeGreaterThan(40);
    for (const [name, alarm] of alarms) {
      expect(alarm.AlarmActions, name).toEqual([topicRef]);
      expect(alarm.OKActions, name).toEqual([topicRef]);
    }
  });

  it.each([
    ['Api5xxRate', T.api5xxPercent],
    ['ApiLatencyP99', T.apiLatencyP99Ms],
    ['MediaPipelineExecutionsFailed', T.executionsFailed],
    ['MediaPipelineExecutionsTimedOut', T.executionsTimedOut],
    ['AnswerPackagesExecutionsFailed', T.executionsFailed],
    ['AnswerPackagesExecutionsTimedOut', T.executionsTimedOut],
    ['TableThrottles', T.tableThrottles],
    ['TableWriteThrottles', T.tableThrottles],
    ['StripeWebhookErrors', T.webhookErrors],
    ['StripeWebhook5xx', T.webhook5xx],
    ['StripeWebhook4xx', T.webhook4xx],
    ['AtsWriteBacksFailed', T.atsWriteBacksFailed],
    ['WebhookEventsNotPublished', T.webhookEventsNotPublished],
    ['SsoSignInsFailed', T.ssoSignInsFailed],
    ['SesBounceRate', T.sesBounceRate],
    ['SesComplaintRate', T.sesComplaintRate],
  ])('alarms on %s at %s or more', (name, threshold) => {
    const alarm = alarms.get(name);
    expect(alarm, name).toBeDefined();
    expect(alarm!.Threshold).toBe(threshold);
    expect(alarm!.ComparisonOperator).toBe(GTE);
  });

  it('watches the thresholds the issue names: 5xx share and p99 latency, SES review rates', () => {
    expect(T.sesBounceRate).toBe(0.05);
    expect(T.sesComplaintRate).toBe(0.001);
    const rate = alarms.get('Api5xxRate')!;
    const expression = rate.Metrics.find((query: any) => query.ReturnData !== false).Expression;
    expect(expression).toBe(`IF(requests >= ${T.apiMinimumRequests}, 100 * errors / requests, 0)`);
    expect(rate.Metrics.map((query: any) => query.MetricStat?.Metric.MetricName).filter(Boolean)).toEqual(['Count', '5xx']);
    const metric = (name: string) => metricOf(alarms.get(name)!);
    expect(metric('ApiLatencyP99')).toMatchObject({ MetricName: 'Latency', Namespace: 'AWS/ApiGateway', Stat: 'p99' });
    // Each stage's own mail: the rates of its configuration set, not the account's.
    const configurationSet = [{ Name: 'ses:configuration-set', Value: mailConfigurationSetName('test') }];
    expect(metric('SesBounceRate')).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate', Dimensions: configurationSet });
    expect(metric('SesComplaintRate')).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.ComplaintRate',
      Dimensions: configurationSet,
    });
    expect(metric('AtsWriteBacksFailed')).toMatchObject({
      Namespace: 'VideoInterviews',
      MetricName: 'AtsWriteBacksFailed',
      Dimensions: [{ Name: 'Stage', Value: 'test' }],
    });
    expect(metric('MediaPipelineExecutionsFailed')).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsFailed' });
    expect(metric('AnswerPackagesExecutionsTimedOut')).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsTimedOut' });
  });

  it('sums throttle events of the table and each index (reads in one alarm, writes in another: at most 10 metrics an alarm)', () => {
    const metrics = ['TableThrottles', 'TableWriteThrottles'].flatMap((name) => alarms.get(name)!.Metrics.filter((query: any) => query.MetricStat));
    const indexes = tableDefinition.globalSecondaryIndexes.length;
    expect(metrics.map((query: any) => query.MetricStat.Metric.MetricName).sort()).toEqual(
      [...Array(indexes + 1).fill('ReadThrottleEvents'), ...Array(indexes + 1).fill('WriteThrottleEvents')].sort(),
    );
    for (const query of metrics) expect(query.MetricStat.Metric.Dimensions).toContainEqual({ Name: 'TableName', Value: tableName('test') });
    expect(metrics.filter((query: any) => query.MetricStat.Metric.Dimensions.length === 2)).toHaveLength(2 * indexes);
  });

  it('alarms on each function area’s errors and throttles, at most 10 functions an alarm, every function in exactly one of each', () => {
    const functionsIn = (kind: 'Errors' | 'Throttles') =>
      [...alarms]
        .filter(([name]) => name.startsWith(`${kind}-`))
        .flatMap(([name, alarm]) => {
          const metrics = alarm.Metrics.filter((query: any) => query.MetricStat);
          expect(metrics.length, name).toBeLessThanOrEqual(MAX_METRICS_PER_ALARM);
          expect(alarm.Threshold, name).toBe(kind === 'Errors' ? T.functionErrors : T.functionThrottles);
          return metrics.map((query: any) => JSON.stringify(query.MetricStat.Metric.Dimensions));
        });
    const throttled = functionsIn('Throttles');
    const errored = functionsIn('Errors');
    // Every function: the routes, 4 media pipeline tasks (issue 41's summarising one), 2 answer-package tasks, the jobs, the event functions, the queue consumers, the stream functions.
    const total =
      routeEntries.length + 6 + scheduleEntries.length + eventFunctionEntries.length + queueFunctionEntries.length + streamFunctionEntries.length;
    expect(new Set(throttled).size).toBe(total);
    expect(throttled).toHaveLength(total);
    // The jobs' errors have an alarm each instead.
    expect(new Set(errored).size).toBe(total - scheduleEntries.length);
    expect(errored).toHaveLength(total - scheduleEntries.length);
    expect([...alarms.keys()]).toEqual(
      expect.arrayContaining(['Errors-candidates-1of2', 'Errors-candidates-2of2', 'Errors-pipeline', 'Throttles-jobs', 'Errors-events']),
    );
  });

  it.each(scheduleEntries)('alarms when the job %s fails or stops running', (id, schedule) => {
    const errors = alarms.get(`Job-${id}-Errors`)!;
    expect(errors).toMatchObject({ Threshold: T.jobErrors, ComparisonOperator: GTE });
    expect(metricOf(errors)).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Errors', Stat: 'Sum' });
    const silent = alarms.get(`Job-${id}-NotRunning`)!;
    expect(silent).toMatchObject({ Threshold: 1, ComparisonOperator: 'LessThanThreshold', EvaluationPeriods: 1, TreatMissingData: 'breaching' });
    expect(metricOf(silent)).toMatchObject({ MetricName: 'Invocations', Stat: 'Sum', Period: schedule.rateMinutes * T.jobSilenceRates * 60 });
    // The same function as the errors alarm's.
    expect(dimensionsOf(silent)).toEqual(dimensionsOf(errors));
  });

  it("turns on route metrics for Stripe's webhook only, and alarms on its 4xx and 5xx", () => {
    const stages = Object.values(Template.fromStack(synth.api).findResources('AWS::ApiGatewayV2::Stage') as Record<string, Resource>);
    expect(stages).toHaveLength(1);
    const routeKey = `POST ${API_PREFIX}/stripe/webhook`;
    expect(stages[0]!.Properties.RouteSettings).toEqual({ [routeKey]: { DetailedMetricsEnabled: true } });
    expect(stages[0]!.DependsOn?.some((id) => id.includes('Routesstripe'))).toBe(true);
    for (const name of ['StripeWebhook5xx', 'StripeWebhook4xx']) {
      expect(dimensionsOf(alarms.get(name)!)).toMatchObject({ Stage: '$default', Method: 'POST', Resource: `${API_PREFIX}/stripe/webhook` });
    }
  });

  it('has one dashboard per stage with each figure', () => {
    monitoring.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const dashboard = Object.values(monitoring.findResources('AWS::CloudWatch::Dashboard') as Record<string, Resource>)[0]!;
    expect(dashboard.Properties.DashboardName).toBe('test-interviews');
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const title of [
      'Alarms',
      'API requests and errors',
      'API 5xx %',
      'API latency',
      'Function errors by area',
      'Function throttles by area',
      'Media pipeline',
      'Answer packages',
      'Table throttle events',
      'Scheduled jobs: runs',
      'Scheduled jobs: errors',
      "Stripe's webhook",
      'ATS write-backs failed',
      'Invitations and answers',
      'Media pipeline seconds',
      'SES bounce rate',
      'SES complaint rate',
      'Mail bounces and complaints',
    ])
      expect(body, title).toContain(JSON.stringify(`"title":"${title}"`).slice(1, -1));
    // The business figures are the EMF metrics the functions write.
    for (const metric of ['InvitesSent', 'AnswersSubmitted', 'MediaPipelineSeconds']) expect(body, metric).toContain(metric);
    // Mail bounces and complaints: the EMF counts of the stage, in one graph.
    const mailWidget = body.split('"type\\":\\"').find((widget) => widget.includes('Mail bounces and complaints'));
    expect(mailWidget).toBeDefined();
    for (const metric of ['MailBounces', 'MailComplaints']) {
      expect(mailWidget, metric).toContain(JSON.stringify(`["VideoInterviews","${metric}","Stage","test"`).slice(1, -1));
    }
    // The SES rate graphs draw the configuration set's metrics.
    expect(body).toContain(JSON.stringify(`"ses:configuration-set","${mailConfigurationSetName('test')}"`).slice(1, -1));
  });

  it('lives in a nested stack of the API stack, leaving the parent one resource for it', () => {
    const parent = Template.fromStack(synth.api);
    expect(parent.findResources('AWS::CloudWatch::Alarm')).toEqual({});
    parent.hasOutput('AlarmTopicArn', {});
  });
});

describe('the alarm e-mail', () => {
  const monitoringWith = (context: Record<string, unknown>) => {
    const stack = new Stack(new App(), 'Parent');
    const config = stageConfigFromContext((key) => context[key]);
    const fn = LambdaFunction.fromFunctionName(stack, 'Fn', 'some-function');
    const props: MonitoringProps = {
      config,
      httpApi: new HttpApi(stack, 'Api'),
      functions: [{ fn, id: 'getHealth', handler: 'api/system/get-health' }],
      stateMachines: [{ id: 'MediaPipeline', label: 'Media pipeline', stateMachine: StateMachine.fromStateMachineName(stack, 'Sm', 'sm') }],
      jobs: [{ id: 'expireInvites', rateMinutes: 15, fn }],
      tableName: 'dev-interviews',
    };
    return Template.fromStack(new Monitoring(stack, 'Monitoring', props));
  };

  it('subscribes the address given with -c alarmEmail to the topic', () => {
    const template = monitoringWith({ stage: 'prod', alarmEmail: 'ops@example.com' });
    template.resourceCountIs('AWS::SNS::Subscription', 1);
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    monitoringWith({ stage: 'prod' }).resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('refuses an alarmEmail that is no address', () => {
    expect(() => stageConfigFromContext((key) => ({ alarmEmail: 'ops' })[key])).toThrow(/alarmEmail/);
  });
});

describe('monitoring helpers', () => {
  it('puts a function in its API area, or in pipeline or jobs', () => {
    expect(functionArea('api/companies/get-company')).toBe('companies');
    expect(functionArea('pipeline/probe-media')).toBe('pipeline');
    expect(functionArea('jobs/expire-invites')).toBe('jobs');
  });

  it('splits an area into the fewest even batches of at most 10', () => {
    expect(evenBatches([], 10)).toEqual([]);
    expect(evenBatches([1, 2, 3], 10)).toEqual([[1, 2, 3]]);
    expect(
      evenBatches(
        Array.from({ length: 16 }, (_, i) => i),
        10,
      ).map((batch) => batch.length),
    ).toEqual([8, 8]);
    expect(
      evenBatches(
        Array.from({ length: 21 }, (_, i) => i),
        10,
      ).map((batch) => batch.length),
    ).toEqual([7, 7, 7]);
  });

  it('waits three of a job’s periods before calling it silent, at most a day', () => {
    expect(jobSilenceMinutes(1)).toBe(3);
    expect(jobSilenceMinutes(15)).toBe(45);
    expect(jobSilenceMinutes(24 * 60)).toBe(24 * 60);
  });
});
