import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { goal, root } from './support';

/** Issue 26: a full `cdk synth` of a stage, every function bundled (one esbuild pass, lib/constructs/lambda-function.ts). */
const MAX_SYNTH_SECONDS = 45;

/** Times `cdk synth` of the app as `npm run synth` runs it, into a scratch assembly directory. */
export const synthFigure = () => {
  const out = mkdtempSync(path.join(tmpdir(), 'bench-synth-'));
  try {
    const started = performance.now();
    const run = spawnSync('npx', ['cdk', 'synth', '--quiet', '-o', out], { cwd: root, encoding: 'utf8' });
    const seconds = (performance.now() - started) / 1000;
    if (run.status !== 0) throw new Error(`cdk synth failed: ${run.stderr}`);
    console.log(`\ncdk synth (every stack, every function bundled): ${seconds.toFixed(1)} s`);
    goal({ figure: '`cdk synth` of a stage', value: `${seconds.toFixed(1)} s`, goal: `≤ ${MAX_SYNTH_SECONDS} s`, met: seconds <= MAX_SYNTH_SECONDS });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
};
