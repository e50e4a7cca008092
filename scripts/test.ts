/**
 * `npm test`: the whole suite, as CI runs it (.ci/run calls this same command).
 *   1. system packages (Chromium, Firefox ESR, ffmpeg, pocketsphinx, Java), installed with apt when missing
 *   2. typecheck and lint (the test files with type-aware rules: every promise awaited, no .only, no skipped test)
 *   3. the SPA build (the browser tests run against the built SPA, as CloudFront serves it)
 *   4. vitest: unit, infra (CDK + cdk-nag), api (local stack) and e2e (Chromium, and Firefox for the candidate's interview) projects
 *   5. the projects that run alone, each on a local stack of its own (VITEST_ALONE=<name>, vitest.config.ts):
 *      pipeline (long answers through the local media pipeline, issue 43) and the soak test (issue 37:
 *      the main flows with 10 % of every AWS, Stripe and ATS call failing)
 * Extra arguments go to vitest, e.g. `npm test -- --project api`; with any, step 5 is left out.
 */
import { spawnSync } from 'node:child_process';
import { ensureSystemPackages } from './system-deps';

const run = (label: string, command: string, args: string[]) => {
  console.log(`\n▶ ${label}`);
  const startedAt = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
};

ensureSystemPackages();
run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
run('build the SPA', 'npm', ['run', '--silent', 'build:web']);
// A test left focused (`.only`) fails the run, CI or not: lint refuses it too (vitest/no-focused-tests).
const vitestArgs = process.argv.slice(2);
run('tests', 'npx', ['vitest', 'run', '--allowOnly=false', ...vitestArgs]);
const alone = [
  ['pipeline', 'long answers through the local pipeline'],
  ['soak', 'soak test (10 % of AWS, Stripe and ATS calls failing)'],
] as const;
if (vitestArgs.length === 0) {
  for (const [project, label] of alone) {
    process.env.VITEST_ALONE = project;
    run(label, 'npx', ['vitest', 'run', '--allowOnly=false', '--project', project]);
  }
}
