/**
 * DynamoDB's partial batches (the `Unprocessed` fault): under throttling the real service answers
 * BatchWriteItem and BatchGetItem with 200, having done only part of the request, and hands the
 * rest back in UnprocessedItems / UnprocessedKeys for the caller to send again. DynamoDB Local never
 * does; here the request the service sees is cut to a share of its items (`keep`), and the answer
 * gets what was cut added to what the service itself left unprocessed. When nothing would be
 * processed the real service refuses the whole batch with a throughput error, and so does this.
 */
export type BatchOperation = 'BatchWriteItem' | 'BatchGetItem';

export const isBatchOperation = (operation: string): operation is BatchOperation => operation === 'BatchWriteItem' || operation === 'BatchGetItem';

interface WriteRequests {
  RequestItems: Record<string, unknown[]>;
}
interface GetRequests {
  RequestItems: Record<string, { Keys: unknown[] } & Record<string, unknown>>;
}

export interface PartialBatch {
  /** The request the service is sent. */
  forwarded: Record<string, unknown>;
  /** Adds what was held back to the service's answer. */
  answer(response: Record<string, any>): Record<string, any>;
}

/** Splits `list` into what is sent and what is held back: `keep` of each table's items, at least one in all. */
const split = <T>(lists: [string, T[]][], keep: number): Map<string, [T[], T[]]> => {
  const parts = new Map(
    lists.map(([table, list]) => [table, [list.slice(0, Math.floor(list.length * keep)), list.slice(Math.floor(list.length * keep))] as [T[], T[]]]),
  );
  const first = [...parts.values()].find(([, held]) => held.length > 0);
  if (first && [...parts.values()].every(([sent]) => sent.length === 0)) first[0].push(first[1].shift()!);
  return parts;
};

/** The batch cut to `keep` of its items, or null when nothing would be held back (one item, or none). */
export const partialBatch = (operation: BatchOperation, request: Record<string, unknown>, keep: number): PartialBatch | null => {
  if (operation === 'BatchWriteItem') {
    const { RequestItems } = request as unknown as WriteRequests;
    const parts = split(Object.entries(RequestItems ?? {}), keep);
    if (![...parts.values()].some(([, held]) => held.length > 0)) return null;
    return {
      forwarded: {
        ...request,
        RequestItems: Object.fromEntries([...parts].filter(([, [sent]]) => sent.length > 0).map(([table, [sent]]) => [table, sent])),
      },
      answer: (response) => {
        const unprocessed: Record<string, unknown[]> = { ...(response.UnprocessedItems ?? {}) };
        for (const [table, [, held]] of parts) if (held.length > 0) unprocessed[table] = [...(unprocessed[table] ?? []), ...held];
        return { ...response, UnprocessedItems: unprocessed };
      },
    };
  }
  const { RequestItems } = request as unknown as GetRequests;
  const tables = Object.entries(RequestItems ?? {});
  const parts = split(
    tables.map(([table, read]) => [table, read.Keys ?? []]),
    keep,
  );
  if (![...parts.values()].some(([, held]) => held.length > 0)) return null;
  return {
    forwarded: {
      ...request,
      RequestItems: Object.fromEntries(
        tables.filter(([table]) => parts.get(table)![0].length > 0).map(([table, read]) => [table, { ...read, Keys: parts.get(table)![0] }]),
      ),
    },
    answer: (response) => {
      const unprocessed: Record<string, { Keys: unknown[] }> = { ...(response.UnprocessedKeys ?? {}) };
      for (const [table, read] of tables) {
        const held = parts.get(table)![1];
        if (held.length > 0) unprocessed[table] = { ...read, Keys: [...(unprocessed[table]?.Keys ?? []), ...held] };
      }
      return { ...response, UnprocessedKeys: unprocessed };
    },
  };
};
