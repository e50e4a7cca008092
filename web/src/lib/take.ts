import { ApiError } from '../api/client';

/** A take's length as its timer shows it: `m:ss`. */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/**
 * A recorded take's length as the browser's player shows its duration (issue 43): the seconds it
 * has begun are not counted, so a take of 6.6 s is 0:06 beside the player's 0:06 (it was rounded to
 * 0:07), as the recording timer stopped at 0:06 too. For a length measured (the take's recorder) and
 * a length read from the player alike.
 */
export const takeLength = (seconds: number) => clock(Math.max(0, Number.isFinite(seconds) ? seconds : 0));

/**
 * Stopping a live recording is safe to repeat: a network failure or a server error is tried again
 * (three tries, a moment apart) before the take is given up; a refusal (4xx) is final.
 */
export const stopWithRetries = async <T>(stop: () => Promise<T>, tries = 3, pauseMs = 1_500): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await stop();
    } catch (error) {
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (refused || attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
};

/**
 * The recorders' countdown: `onTick` with each second left after the first, then `onDone`. Returns the
 * interval's id, for clearing it when the take is abandoned.
 */
export const countDown = (from: number, onTick: (left: number) => void, onDone: () => void): number => {
  let left = from;
  const id = window.setInterval(() => {
    left -= 1;
    if (left > 0) return onTick(left);
    window.clearInterval(id);
    onDone();
  }, 1000);
  return id;
};

/** The recording timer warns this long before the answer time ends. */
export const WARNING_SECONDS = 20;

/**
 * A clock of whole seconds since it started, read from the wall clock (a background tab's slowed
 * timers, or a jump of the clock, are caught up at the next check): `onSecond` with the seconds
 * passed each time they change, checked four times a second. Returns its stop.
 */
export const startStopwatch = (onSecond: (elapsed: number) => void, now: () => number = () => Date.now()): (() => void) => {
  const startedAt = now();
  let shown = 0;
  const id = window.setInterval(() => {
    const elapsed = Math.max(0, Math.floor((now() - startedAt) / 1000));
    if (elapsed === shown) return;
    shown = elapsed;
    onSecond(elapsed);
  }, 250);
  return () => window.clearInterval(id);
};

/**
 * The recording timer beside the REC mark: "1:05 / 2:00", or with no answer limit (null) the time
 * recorded alone, "1:05".
 */
export const recordingTimerText = (elapsed: number, limit: number | null) => `${clock(elapsed)}${limit === null ? '' : ` / ${clock(limit)}`}`;

/** Whether the last WARNING_SECONDS of the answer time have come (never without a limit, nor on limits that short). */
export const inFinalSeconds = (elapsed: number, limit: number | null) =>
  limit !== null && limit > WARNING_SECONDS && limit - elapsed <= WARNING_SECONDS;

/** The thinking time's last announcement, before the countdown's own. */
const THINKING_WARNING_SECONDS = 10;

const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

/**
 * What a screen reader is told as a take's time passes, `before` → `now` seconds (null: nothing).
 * Each full minute recorded, and once the warning 20 seconds before the end; while thinking (`before`
 * and `now` are the seconds left), each full minute left and 10 seconds before recording starts.
 * Never every second: the timers themselves are silent.
 */
export const timeAnnouncement = (phase: 'thinking' | 'recording', before: number, now: number, limit: number | null): string | null => {
  if (phase === 'thinking') {
    if (before > THINKING_WARNING_SECONDS && now <= THINKING_WARNING_SECONDS && now > 0)
      return `Recording starts in ${THINKING_WARNING_SECONDS} seconds.`;
    const left = Math.ceil(now / 60);
    return now > 0 && left < Math.ceil(before / 60) ? `${minutesText(left)} left to think.` : null;
  }
  if (inFinalSeconds(now, limit) && !inFinalSeconds(before, limit)) return `${WARNING_SECONDS} seconds left.`;
  const minutes = Math.floor(now / 60);
  return minutes > Math.floor(before / 60) && minutes > 0 ? `${minutesText(minutes)} recorded.` : null;
};
