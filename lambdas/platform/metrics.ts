import { readEnv } from './env';

/**
 * Figures the alarms watch that no AWS service publishes, written as CloudWatch Embedded Metric
 * Format: a JSON log line with an `_aws` block, which CloudWatch Logs turns into a metric of the
 * function's log group. No SDK client and no call: the line is the metric. Every metric is in one
 * namespace with the stage as its one dimension (every function has STAGE), so each stage's alarm
 * (lib/constructs/monitoring.ts) watches its own.
 */
export const METRICS_NAMESPACE = 'VideoInterviews';

export const metricNames = {
  /** ATS write-backs settled as failed, retries spent or not retryable (app/integrations/results.ts). */
  atsWriteBackFailed: 'AtsWriteBacksFailed',
  /** Invitations mailed to candidates (app/invitations/invite.ts; previews are not counted). */
  invitesSent: 'InvitesSent',
  /** Answers a candidate submitted (app/recording/submit.ts). */
  answersSubmitted: 'AnswersSubmitted',
  /** Seconds from the media pipeline's start to the media being ready (lambdas/pipeline/finalize-media.ts). */
  pipelineSeconds: 'MediaPipelineSeconds',
  /** Recipients SES reported a bounce or a complaint for (app/mail/record-delivery.ts, issue 26). */
  mailBounces: 'MailBounces',
  mailComplaints: 'MailComplaints',
  /** Invitation mails SES did not take, its retries spent: shown as not sent (app/mail/send-outcome.ts, issue 37). */
  mailsNotSent: 'MailsNotSent',
  /** Webhook events EventBridge did not take (app/webhooks/publish-events.ts, issue 38): the request went on, the endpoints miss them. */
  webhookEventsNotPublished: 'WebhookEventsNotPublished',
  /** Seconds from a candidate's change to the reports counting it (streams/aggregate-reports.ts, issue 40). */
  reportLagSeconds: 'ReportLagSeconds',
  /** Stream records the reports had counted already (a redelivery): added nothing. */
  reportDuplicates: 'ReportDuplicateChanges',
  /** Bedrock tokens the summaries used (app/summaries/summarise.ts, issue 41), per company as well (companyCount). */
  summaryInputTokens: 'SummaryInputTokens',
  summaryOutputTokens: 'SummaryOutputTokens',
  /** Summary points (and overview lines) the citation check dropped. */
  summaryPointsDropped: 'SummaryPointsDropped',
  /** Summaries the model did not write (the call failed after its retries, or answered without the tool). */
  summariesFailed: 'SummariesFailed',
  /** Seconds one answer's summary took (the Converse call and the check). */
  summarySeconds: 'SummarySeconds',
  /**
   * Single sign-ons (issue 42) whose provider's answer did not verify or who answered an error
   * (app/sso/sign-in.ts, app/sso/saml.ts): a broken or misconfigured provider, or an attack.
   */
  ssoSignInsFailed: 'SsoSignInsFailed',
} as const;

export type MetricName = (typeof metricNames)[keyof typeof metricNames];
export type MetricUnit = 'Count' | 'Seconds';

/** The EMF document of one value of a metric. */
export const metricLine = (name: MetricName, value: number, unit: MetricUnit, stage: string, now: Date): Record<string, unknown> => ({
  _aws: {
    Timestamp: now.getTime(),
    CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: [['Stage']], Metrics: [{ Name: name, Unit: unit }] }],
  },
  Stage: stage,
  [name]: value,
});

/** The EMF document of one count. */
export const countLine = (name: MetricName, value: number, stage: string, now: Date): Record<string, unknown> =>
  metricLine(name, value, 'Count', stage, now);

const put = (name: MetricName, value: number, unit: MetricUnit, now: Date): void => {
  process.stdout.write(`${JSON.stringify(metricLine(name, value, unit, readEnv('STAGE').STAGE, now))}\n`);
};

/**
 * The EMF document of one count per company (issue 41's tokens): the stage's total and, as a second
 * dimension set of the same line, the company's own (`Stage`, `CompanyId`), which the dashboard's
 * per-company widget searches.
 */
export const companyCountLine = (name: MetricName, value: number, companyId: string, stage: string, now: Date): Record<string, unknown> => ({
  _aws: {
    Timestamp: now.getTime(),
    CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: [['Stage'], ['Stage', 'CompanyId']], Metrics: [{ Name: name, Unit: 'Count' }] }],
  },
  Stage: stage,
  CompanyId: companyId,
  [name]: value,
});

/** Adds `value` to a count metric for the stage and for one company. */
export const companyCount = (name: MetricName, value: number, companyId: string, now = new Date()): void => {
  process.stdout.write(`${JSON.stringify(companyCountLine(name, value, companyId, readEnv('STAGE').STAGE, now))}\n`);
};

/** Adds `value` to a count metric, on its own line of the function's log. */
export const count = (name: MetricName, value = 1, now = new Date()): void => put(name, value, 'Count', now);

/** Records a duration in seconds (the dashboard shows its percentiles). */
export const seconds = (name: MetricName, value: number, now = new Date()): void => put(name, value, 'Seconds', now);
