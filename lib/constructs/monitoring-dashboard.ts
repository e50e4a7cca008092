import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  type Alarm,
  type IMetric,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { METRICS_NAMESPACE, metricNames } from '../../lambdas/platform/metrics';
import type { StageConfig } from '../config';
import type { MonitoredJob, MonitoredStateMachine, apiAlarms, functionAreaAlarms, sesAlarms, streamAlarms, tableAlarms } from './alarm-groups';
import { ALARM_THRESHOLDS } from './alarm-thresholds';

/** The figures the alarm groups return, drawn beside the alarms. */
export interface DashboardFigures {
  readonly api: ReturnType<typeof apiAlarms>;
  readonly areas: ReturnType<typeof functionAreaAlarms>;
  readonly stateMachines: readonly MonitoredStateMachine[];
  readonly tableThrottles: ReturnType<typeof tableAlarms>;
  readonly jobs: readonly MonitoredJob[];
  readonly webhook: readonly IMetric[];
  readonly atsFailed: IMetric;
  readonly ses: ReturnType<typeof sesAlarms>;
  readonly streams: ReturnType<typeof streamAlarms>;
  readonly summariesFailed: IMetric;
}

/** The stage's dashboard: a note, every alarm's state, then the API, functions, state machines, jobs and business figures. */
export const monitoringDashboard = (
  scope: Construct,
  props: { config: StageConfig; prefix: string; httpApi: IHttpApi; alarms: Alarm[]; figures: DashboardFigures },
): Dashboard => {
  const { config, prefix, figures } = props;
  const period = Duration.minutes(ALARM_THRESHOLDS.periodMinutes);
  const dashboard = new Dashboard(scope, 'Dashboard', {
    dashboardName: prefix,
    defaultInterval: Duration.hours(6),
  });
  const graph = (title: string, left: IMetric[], width = 8, extra: Partial<ConstructorParameters<typeof GraphWidget>[0]> = {}): IWidget =>
    new GraphWidget({ title, left, width, height: 6, ...extra });
  dashboard.addWidgets(
    new TextWidget({
      markdown: `# Video interviews · ${config.stage}\nEvery alarm below notifies the SNS topic \`${prefix}-alarms\`${config.alarmEmail ? ` (mailed to ${config.alarmEmail})` : ''}. Function figures are summed per area (lambdas/api/<area>, the state machines' tasks, the scheduled jobs).`,
      width: 24,
      height: 2,
    }),
  );
  dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: props.alarms, width: 24, height: 4 }));
  const { requests, clientErrors, serverErrors, errorRate, latencyP99 } = figures.api;
  dashboard.addWidgets(
    graph('API requests and errors', [requests], 8, { right: [clientErrors, serverErrors] }),
    graph('API 5xx %', [errorRate], 8, { leftAnnotations: [{ value: ALARM_THRESHOLDS.api5xxPercent, label: 'alarm' }] }),
    graph('API latency', [props.httpApi.metricLatency({ period, statistic: 'p50', label: 'p50' }), latencyP99], 8, {
      leftAnnotations: [{ value: ALARM_THRESHOLDS.apiLatencyP99Ms, label: 'p99 alarm' }],
    }),
  );
  dashboard.addWidgets(
    graph('Function errors by area', figures.areas.areaErrors, 12),
    graph('Function throttles by area', figures.areas.areaThrottles, 12),
  );
  dashboard.addWidgets(
    ...figures.stateMachines.map(({ label, stateMachine }) =>
      graph(label, [
        stateMachine.metricSucceeded({ period, statistic: 'Sum', label: 'succeeded' }),
        stateMachine.metricFailed({ period, statistic: 'Sum', label: 'failed' }),
        stateMachine.metricTimedOut({ period, statistic: 'Sum', label: 'timed out' }),
      ]),
    ),
    graph('Table throttle events', [figures.tableThrottles.read, figures.tableThrottles.write]),
  );
  dashboard.addWidgets(
    graph(
      'Scheduled jobs: runs',
      figures.jobs.map((job) => job.fn.metricInvocations({ period, statistic: 'Sum', label: job.id })),
    ),
    graph(
      'Scheduled jobs: errors',
      figures.jobs.map((job) => job.fn.metricErrors({ period, statistic: 'Sum', label: job.id })),
    ),
    ...(figures.webhook.length > 0 ? [graph("Stripe's webhook", [...figures.webhook])] : []),
  );
  // The business figures the functions write as EMF (lambdas/platform/metrics.ts).
  const business = (metricName: string, label: string, statistic = 'Sum') =>
    new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { Stage: config.stage }, period, statistic, label });
  dashboard.addWidgets(
    graph('Invitations and answers', [
      business(metricNames.invitesSent, 'invitations sent'),
      business(metricNames.answersSubmitted, 'answers submitted'),
    ]),
    graph('Media pipeline seconds', [business(metricNames.pipelineSeconds, 'p50', 'p50'), business(metricNames.pipelineSeconds, 'p90', 'p90')]),
    // The recipients SES reported bouncing or complaining (app/mail/record-delivery.ts): counts beside the rates below;
    // and the invitation mails SES did not take at all (app/mail/send-outcome.ts, issue 37).
    graph('Mail bounces and complaints', [
      business(metricNames.mailBounces, 'bounces'),
      business(metricNames.mailComplaints, 'complaints'),
      business(metricNames.mailsNotSent, 'not sent'),
    ]),
  );
  dashboard.addWidgets(
    graph('ATS write-backs failed', [figures.atsFailed]),
    graph('SES bounce rate', [figures.ses.bounceRate], 8, { leftAnnotations: [{ value: ALARM_THRESHOLDS.sesBounceRate, label: 'SES review' }] }),
    graph('SES complaint rate', [figures.ses.complaintRate], 8, {
      leftAnnotations: [{ value: ALARM_THRESHOLDS.sesComplaintRate, label: 'SES review' }],
    }),
  );
  // Summaries (issue 41): Bedrock tokens per company (the metrics' CompanyId dimension set, found by SEARCH, so each
  // company is a line of its own), the points the citation check dropped, the summaries not written, and their seconds.
  const perCompany = (metricName: string, label: string) =>
    new MathExpression({
      expression: `SEARCH('{${METRICS_NAMESPACE},CompanyId,Stage} MetricName="${metricName}" Stage="${config.stage}"', 'Sum', ${period.toSeconds()})`,
      usingMetrics: {},
      period,
      label,
    });
  dashboard.addWidgets(
    graph('Summary tokens per company', [perCompany(metricNames.summaryInputTokens, 'input')], 8, {
      right: [perCompany(metricNames.summaryOutputTokens, 'output')],
    }),
    graph('Summaries: points dropped and failures', [business(metricNames.summaryPointsDropped, 'points dropped'), figures.summariesFailed]),
    graph('Summary seconds', [business(metricNames.summarySeconds, 'p50', 'p50'), business(metricNames.summarySeconds, 'p90', 'p90')]),
  );
  // The table's stream functions (issue 40): how far behind they are, their errors, what they set aside.
  for (const stream of figures.streams) {
    dashboard.addWidgets(
      graph(`${stream.label}: iterator age`, [stream.iteratorAge], 8, {
        leftAnnotations: [{ value: ALARM_THRESHOLDS.streamIteratorAgeMs, label: 'alarm' }],
      }),
      graph(`${stream.label}: errors`, [stream.errors]),
      graph(`${stream.label}: dead letters`, [stream.deadLetters]),
    );
  }
  return dashboard;
};
