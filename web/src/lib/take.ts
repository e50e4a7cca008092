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
