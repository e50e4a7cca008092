import type { ScheduledEvent } from 'aws-lambda';
import { scheduleEntries, type ScheduleDefinition } from '../../lambdas/schedules';
import { invokeHandler } from './lambda-runtime';

/**
 * In-process stand-in for EventBridge schedules: calls each scheduled handler at its rate with the
 * event EventBridge would send. A run that is still going is not started again.
 */
export interface LocalScheduler {
  /** Runs a job now; `time` is the event's time (what the job takes as now), the current time by default. */
  run(id: string, time?: string): Promise<unknown>;
  stop(): void;
}

const scheduledEvent = (id: string, time = new Date().toISOString()): ScheduledEvent => ({
  version: '0',
  id: crypto.randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '000000000000',
  time,
  region: 'us-east-1',
  resources: [`arn:aws:events:us-east-1:000000000000:rule/local-${id}`],
  detail: {},
});

export const startScheduler = (log: (msg: string, fields?: Record<string, unknown>) => void, options: { timed?: boolean } = {}): LocalScheduler => {
  const definitions = new Map<string, ScheduleDefinition>(scheduleEntries);
  const running = new Map<string, Promise<unknown>>();
  const run = (id: string, time?: string) => {
    const definition = definitions.get(id);
    if (!definition) return Promise.reject(new Error(`No schedule named ${id}`));
    let pending = running.get(id);
    if (!pending) {
      pending = invokeHandler(definition.handler, scheduledEvent(id, time))
        .catch((error: unknown) => {
          log('scheduled job failed', { schedule: id, error: String(error) });
          throw error;
        })
        .finally(() => running.delete(id));
      running.set(id, pending);
    }
    return pending;
  };
  // Tests run jobs themselves (POST /_local/schedules/{id}), with the time they choose: no timers then.
  const timers = (options.timed === false ? [] : scheduleEntries).map(([id, definition]) => {
    const timer = setInterval(() => void run(id).catch(() => undefined), definition.rateMinutes * 60_000);
    timer.unref();
    return timer;
  });
  return { run, stop: () => timers.forEach(clearInterval) };
};
