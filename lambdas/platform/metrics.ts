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
} as const;

export type MetricName = (typeof metricNames)[keyof typeof metricNames];

/** The EMF document of one count. */
export const countLine = (name: MetricName, value: number, stage: string, now: Date): Record<string, unknown> => ({
  _aws: {
    Timestamp: now.getTime(),
    CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: [['Stage']], Metrics: [{ Name: name, Unit: 'Count' }] }],
  },
  Stage: stage,
  [name]: value,
});

/** Adds `value` to a count metric, on its own line of the function's log. */
export const count = (name: MetricName, value = 1, now = new Date()): void => {
  process.stdout.write(`${JSON.stringify(countLine(name, value, readEnv('STAGE').STAGE, now))}\n`);
};
