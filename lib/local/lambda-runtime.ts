import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

/**
 * Runs Lambda handlers in-process, like a warm Lambda: each module is imported once (cold start)
 * and reused. `handler` is a module path under `lambdas/` as the route table names it.
 */
const lambdasDir = path.resolve(import.meta.dirname, '../../lambdas');
type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;
const loaded = new Map<string, Promise<LambdaHandler>>();

export const loadHandler = (handler: string): Promise<LambdaHandler> => {
  let pending = loaded.get(handler);
  if (!pending) {
    const url = pathToFileURL(path.join(lambdasDir, `${handler}.ts`)).href;
    pending = import(url).then((mod: { handler?: LambdaHandler }) => {
      if (typeof mod.handler !== 'function') throw new Error(`lambdas/${handler}.ts exports no handler`);
      return mod.handler;
    });
    pending.catch(() => loaded.delete(handler));
    loaded.set(handler, pending);
  }
  return pending;
};

export const invokeHandler = async (handler: string, event: unknown, timeoutSeconds = 30): Promise<unknown> => {
  const fn = await loadHandler(handler);
  const deadline = Date.now() + timeoutSeconds * 1000;
  const context = {
    awsRequestId: randomUUID(),
    functionName: `local-${handler.replaceAll('/', '-')}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:local-${handler.replaceAll('/', '-')}`,
    memoryLimitInMB: '256',
    logGroupName: `/aws/lambda/local`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  } satisfies Context;
  return fn(event, context);
};
