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
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { API_PREFIX, operationPath, operations, type OperationId, type PathParamValue } from '../../lambdas/operations';
import { lambdaFunctions } from '../../lib/functions';
import { lambdaEsbuildOptions } from '../../lib/lambda-bundling';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const outDir = mkdtempSync(path.join(tmpdir(), 'bench-'));

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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const bundle = async (name: string, entry: string) => {
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

const lambdaTable = async () => {
  const emptyEntry = path.join(outDir, 'empty-handler.mjs');
  writeFileSync(emptyEntry, 'export const handler = async () => ({ statusCode: 200 });\n');
  const empty = await bundle('empty', emptyEntry);
  const baseline = importTime(empty.outfile);

  const rows: string[][] = [];
  for (const fn of lambdaFunctions) {
    const result = await bundle(fn.id, path.join(root, 'lambdas', `${fn.handler}.ts`));
    const ms = importTime(result.outfile);
    rows.push([fn.description, kb(result.bytes), kb(result.gzip), `+${(ms - baseline).toFixed(1)} ms`]);
  }
  console.log(
    `\nLambda handlers (esbuild, minified, ${lambdaEsbuildOptions.target}; import time median of ${RUNS} cold Node processes, minus an empty handler at ${baseline.toFixed(1)} ms)\n`,
  );
  printTable(['handler', 'bundle', 'gzipped', 'cold import vs empty'], rows);
};

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const spaTable = () => {
  const manifestFile = path.join(root, 'web/dist/.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    console.log('\nBuilding the SPA for its figures…');
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const gz = (file: string) => gzipSync(readFileSync(path.join(root, 'web/dist', file))).length;
  /** A chunk's file plus every chunk it imports statically, transitively. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const jsOf = (keys: Set<string>) => [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const initial = new Set(jsOf(closure(entryKey)));
  const initialBytes = [...initial].reduce((sum, file) => sum + gz(file), 0);
  const rows: string[][] = [['(initial load, every route)', String(initial.size), kb(initialBytes)]];
  for (const key of Object.keys(manifest)
    .filter((k) => manifest[k]!.isDynamicEntry)
    .sort()) {
    const extra = jsOf(closure(key)).filter((file) => !initial.has(file));
    rows.push([`+ ${key.replace(/^src\//, '')}`, String(extra.length), kb(extra.reduce((sum, file) => sum + gz(file), 0))]);
  }
  console.log('\nSPA JavaScript (gzipped): the initial load, then what each lazily loaded route adds\n');
  printTable(['route module', 'files', 'gzipped JS'], rows);
};

const printTable = (header: string[], rows: string[][]) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  rows.forEach((row) => console.log(line(row)));
};

/** A 60-second answer through the local pipeline (ffmpeg + pocketsphinx), from completion to ready. */
interface ApiCall {
  params?: Record<string, PathParamValue>;
  query?: Record<string, string>;
  body?: unknown;
  session?: string;
}
/** Calls an operation of lambdas/operations.ts by its id (the bench runs outside vitest, so not test/support/api.ts's `call`). */
type Api = (operationId: OperationId, options?: ApiCall) => Promise<Record<string, any>>;

/** One local stack (the one `npm start` runs) and a signed-in owner, for the figures that need the running product. */
const withLocalStack = async (
  run: (ctx: { api: Api; url: string; env: Record<string, string>; session: string; companyId: string }) => Promise<void>,
) => {
  const { startLocalStack } = await import('../../lib/local/stack');
  const { freePort } = await import('../../lib/local/net');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-stack-'));
  process.env.LOG_LEVEL = 'warn';
  const stack = await startLocalStack({ port: await freePort(), dataDir, spa: 'none' });
  try {
    const api: Api = async (operationId, { params, query, body, session } = {}) => {
      const res = await fetch(`${stack.url}${API_PREFIX}${operationPath(operationId, params, query)}`, {
        method: operations[operationId].method,
        headers: { 'content-type': 'application/json', ...(session ? { 'x-session-id': session } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json().catch(() => ({}))) as Record<string, any>;
    };
    const email = `bench-${Date.now()}@example.com`;
    const account = await api('createAccount', { body: { email, company_name: 'Bench' } });
    await api('sendMagicCode', { body: { email } });
    const mail = (await (await fetch(`${stack.url}/_local/mail?format=json`)).json()) as { messages: { text: string }[] };
    const code = /code is ([A-Z]{6})/.exec(mail.messages[0]!.text)![1];
    const { session_id: session } = await api('createMagicCodeSession', { body: { email, shortnonce: code } });
    await run({ api, url: stack.url, env: stack.env, session, companyId: account.company_id });
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const pipelineFigure = async ({ api, session, companyId }: { api: Api; session: string; companyId: string }) => {
  const { makeClip } = await import('../support/media');
  const clip = await makeClip(
    60,
    'thank you for the question. in my last role i led a small team that built the payment system. we shipped it in six months.',
  );
  const group = `bench-${Date.now()}`;
  const created = await api('createUserMediaUpload', {
    body: { media_group_id: group, content_type: 'video/webm', properties: { company_id: companyId, size: clip.bytes.length } },
    session,
  });
  await fetch(created.upload_url, { method: 'PUT', headers: { 'content-type': 'video/webm' }, body: clip.bytes });
  const startedAt = performance.now();
  await api('completeMediaUploads', { body: { media_ids: [created.media_id] }, session });
  let status = 'processing';
  while (status === 'processing') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    status =
      (await api('getMediaUploadGroups', { params: { mediaGroupIds: group }, session })).media_upload_groups?.[0]?.upload_status ?? 'processing';
  }
  const seconds = (performance.now() - startedAt) / 1000;
  console.log(
    `\nLocal media pipeline (60-second WebM answer, ${kb(clip.bytes.length)}): ${status} in ${seconds.toFixed(1)} s (transcode, thumbnail, transcription, captions)\n`,
  );
};

/**
 * The candidates list at 100 and at 10,000 candidates: the same page (12 cards, one Query) should
 * cost the same. Candidates are written straight into DynamoDB Local with the product's own keys.
 */
const listPageFigure = async ({ api, env, session, companyId }: { api: Api; env: Record<string, string>; session: string; companyId: string }) => {
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { BatchWriteCommand, DynamoDBDocumentClient, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { keys } = await import('../../lambdas/shared/db/keys');
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      region: env.AWS_REGION,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
    }),
  );
  const interview = {
    intro: null,
    questions: [{ title: 'Q', content: '', thumbnail_image_group_id: null, video_group_id: null }],
    outro: null,
    pacing: { thinking_time: 30, answer_time: 60, retakes: 0 },
  };
  const seed = async (count: number) => {
    const { position_id: positionId } = await api('createPosition', {
      params: { companyId },
      body: { job_title: `Bench ${count}`, interview },
      session,
    });
    const base = Date.parse('2026-01-01T00:00:00Z');
    const items = Array.from({ length: count }, (_, i) => {
      const candidateId = `bench${String(i).padStart(8, '0')}`;
      const createdAt = new Date(base + i * 1000).toISOString();
      return {
        ...keys.candidate(candidateId),
        ...keys.candidateByPosition(positionId, createdAt, candidateId),
        ...keys.candidateByStatus(positionId, 'invited', createdAt, candidateId),
        type: 'candidate',
        candidateId,
        positionId,
        companyId,
        candidateName: `Candidate ${i}`,
        email: `candidate${i}@example.com`,
        searchText: `candidate ${i}\ncandidate${i}@example.com`,
        currentStatus: 'invited',
        createdAt,
        expiresAt: null,
        completedAt: null,
        interviewToken: `token${candidateId}`.padEnd(43, 'x'),
        preview: false,
        jobTitle: `Bench ${count}`,
        interview: { intro: null, questions: [{ title: 'Q', content: '' }], outro: null, pacing: { thinkingTime: 30, answerTime: 60, retakes: 0 } },
        answeredCount: 0,
        attempts: {},
        answers: {},
      };
    });
    for (let i = 0; i < items.length; i += 25) {
      await db.send(new BatchWriteCommand({ RequestItems: { [env.TABLE_NAME!]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
    await db.send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: keys.position(positionId),
        UpdateExpression: 'SET candidates.invited = :n',
        ExpressionAttributeValues: { ':n': count },
      }),
    );
    return positionId as string;
  };
  /** The candidates list of a position with this query. */
  const time = async (positionId: string, query: Record<string, string>) => {
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      const body = await api('listCandidates', { params: { positionId }, query, session });
      times.push(performance.now() - started);
      if (!Array.isArray(body.candidates)) throw new Error(`listCandidates ${JSON.stringify(query)}: ${JSON.stringify(body)}`);
    }
    return median(times);
  };
  console.log('\nCandidates list page (12 cards) over HTTP against DynamoDB Local, median of 15\n');
  const rows: string[][] = [];
  for (const count of [100, 10_000]) {
    const positionId = await seed(count);
    const first = await time(positionId, { tab: 'invited' });
    const deep = await time(positionId, { tab: 'invited', after: `bench${String(Math.floor(count / 2)).padStart(8, '0')}` });
    const search = await time(positionId, { search_text: `candidate${count - 7}@` });
    rows.push([count.toLocaleString('en'), `${first.toFixed(1)} ms`, `${deep.toFixed(1)} ms`, `${search.toFixed(1)} ms`]);
  }
  printTable(['candidates', 'first page', 'page in the middle', 'search (filtered read of the position)'], rows);
};

try {
  mkdirSync(outDir, { recursive: true });
  await lambdaTable();
  spaTable();
  await withLocalStack(async (ctx) => {
    await listPageFigure(ctx);
    if (process.env.BENCH_SKIP_PIPELINE !== '1') await pipelineFigure(ctx);
  });
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
