/**
 * What BatchWriteItem and BatchGetItem leave unprocessed, sent again until none is left. DynamoDB
 * answers a batch with 200 even when throttling let it do only part (UnprocessedItems,
 * UnprocessedKeys), and the SDK does not retry those: AWS asks for exponential backoff, or the
 * retries meet the same throttling. Backoff with full jitter (a random wait up to 50 ms × 2^n, at
 * most 2 s), at most BATCH_ATTEMPTS sends of a batch; then the call fails, saying what was left.
 */
export const BATCH_ATTEMPTS = 8;
const BASE_DELAY_MS = 50;
const MAX_DELAY_MS = 2000;

export class UnprocessedItemsError extends Error {
  constructor(
    readonly operation: 'BatchWriteItem' | 'BatchGetItem',
    readonly left: number,
  ) {
    super(`${operation} left ${left} ${operation === 'BatchGetItem' ? 'keys' : 'items'} unprocessed after ${BATCH_ATTEMPTS} attempts`);
    this.name = 'UnprocessedItemsError';
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `batch` with `send` (which answers what was left unprocessed), then what was left, until nothing is. */
export const sendUntilProcessed = async <T>(
  operation: UnprocessedItemsError['operation'],
  batch: readonly T[],
  send: (pending: readonly T[]) => Promise<readonly T[]>,
): Promise<void> => {
  let pending = batch;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === BATCH_ATTEMPTS) throw new UnprocessedItemsError(operation, pending.length);
    if (attempt > 0) await pause(Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt));
    pending = await send(pending);
  }
};
