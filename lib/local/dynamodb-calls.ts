import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * DynamoDB calls per request, in the local stack (issue 17: "a request makes few DynamoDB round
 * trips", measured by `npm run bench`). The local Lambda runtime sees every HTTP call a function
 * makes to the table's endpoint (AWS_ENDPOINT_URL_DYNAMODB) while one invocation runs, through
 * Node's `http.client.request.start` diagnostics channel and an AsyncLocalStorage per invocation:
 * exact attribution even when invocations overlap, and nothing in the handlers knows it (the
 * worker program in lambda-runtime.ts runs `DYNAMODB_CALLS_WORKER_SOURCE`). Each call is one HTTP
 * attempt with its operation (`X-Amz-Target`) and when it was on the wire, relative to the
 * invocation's start, so reads that ran alongside each other are told from reads in sequence.
 *
 * `GET /_local/dynamodb-calls` lists the latest invocations with their calls and summary
 * (`?last=N`, `?route=GET /api/v1/me`, `?requestId=` the `apigw-requestid` of an API response);
 * `DELETE` forgets them.
 */

/** One HTTP call to DynamoDB: `startMs`/`endMs` are milliseconds from the invocation's start (`endMs` null when it had not ended when the invocation did). */
export interface DynamoDbCall {
  operation: string;
  startMs: number;
  endMs: number | null;
  status?: number;
}

/** What a function's invocation did, as the local Lambda runtime reports it. */
export interface ObservedInvocation {
  functionId: string;
  event: unknown;
  /** The handler's result (an API route's `{statusCode, …}`), undefined when it threw. */
  result?: unknown;
  error?: string;
  durationMs: number;
  /** How long it waited for an execution environment before it started. */
  queuedMs?: number;
  calls: DynamoDbCall[];
}

export interface CallSummary {
  calls: number;
  reads: number;
  writes: number;
  /** The longest chain of reads each of which started after the one before it had ended. */
  sequentialReads: number;
  /** The most reads in sequence that ended before a write began (null when the invocation wrote nothing). */
  sequentialReadsBeforeWrite: number | null;
  /** The longest chain of calls of any kind, one after another: the request's DynamoDB round trips. */
  roundTrips: number;
  /** How many calls of each operation, e.g. `{GetItem: 2, TransactWriteItems: 1}`. */
  operations: Record<string, number>;
}

export interface RecordedInvocation {
  seq: number;
  functionId: string;
  /** `GET /companies/{companyId}`: the API route the invocation served, or null (pipeline task, schedule). */
  route: string | null;
  requestId: string | null;
  status: number | null;
  error?: string;
  durationMs: number;
  calls: DynamoDbCall[];
  summary: CallSummary;
}

const WRITES = new Set([
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
  'BatchExecuteStatement',
  'ExecuteTransaction',
]);

/** Whether an operation changes the table (everything else DynamoDB offers only reads or describes). */
export const isWrite = (operation: string): boolean => WRITES.has(operation);

const endOf = (call: DynamoDbCall) => call.endMs ?? Number.POSITIVE_INFINITY;

/**
 * For each call, the longest chain of `calls` ending with it in which each starts at or after the
 * end of the one before (calls that overlapped ran alongside each other, not in sequence).
 */
const chainDepths = (calls: readonly DynamoDbCall[]): Map<DynamoDbCall, number> => {
  const ordered = [...calls].sort((a, b) => a.startMs - b.startMs);
  const depth = new Map<DynamoDbCall, number>();
  for (const call of ordered) {
    let before = 0;
    for (const [earlier, d] of depth) if (endOf(earlier) <= call.startMs) before = Math.max(before, d);
    depth.set(call, before + 1);
  }
  return depth;
};

const longestChain = (calls: readonly DynamoDbCall[]) => Math.max(0, ...chainDepths(calls).values());

export const summarizeCalls = (calls: readonly DynamoDbCall[]): CallSummary => {
  const reads = calls.filter((call) => !isWrite(call.operation));
  const writes = calls.filter((call) => isWrite(call.operation));
  const readDepths = chainDepths(reads);
  const readsBefore = (write: DynamoDbCall) =>
    Math.max(0, ...[...readDepths].filter(([read]) => endOf(read) <= write.startMs).map(([, depth]) => depth));
  const operations: Record<string, number> = {};
  for (const call of calls) operations[call.operation] = (operations[call.operation] ?? 0) + 1;
  return {
    calls: calls.length,
    reads: reads.length,
    writes: writes.length,
    sequentialReads: longestChain(reads),
    sequentialReadsBeforeWrite: writes.length === 0 ? null : Math.max(...writes.map(readsBefore)),
    roundTrips: longestChain(calls),
    operations,
  };
};

/** `GetItem×2 Query TransactWriteItems`, in the order the calls started. */
export const describeOperations = (calls: readonly DynamoDbCall[]): string => {
  const counts = new Map<string, number>();
  for (const call of [...calls].sort((a, b) => a.startMs - b.startMs)) counts.set(call.operation, (counts.get(call.operation) ?? 0) + 1);
  return [...counts].map(([operation, count]) => (count > 1 ? `${operation}×${count}` : operation)).join(' ');
};

interface ApiEventShape {
  routeKey?: string;
  requestContext?: { requestId?: string };
}
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The latest invocations (at most `limit`), newest last. */
export const createDynamoDbCallRecorder = (limit = 1000) => {
  const recorded: RecordedInvocation[] = [];
  let seq = 0;
  const record = (invocation: ObservedInvocation): void => {
    const event = (isObject(invocation.event) ? invocation.event : {}) as ApiEventShape;
    const result = invocation.result;
    recorded.push({
      seq: ++seq,
      functionId: invocation.functionId,
      route: typeof event.routeKey === 'string' ? event.routeKey : null,
      requestId: event.requestContext?.requestId ?? null,
      status: isObject(result) && typeof result.statusCode === 'number' ? result.statusCode : null,
      ...(invocation.error ? { error: invocation.error } : {}),
      durationMs: invocation.durationMs,
      calls: invocation.calls,
      summary: summarizeCalls(invocation.calls),
    });
    if (recorded.length > limit) recorded.splice(0, recorded.length - limit);
  };
  const list = (filter: { last?: number; route?: string; requestId?: string } = {}): RecordedInvocation[] => {
    const matching = recorded.filter(
      (entry) => (!filter.route || entry.route === filter.route) && (!filter.requestId || entry.requestId === filter.requestId),
    );
    return filter.last === undefined ? [...matching] : matching.slice(Math.max(0, matching.length - filter.last));
  };
  /** `GET /_local/dynamodb-calls` (JSON `{invocations}`), `DELETE` to forget what was recorded. */
  const serve = (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    if (req.method === 'DELETE') {
      recorded.length = 0;
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET') {
      res.writeHead(405, { 'content-type': 'text/plain', allow: 'GET, DELETE' }).end('GET or DELETE');
      return;
    }
    const last = url.searchParams.get('last');
    const invocations = list({
      last: last === null ? undefined : Math.max(0, Number(last) || 0),
      route: url.searchParams.get('route') ?? undefined,
      requestId: url.searchParams.get('requestId') ?? undefined,
    });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify({ invocations }));
  };
  return { record, list, clear: () => void (recorded.length = 0), serve };
};

export type DynamoDbCallRecorder = ReturnType<typeof createDynamoDbCallRecorder>;

/**
 * The part of the local runtime's worker program that sees the calls (CommonJS source, run before
 * the function's bundle is imported). It defines `observeInvocation(run)`: runs `run` in a fresh
 * invocation context and resolves to `{ value | error, calls }`.
 */
export const DYNAMODB_CALLS_WORKER_SOURCE = `
const { AsyncLocalStorage } = require('node:async_hooks');
const diagnostics = require('node:diagnostics_channel');
const invocationContext = new AsyncLocalStorage();
const dynamoDbHost = process.env.AWS_ENDPOINT_URL_DYNAMODB ? new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB).host : undefined;
diagnostics.subscribe('http.client.request.start', ({ request }) => {
  const invocation = invocationContext.getStore();
  if (!invocation || dynamoDbHost === undefined || request.getHeader('host') !== dynamoDbHost) return;
  const since = () => Math.round((performance.now() - invocation.startedAt) * 1000) / 1000;
  const call = { operation: String(request.getHeader('x-amz-target') ?? 'unknown').split('.').pop(), startMs: since(), endMs: null };
  invocation.calls.push(call);
  const end = () => { if (call.endMs === null) call.endMs = since(); };
  request.once('response', (response) => {
    call.status = response.statusCode;
    response.once('end', end);
    response.once('close', end);
  });
  request.once('error', end);
});
const observeInvocation = (run) => {
  const invocation = { startedAt: performance.now(), calls: [] };
  return invocationContext.run(invocation, () =>
    Promise.resolve().then(run).then(
      (value) => ({ value, calls: invocation.calls }),
      (error) => ({ error, calls: invocation.calls }),
    ),
  );
};
`;
