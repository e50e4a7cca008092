import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Tests reach the SPA's screens through its route builder (`appUrl(paths.….to(…))`, `href(…)` in
 * lambdas/contracts/app-paths.ts), never by a hash path spelled by hand: a route renamed in one place
 * cannot leave a test pointing at the old one.
 */
const root = path.resolve(import.meta.dirname, '../..');
const tests = execSync("git ls-files -co --exclude-standard 'test/**/*.ts'", { cwd: root })
  .toString()
  .trim()
  .split('\n')
  .filter((file) => file !== 'test/unit/spa-paths-in-tests.test.ts');

/** A string or template literal that starts with a hash route: '#/…', "#/…" or `#/…`. */
const HASH_PATH = /['"`]#\/[^'"`\s]*/g;

describe('SPA paths in tests', () => {
  it('reads test files (the check has something to look at)', () => {
    expect(tests.filter((file) => file.startsWith('test/e2e/')).length).toBeGreaterThan(20);
  });

  it('are built by the route builder, never spelled by hand', () => {
    const spelled = tests.flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(HASH_PATH)].map((match) => `${file}: ${match[0]}`),
    );
    expect(spelled).toEqual([]);
  });
});
