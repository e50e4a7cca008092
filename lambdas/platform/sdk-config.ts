/**
 * How every SDK client of the functions retries and gives up, chosen once (issue 37).
 *
 * Retry mode `standard`, not `adaptive`: standard retries throttling and transient errors
 * (500/502/503/504, timeouts, connection resets) with capped exponential backoff and full jitter
 * (a 100 ms base, 500 ms for throttling), and stops retrying altogether when its retry quota runs
 * dry, so a struggling service is not hit harder. Adaptive adds a client-side rate limiter that
 * learns from throttles, but a Lambda environment serves one invocation at a time and its client
 * sees a handful of calls per invocation: the limiter cannot learn the service's rate from that,
 * it shares nothing with the hundreds of other environments, and after one throttle it slows the
 * next invocation's unrelated calls in the same environment. It is also marked experimental.
 *
 * Attempts and timeouts per service follow what the callers can wait: an API function has 10 s
 * (DEFAULT_TIMEOUT_SECONDS) to answer, so DynamoDB gets 4 attempts (throttling backoff waits at
 * most 1 + 2 + 4 s, about 3.5 s expected) and 5 s per attempt. `requestTimeout` is the socket's
 * idle time, not a whole transfer's, so S3 streams of any length are not cut short. A request that
 * times out may still have been done: every write that can be retried is idempotent (conditions,
 * ClientRequestToken on transactions: lambdas/data/transaction.ts).
 *
 * `requestHandler` is given as options, not as a NodeHttpHandler: the client builds its own from
 * them, so no bundle carries a second copy of the handler or an import of it.
 */
export interface SdkClientSettings {
  retryMode: 'standard';
  maxAttempts: number;
  requestHandler: { connectionTimeout: number; requestTimeout: number };
}

const settings = {
  dynamodb: { maxAttempts: 4, connectionTimeout: 2000, requestTimeout: 5000 },
  // Part uploads and downloads of media stream for as long as they take; a stalled socket is given up.
  s3: { maxAttempts: 4, connectionTimeout: 2000, requestTimeout: 15_000 },
  // SES throttles at the account's sending rate per second. Invitations are sent within the invite's
  // 10 s: 3 attempts (throttling backoff at most 1 + 2 s) leave it room; with 5 the backoff alone could
  // reach 15 s and the request timed out. A mail SES still refuses is recorded as not sent, with Resend.
  ses: { maxAttempts: 3, connectionTimeout: 2000, requestTimeout: 5000 },
  sfn: { maxAttempts: 3, connectionTimeout: 2000, requestTimeout: 5000 },
  kms: { maxAttempts: 3, connectionTimeout: 2000, requestTimeout: 3000 },
  secretsManager: { maxAttempts: 3, connectionTimeout: 2000, requestTimeout: 3000 },
  eventBridge: { maxAttempts: 3, connectionTimeout: 2000, requestTimeout: 5000 },
  ivs: { maxAttempts: 3, connectionTimeout: 2000, requestTimeout: 5000 },
  // The webhook deliveries queue (issue 38): a resend or test event is queued within its route's 10 s.
  sqs: { maxAttempts: 3, connectionTimeout: 2000, requestTimeout: 5000 },
  // Bedrock Runtime's Converse (issue 41), from the media pipeline's summarising task (60 s): a small
  // model answers an 800-token summary in seconds; 3 attempts of at most 20 s idle each fit the task.
  bedrockRuntime: { maxAttempts: 3, connectionTimeout: 2000, requestTimeout: 20_000 },
} as const;

export type SdkService = keyof typeof settings;

/** A client's options for `service`: `new SFNClient(sdkClientSettings('sfn'))`. Pure, so clients stay tree-shakeable. */
export const sdkClientSettings = (service: SdkService): SdkClientSettings => {
  const { maxAttempts, connectionTimeout, requestTimeout } = settings[service];
  return { retryMode: 'standard', maxAttempts, requestHandler: { connectionTimeout, requestTimeout } };
};

/**
 * Stripe's SDK: 2 retries of network errors, 409s and 5xx (with the Idempotency-Key the SDK adds
 * to every POST when it retries, so a retried create is done once), 5 s each: three attempts and
 * their backoff fit the billing functions' 20 s.
 */
export const stripeClientSettings = { maxNetworkRetries: 2, timeout: 5000 } as const;
