import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../lib/local/net';
import { startLocalStack } from '../../lib/local/stack';

/**
 * Starts one local stack (the same one `npm start` runs) for a test project, on a free port with a
 * throw-away data directory, and hands its address and environment to the tests via `inject`.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    localEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `interviews-${project.name}-`));
  const spa = project.config.env?.LOCAL_STACK_SPA === 'dist' ? 'dist' : 'none';
  process.env.LOG_LEVEL ??= 'warn';
  const stack = await startLocalStack({ port: await freePort(), dataDir, spa });
  project.provide('baseUrl', stack.url);
  project.provide('localEnv', stack.env);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
