import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PREFIX, operationPath, operations, type OperationId, type PathParamValue } from '../../lambdas/operations/index';

/** What the bench's sections share: the repo root, runs, number formats, tables, goals and one running local stack. */
export const root = path.resolve(import.meta.dirname, '../..');
export const RUNS = Number(process.env.BENCH_RUNS ?? 7);

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const printTable = (header: string[], rows: string[][]) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  rows.forEach((row) => console.log(line(row)));
};

/** One figure beside its goal (issue 17: every figure is printed with its goal; none is a test assertion). */
export interface Goal {
  readonly figure: string;
  readonly value: string;
  readonly goal: string;
  readonly met: boolean;
}

const goals: Goal[] = [];

/** Records a figure against its goal; the bench prints them all at the end. */
export const goal = (entry: Goal): Goal => {
  goals.push(entry);
  return entry;
};

export const printGoals = () => {
  console.log('\nGoals\n');
  printTable(
    ['figure', 'value', 'goal', 'met'],
    goals.map((g) => [g.figure, g.value, g.goal, g.met ? 'yes' : 'NO']),
  );
};

/** Calls an operation of lambdas/operations by its id (the bench runs outside vitest, so not test/support/api.ts's `call`). */
export interface ApiCall {
  params?: Record<string, PathParamValue>;
  query?: Record<string, string>;
  body?: unknown;
  session?: string;
}
export type Api = (operationId: OperationId, options?: ApiCall) => Promise<Record<string, any>>;

/** One local stack (the one `npm start` runs) and a signed-in owner, for the figures that need the running product. */
export const withLocalStack = async (run: (ctx: StackContext) => Promise<void>) => {
  const { startLocalStack } = await import('../../lib/local/stack');
  const { freePort } = await import('../../lib/local/net');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-stack-'));
  process.env.LOG_LEVEL = 'warn';
  const stack = await startLocalStack({ port: await freePort(), dataDir, spa: 'none' });
  try {
    const api: Api = async (operationId, { params, query, body, session } = {}) => {
      const method = operations[operationId].method;
      const attempt = () =>
        fetch(`${stack.url}${API_PREFIX}${operationPath(operationId, params, query)}`, {
          method,
          headers: { 'content-type': 'application/json', ...(session ? { 'x-session-id': session } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      // A read is sent again when it got no answer or a 5xx (a loaded machine's timeout): reads change nothing.
      let res: Response | null = null;
      for (let tries = 1; ; tries++) {
        res = await attempt().catch((error: unknown) => (method === 'GET' && tries < 5 ? null : Promise.reject(error)));
        if (method !== 'GET' || tries >= 5 || (res && res.status < 500)) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      return (await res!.json().catch(() => ({}))) as Record<string, any>;
    };
    const { session, companyId } = await signUp(stack.url, api, 'Bench');
    await run({ api, url: stack.url, env: stack.env, session, companyId, pipelineIdle: stack.pipelineIdle });
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/** A new company and its owner's session, through the API as a person signs up (the code read from the stand-in's mailbox). */
export const signUp = async (url: string, api: Api, companyName: string): Promise<{ session: string; companyId: string }> => {
  const email = `bench-${randomUUID()}@example.com`;
  const account = await api('createAccount', { body: { email, company_name: companyName } });
  await api('sendMagicCode', { body: { email } });
  const mail = (await (await fetch(`${url}/_local/mail?format=json`)).json()) as { messages: { to: string[]; text: string }[] };
  const code = /code is ([A-Z]{6})/.exec(mail.messages.find((m) => m.to.includes(email))!.text)![1];
  const { session_id: session } = await api('createMagicCodeSession', { body: { email, shortnonce: code } });
  return { session, companyId: account.company_id };
};

export interface StackContext {
  api: Api;
  url: string;
  env: Record<string, string>;
  session: string;
  companyId: string;
  /** Resolves once the local pipeline runs nothing. */
  pipelineIdle(): Promise<void>;
}

/** The local stack's table through the SDK, with the stand-in's endpoint and credentials (seeding, not measured). */
export const tableClient = async (env: Record<string, string>) => {
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      region: env.AWS_REGION,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
    }),
  );
};

/** Puts items into the stack's table with BatchWriteItem: 25 a call, `inFlight` calls at once, what comes back unprocessed sent again. */
export const putAll = async (env: Record<string, string>, items: Record<string, unknown>[], inFlight = 4) => {
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  type BatchWriteCommandOutput = import('@aws-sdk/lib-dynamodb').BatchWriteCommandOutput;
  const db = await tableClient(env);
  const table = env.TABLE_NAME!;
  const batches: (typeof items)[] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  for (let i = 0; i < batches.length; i += inFlight) {
    await Promise.all(
      batches.slice(i, i + inFlight).map(async (batch) => {
        let pending: Record<string, any>[] | undefined = batch.map((Item) => ({ PutRequest: { Item } }));
        while (pending && pending.length > 0) {
          const result: BatchWriteCommandOutput = await db.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
          pending = result.UnprocessedItems?.[table];
        }
      }),
    );
  }
};

/** Credits for invites, as a purchase would give them: straight in the table, not measured. */
export const addCredits = async (env: Record<string, string>, companyId: string, credits: number) => {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { keys } = await import('../../lambdas/data/keys');
  const db = await tableClient(env);
  await db.send(
    new UpdateCommand({
      TableName: env.TABLE_NAME,
      Key: keys.company(companyId),
      UpdateExpression: 'SET credits.allocated = credits.allocated + :n',
      ExpressionAttributeValues: { ':n': credits },
    }),
  );
  db.destroy();
};
