/**
 * `npm run bench`: figures, not assertions.
 *   1. per Lambda handler: minified bundle size (raw and gzipped) and cold import time relative to
 *      an empty handler bundled and imported the same way in the same run (median of several
 *      fresh Node processes);
 *   2. the SPA's JavaScript per route, gzipped: what the first page load needs, and what each
 *      lazily loaded route adds;
 *   3. the candidates list page at 100 and 10,000 candidates (one Query a page);
 *   4. the local media pipeline's time for a 60-second answer.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lambdaTable } from './lambdas';
import { listPageFigure } from './list-page';
import { pipelineFigure } from './pipeline';
import { spaTable } from './spa';
import { printGoals, withLocalStack } from './support';

const outDir = mkdtempSync(path.join(tmpdir(), 'bench-'));

try {
  mkdirSync(outDir, { recursive: true });
  await lambdaTable(outDir);
  spaTable();
  await withLocalStack(async (ctx) => {
    await listPageFigure(ctx);
    if (process.env.BENCH_SKIP_PIPELINE !== '1') await pipelineFigure(ctx);
  });
  printGoals();
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
