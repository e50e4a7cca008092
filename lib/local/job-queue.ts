import { availableParallelism } from 'node:os';

/**
 * The local media jobs' queue. MediaConvert and Transcribe run a limited number of jobs at once and
 * queue the rest (MediaConvert's on-demand queue, Transcribe's concurrent-job quota); locally the
 * jobs are ffmpeg and pocketsphinx on the same few cores as every function, so at most
 * LOCAL_MEDIA_JOBS (one fewer than the cores, at least one) run at a time and the rest wait their
 * turn, as in a service's queue, rather than starving the API of the machine. The pipeline's task
 * timeouts count the wait, as Step Functions counts a queued job's (media-pipeline.asl.ts sets them).
 */
export const localMediaJobLimit = (value = process.env.LOCAL_MEDIA_JOBS): number => {
  const given = Number(value);
  return Number.isInteger(given) && given >= 1 ? given : Math.max(1, availableParallelism() - 1);
};

export const createJobQueue = (limit: number) => {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await job();
    } finally {
      next();
    }
  };
};

/** The one queue the local MediaConvert and Transcribe jobs share (they compete for the same cores). */
export const mediaJobs = createJobQueue(localMediaJobLimit());

/** `run` as a queued job. */
export const queued =
  <I, T>(run: (input: I) => Promise<T>) =>
  (input: I): Promise<T> =>
    mediaJobs(() => run(input));
