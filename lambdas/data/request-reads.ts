import { AsyncLocalStorage } from 'node:async_hooks';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems, keyId, type ItemKey } from './batch-get';
import { db, tableName } from './client';

/**
 * A request's reads by key, planned by the data layer rather than by use cases: the items asked for
 * in the same turn of the event loop (the session check's and the handler's first reads, which
 * start together) go out as one BatchGetItem; an item asked for alone is one GetItem, as before.
 * The handler chain opens one planner per request (`withRequestReads`); outside a request (a job,
 * a script, a unit test) each read is its own GetItem. A batch with a strongly consistent read in
 * it reads all its items strongly consistently.
 */
interface Wanted {
  key: ItemKey;
  consistent: boolean;
  resolve: (item: Record<string, any> | undefined) => void;
  reject: (error: unknown) => void;
}

const getItem = async (key: ItemKey, consistent: boolean) =>
  (await db.send(new GetCommand({ TableName: tableName(), Key: key, ...(consistent ? { ConsistentRead: true } : {}) }))).Item;

const readTogether = async (wanted: Wanted[]) => {
  try {
    if (wanted.length === 1) {
      wanted[0]!.resolve(await getItem(wanted[0]!.key, wanted[0]!.consistent));
      return;
    }
    const found = await batchGetItems(
      wanted.map((w) => w.key),
      { consistent: wanted.some((w) => w.consistent) },
    );
    for (const w of wanted) w.resolve(found.get(keyId(w.key)));
  } catch (error) {
    for (const w of wanted) w.reject(error);
  }
};

class RequestReads {
  private wanted: Wanted[] = [];

  read(key: ItemKey, consistent: boolean): Promise<Record<string, any> | undefined> {
    return new Promise((resolve, reject) => {
      // The first read of a turn plans the call, once every read of that turn has been asked for.
      if (this.wanted.length === 0) setImmediate(() => void readTogether(this.wanted.splice(0)));
      this.wanted.push({ key, consistent, resolve, reject });
    });
  }
}

const planner = new AsyncLocalStorage<RequestReads>();

/** Runs one request with its own read planner. */
export const withRequestReads = <T>(run: () => T): T => planner.run(new RequestReads(), run);

/** One item by its key (undefined when there is none), read with whatever else the request asks for at the same time. */
export const readItem = (key: ItemKey, options: { consistent?: boolean } = {}): Promise<Record<string, any> | undefined> => {
  const reads = planner.getStore();
  return reads ? reads.read(key, options.consistent ?? false) : getItem(key, options.consistent ?? false);
};
