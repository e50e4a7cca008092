import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../lib/local/net';
import { repoRoot, startLocalStack, type LocalStack } from '../../lib/local/stack';

/**
 * Starts one local stack (the same one `npm start` runs) for the whole test run, on a free port with
 * a throw-away data directory, and hands its address and environment to the tests via `inject`.
 * The api and e2e projects share it: the local Lambda runtime is configured once per process, so two
 * stacks in one process would talk to each other's services.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    localEnv: Record<string, string>;
  }
}

interface Shared {
  stack: Promise<LocalStack>;
  dataDir: string;
  users: number;
}
const registry = globalThis as typeof globalThis & { __interviewsLocalStack?: Shared };

export default async function setup(project: TestProject) {
  const needsSpa = project.config.env?.LOCAL_STACK_SPA === 'dist';
  const built = existsSync(path.join(repoRoot, 'web/dist/index.html'));
  if (needsSpa && !built) throw new Error('The browser tests need the built SPA: run `npm run build:web` (npm test does).');
  if (!registry.__interviewsLocalStack) {
    process.env.LOG_LEVEL ??= 'warn';
    const dataDir = mkdtempSync(path.join(tmpdir(), 'interviews-tests-'));
    const stack = freePort().then((port) => startLocalStack({
        port,
        dataDir,
        spa: built ? 'dist' : 'none',
        schedules: 'manual',
        // Webhook retries after 1 s, 2 s, 3 s… instead of 1 min, 2 min, 4 min… (the same schedule, scaled).
        webhookRetryScale: 0.01,
      }));
    registry.__interviewsLocalStack = { stack, dataDir, users: 0 };
  }
  const shared = registry.__interviewsLocalStack;
  shared.users += 1;
  const stack = await shared.stack;
  project.provide('baseUrl', stack.url);
  project.provide('localEnv', stack.env);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    registry.__interviewsLocalStack = undefined;
    await stack.stop();
    rmSync(shared.dataDir, { recursive: true, force: true });
  };
}
