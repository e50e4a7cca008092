import { ApiError } from '../api/client';

/** A take's length as its timer shows it: `m:ss`. */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

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
