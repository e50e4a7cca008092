import { WEBHOOK_DISABLE_AFTER_DAYS } from '../contracts/webhooks';

/**
 * When a failed webhook delivery is tried again (issue 38): exponential backoff, doubling from one
 * minute and capped just under 12 hours (SQS's longest visibility timeout, which is how the delivery
 * function waits: it sets the message's visibility to the delay and reports it failed). Twelve
 * attempts span 1 + 2 + 4 + … + 512 minutes + 12 h ≈ 29 hours, so an event is retried for more than
 * a day; the queue's redrive policy moves it to the dead-letter queue after the last (maxReceiveCount
 * is WEBHOOK_MAX_ATTEMPTS, SQS's receive count being the attempt number).
 *
 * `scale` multiplies every delay (1 in AWS; the local test stack shortens the schedule with it, the
 * same schedule, not another code path). SQS counts visibility in whole seconds: at least 1.
 */
export const WEBHOOK_MAX_ATTEMPTS = 12;
export const WEBHOOK_FIRST_RETRY_SECONDS = 60;
/** SQS keeps a message hidden at most 12 hours from its receive (ChangeMessageVisibility does not reset that): a minute less, for the attempt's own time. */
export const WEBHOOK_MAX_RETRY_SECONDS = 12 * 60 * 60 - 60;

/** Seconds to wait after failed attempt `attempt` (1-based), or null after the last one. */
export const retryDelaySeconds = (attempt: number, scale = 1): number | null => {
  if (attempt >= WEBHOOK_MAX_ATTEMPTS) return null;
  const base = Math.min(WEBHOOK_FIRST_RETRY_SECONDS * 2 ** (attempt - 1), WEBHOOK_MAX_RETRY_SECONDS);
  return Math.max(1, Math.min(WEBHOOK_MAX_RETRY_SECONDS, Math.ceil(base * scale)));
};

/** The whole schedule's length (the README and the tests quote it). */
export const retryScheduleSeconds = (scale = 1): number => {
  let total = 0;
  for (let attempt = 1; attempt < WEBHOOK_MAX_ATTEMPTS; attempt += 1) total += retryDelaySeconds(attempt, scale)!;
  return total;
};

/** The retry scale as configured (WEBHOOK_RETRY_SCALE): a positive number, 1 when unset or not one. */
export const parseRetryScale = (value: string | undefined): number => {
  const scale = Number(value);
  return value && Number.isFinite(scale) && scale > 0 ? scale : 1;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An endpoint that has failed for WEBHOOK_DISABLE_AFTER_DAYS (every attempt since its first failure
 * that long ago; a success clears `failingSince`) is disabled: whether a failure at `now` disables it.
 */
export const failingTooLong = (failingSince: string | null, now: Date): boolean =>
  failingSince !== null && now.getTime() - Date.parse(failingSince) >= WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS;
