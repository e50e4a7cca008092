import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { lambdaFunctions } from '../../lib/functions';
import { lambdaEsbuildOptions } from '../../lib/lambda-bundling';
import { kb, median, printTable, root, RUNS } from './support';

const handlerEnv = {
  ...process.env,
  STAGE: 'bench',
  TABLE_NAME: 'bench',
  MEDIA_BUCKET: 'bench',
  STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:000000000000:stateMachine:bench',
  MAIL_FROM: 'bench@example.com',
  APP_ORIGIN: 'https://bench.example.com',
  AWS_REGION: 'us-east-1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

const bundle = async (outDir: string, name: string, entry: string) => {
  const outfile = path.join(outDir, `${name.replaceAll('/', '_')}.mjs`);
  await build({ ...lambdaEsbuildOptions, entryPoints: [entry], outfile, logLevel: 'error' });
  const code = readFileSync(outfile);
  return { outfile, bytes: code.length, gzip: gzipSync(code).length };
};

/** Milliseconds to import the bundle in a fresh Node process (what a cold start pays for the code). */
const importTime = (file: string): number => {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const script = `const t=performance.now();await import(${JSON.stringify(file)});process.stdout.write(String(performance.now()-t))`;
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: handlerEnv, encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`import of ${file} failed: ${out.stderr}`);
    times.push(Number(out.stdout));
  }
  return median(times);
};

/** Per Lambda function: minified bundle size (raw and gzipped) and cold import time over an empty handler. */
export const lambdaTable = async (outDir: string) => {
  const emptyEntry = path.join(outDir, 'empty-handler.mjs');
  writeFileSync(emptyEntry, 'export const handler = async () => ({ statusCode: 200 });\n');
  const empty = await bundle(outDir, 'empty', emptyEntry);
  const baseline = importTime(empty.outfile);

  const rows: string[][] = [];
  for (const fn of lambdaFunctions) {
    const result = await bundle(outDir, fn.id, path.join(root, 'lambdas', `${fn.handler}.ts`));
    const ms = importTime(result.outfile);
    rows.push([fn.description, kb(result.bytes), kb(result.gzip), `+${(ms - baseline).toFixed(1)} ms`]);
  }
  console.log(
    `\nLambda handlers (esbuild, minified, ${lambdaEsbuildOptions.target}; import time median of ${RUNS} cold Node processes, minus an empty handler at ${baseline.toFixed(1)} ms)\n`,
  );
  printTable(['handler', 'bundle', 'gzipped', 'cold import vs empty'], rows);
};
