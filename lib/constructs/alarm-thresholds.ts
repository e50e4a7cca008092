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
  /** Any webhook event EventBridge did not take (issue 38). */
  webhookEventsNotPublished: 1,
  /** Any answer summary the model did not write (issue 41): the call failed after its retries, or the summarising task did. */
  summariesFailed: 1,
  /** Single sign-ons refused in five minutes (issue 42): a few are people's mistakes; more is a provider broken or misconfigured, or an attack. */
  ssoSignInsFailed: 5,
  /**
   * A stream function's iterator age (the age of the last record it was handed, Maximum): the reports lag
   * the candidates by this much. Past it the function is failing or cannot keep up (issue 40).
   */
  streamIteratorAgeMs: 10 * 60 * 1000,
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

/** How long a job may go without running before its alarm fires: a few of its periods, at most a day. */
export const jobSilenceMinutes = (rateMinutes: number): number =>
  Math.min(MAX_ALARM_RANGE_MINUTES, Math.max(1, Math.ceil(rateMinutes * ALARM_THRESHOLDS.jobSilenceRates)));
