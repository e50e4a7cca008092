/**
 * The skeleton of the local event source mappings (lib/local/sqs-poller.ts for the queues,
 * lib/local/dynamodb-streams-poller.ts for the table's stream): polling loops that run until stop(),
 * invocations counted so that idle() resolves once none is under way, and stop() that ends the loops
 * (aborting what they wait for) and then closes the mapping's client.
 */
export interface Poller {
  /** Deliveries under way: resolves once no loop is invoking its function. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface PollingLoops extends Poller {
  /** Aborted by stop(): loops end when it is, and pass it to what they wait for. */
  readonly signal: AbortSignal;
  /** Starts a loop; stop() waits for it to return. */
  run(loop: (signal: AbortSignal) => Promise<void>): void;
  /** Runs an invocation (and what settles it): idle() waits for it. */
  invoking<T>(work: () => Promise<T>): Promise<T>;
}

export const createPollingLoops = (close: () => void | Promise<void> = () => undefined): PollingLoops => {
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  let invoking = 0;
  const idleWaiters: (() => void)[] = [];
  return {
    signal: stopping.signal,
    run: (loop) => {
      const done: Promise<void> = loop(stopping.signal)
        .catch(() => undefined)
        .finally(() => running.delete(done));
      running.add(done);
    },
    invoking: async (work) => {
      invoking += 1;
      try {
        return await work();
      } finally {
        invoking -= 1;
        if (invoking === 0) for (const resolve of idleWaiters.splice(0)) resolve();
      }
    },
    idle: () => (invoking === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    stop: async () => {
      stopping.abort();
      await Promise.allSettled([...running]);
      await close();
    },
  };
};
