#!/usr/bin/env -S npx tsx
/**
 * `npm run screens`: every screen of the product at desktop (1280×860) and phone (390×844) sizes, in
 * one HTML contact sheet (`screens/index.html`), so a designer can review the whole product in a
 * minute.
 *
 * It builds the SPA (`--no-build` keeps the current web/dist), starts the local stack the tests use
 * (lib/local/stack.ts, on a free port with a throw-away data directory), seeds a company through the
 * real API (a branded theme and logo, a team, three positions, one with a recorded question video,
 * candidates invited, responded through the real upload and the local media pipeline, shortlisted,
 * rejected, rated and shared), then drives Debian's Chromium (playwright-core, as the e2e tests do)
 * through each screen, waiting on its content. A screen that cannot be captured is reported in the
 * sheet (with what the page showed instead) and the run goes on. Three of the shots are also written,
 * small, to docs/screens/ for the README.
 *
 *   npm run screens                       build, seed, capture everything
 *   npm run screens -- --no-build         use the SPA already in web/dist
 *   npm run screens -- --only=wizard      only the screens whose id matches (a regular expression)
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { href, paths } from '../lambdas/contracts/app-paths';
import { keys } from '../lambdas/data/keys';
import { API_PREFIX, operationPath, operations, type OperationId } from '../lambdas/operations/index';
import { freePort } from '../lib/local/net';
import { repoRoot, startLocalStack, type LocalStack } from '../lib/local/stack';
import { launchBrowser } from '../test/e2e/support/browser';
import type { CallOptions, WireResponse } from '../test/support/api';
import { makeClip, makeSpeech } from '../test/support/media';

const run = promisify(execFile);

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log('Usage: npm run screens -- [--no-build] [--only=<regular expression of screen ids>]');
  process.exit(0);
}

const OUT_DIR = path.join(repoRoot, 'screens');
const DOCS_DIR = path.join(repoRoot, 'docs/screens');
const only = args.only ? new RegExp(args.only) : null;
const startedAt = Date.now();

const say = (message: string) => console.log(`[screens ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${message}`);
/** An error's first line, with the last steps of Playwright's call log when it has one (what it waited for). */
const errorText = (error: unknown) => {
  const lines = (error instanceof Error ? error.message : String(error)).split('\n').map((line) => line.trim());
  const log = lines.indexOf('Call log:');
  return [
    lines[0],
    ...(log === -1
      ? []
      : lines
          .slice(log + 1)
          .filter(Boolean)
          .slice(-3)),
  ]
    .join(' · ')
    .slice(0, 600);
};

// ---------------------------------------------------------------------------------------------
// Viewports and screens
// ---------------------------------------------------------------------------------------------

interface Viewport {
  id: 'desktop' | 'phone';
  label: string;
  width: number;
  height: number;
  mobile: boolean;
}
const VIEWPORTS: readonly Viewport[] = [
  { id: 'desktop', label: 'Desktop 1280×860', width: 1280, height: 860, mobile: false },
  { id: 'phone', label: 'Phone 390×844', width: 390, height: 844, mobile: true },
];

const AREAS = ['Candidate', 'Hiring team', 'Settings'] as const;
type Area = (typeof AREAS)[number];

/** Every screen of the sheet, in the sheet's order within its area. */
const SCREENS = [
  { id: 'apply', area: 'Candidate', name: 'Apply page (public link)' },
  { id: 'welcome', area: 'Candidate', name: 'Interview: welcome' },
  { id: 'device-check', area: 'Candidate', name: 'Interview: camera and microphone check' },
  { id: 'question', area: 'Candidate', name: 'Interview: question, thinking time' },
  { id: 'recording', area: 'Candidate', name: 'Interview: recording' },
  { id: 'take-review', area: 'Candidate', name: 'Interview: take under review' },
  { id: 'thank-you', area: 'Candidate', name: 'Interview: thank-you' },
  { id: 'sign-in', area: 'Hiring team', name: 'Sign in' },
  { id: 'positions', area: 'Hiring team', name: 'Positions list (open)' },
  { id: 'wizard-1', area: 'Hiring team', name: 'New position: step 1, name' },
  { id: 'wizard-2', area: 'Hiring team', name: 'New position: step 2, questions' },
  { id: 'wizard-3', area: 'Hiring team', name: 'New position: step 3, pacing' },
  { id: 'wizard-done', area: 'Hiring team', name: 'New position: created' },
  { id: 'position-candidates', area: 'Hiring team', name: 'Position: candidates (responded)' },
  { id: 'position-questions', area: 'Hiring team', name: 'Position: questions' },
  { id: 'position-settings', area: 'Hiring team', name: 'Position: settings (fixed bar)' },
  { id: 'invite', area: 'Hiring team', name: 'Invite candidate dialog' },
  { id: 'bulk-invite', area: 'Hiring team', name: 'Bulk invite dialog' },
  { id: 'bulk-invite-loaded', area: 'Hiring team', name: 'Bulk invite dialog, a CSV loaded' },
  { id: 'candidate', area: 'Hiring team', name: 'Candidate: review with player' },
  { id: 'share', area: 'Hiring team', name: 'Share dialog' },
  { id: 'public-candidate', area: 'Hiring team', name: 'Shared candidate (public page)' },
  { id: 'settings-team', area: 'Settings', name: 'Company settings: Team' },
  { id: 'settings-emails', area: 'Settings', name: 'Company settings: E-mails' },
  { id: 'settings-theme', area: 'Settings', name: 'Company settings: Theme' },
  { id: 'settings-integrate', area: 'Settings', name: 'Company settings: Integrate' },
  { id: 'settings-billing', area: 'Settings', name: 'Company settings: Billing' },
] as const satisfies readonly { id: string; area: Area; name: string }[];
type ScreenId = (typeof SCREENS)[number]['id'];

/** The shots the README shows, written small (JPEG, the viewport only) to docs/screens/. */
const README_SHOTS: { screen: ScreenId; viewport: Viewport['id']; file: string }[] = [
  { screen: 'positions', viewport: 'desktop', file: 'positions-desktop.jpg' },
  { screen: 'candidate', viewport: 'desktop', file: 'candidate-desktop.jpg' },
  { screen: 'recording', viewport: 'phone', file: 'recording-phone.jpg' },
];

interface Shot {
  file?: string;
  error?: string;
}
const results = new Map<ScreenId, Partial<Record<Viewport['id'], Shot>>>();
const record = (screen: ScreenId, viewport: Viewport['id'], shot: Shot) => results.set(screen, { ...results.get(screen), [viewport]: shot });

// ---------------------------------------------------------------------------------------------
// The API, as the tests call it (test/support/api.ts), without vitest
// ---------------------------------------------------------------------------------------------

let baseUrl = '';
const appUrl = (to: string) => `${baseUrl}/${href(to)}`;

const api = async <Op extends OperationId>(operationId: Op, options: CallOptions<Op>): Promise<WireResponse<Op>> => {
  const { params, query, body, session } = options as CallOptions<OperationId> & { params?: Record<string, string> };
  const { method } = operations[operationId];
  // A read may meet a cold function on a busy machine (the local API's time-out): it is asked again.
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${baseUrl}${API_PREFIX}${operationPath(operationId, params, query)}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(session ? { 'x-session-id': session } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    if (response.ok) return (text ? JSON.parse(text) : undefined) as WireResponse<Op>;
    if (method === 'GET' && response.status >= 500 && attempt < 3) continue;
    throw new Error(`${operationId} → ${response.status} ${text.slice(0, 300)}`);
  }
};

interface Mail {
  to: string[];
  subject: string;
  text: string;
}
/** The newest mail to an address matching `pattern` in its text, waiting briefly for it. */
const mailed = async (email: string, pattern: RegExp): Promise<string> => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { messages } = (await fetch(`${baseUrl}/_local/mail?format=json`).then((r) => r.json())) as { messages: Mail[] };
    const found = messages.filter((m) => m.to.includes(email)).map((m) => pattern.exec(m.text)?.[1]);
    const match = found.find(Boolean);
    if (match) return match;
    await sleep(100);
  }
  throw new Error(`no mail to ${email} matching ${pattern}`);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds or `timeoutMs` passes; false then. */
const until = async (check: () => Promise<boolean>, timeoutMs: number, intervalMs = 1000): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await sleep(intervalMs);
  }
};

// ---------------------------------------------------------------------------------------------
// Seeding: one realistic company through the real API
// ---------------------------------------------------------------------------------------------

const COMPANY = 'Northwind Studio';
const OWNER_EMAIL = 'alex.morgan@example.com';
const DESIGN = 'Senior Product Designer';
const SUPPORT = 'Customer Support Lead';
const INTERN = 'Marketing Intern';
const DESIGN_QUESTIONS = ['Walk us through a design you are proud of', 'How do you work with engineers when a design has to change late?'];
const SUPPORT_QUESTIONS = ['Tell us about a time you turned an unhappy customer around', 'What does a great support reply look like to you?'];
/** Responded to the design position, oldest first: the last is the newest response, the one the candidate page shows. */
const RESPONDED = ['Daniel Okafor', 'Marcus Chen', 'Priya Raman', 'Sofia Lindqvist'];
const SHORTLISTED = 'Daniel Okafor';
const REJECTED = 'Marcus Chen';
const FEATURED = 'Sofia Lindqvist';
const BULK_CSV = 'Name,Email\nKatherine Johnson,katherine.johnson@example.com\nChristine Darden,christine.darden@example.com\nMelba Roy,\n';

interface Seed {
  companyId: string;
  sessionId: string;
  designId: string;
  supportId: string;
  featuredId: string;
  publicHref: string;
  applyHref: string;
}

const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;

type Question = { title: string; content?: string; video_group_id?: string | null; thumbnail_image_group_id?: string | null };
const interview = (
  questions: (string | Question)[],
  pacing: { thinking_time: number | null; answer_time: number; retakes: number | null },
  outro: Question | null = null,
) => {
  const item = (q: Question) => ({ content: '', video_group_id: null, thumbnail_image_group_id: null, ...q });
  return { intro: null, questions: questions.map((q) => item(typeof q === 'string' ? { title: q } : q)), outro: outro && item(outro), pacing };
};

/** A team upload through the real path (register, PUT to S3, complete): its media id. */
const upload = async (seed: Pick<Seed, 'companyId' | 'sessionId'>, groupId: string, bytes: Uint8Array, contentType: 'video/webm' | 'image/png') => {
  const created = await api('createUserMediaUpload', {
    session: seed.sessionId,
    body: { media_group_id: groupId, content_type: contentType, properties: { company_id: seed.companyId, size: bytes.length } },
  });
  const put = await fetch(created.upload_url, { method: 'PUT', headers: { 'content-type': contentType }, body: Buffer.from(bytes) });
  if (!put.ok) throw new Error(`upload of ${groupId} → ${put.status}`);
  return created.media_id;
};

const mediaReady = async (seed: Pick<Seed, 'sessionId'>, groupIds: string[]) => {
  const { media_upload_groups } = await api('getMediaUploadGroups', { params: { mediaGroupIds: groupIds.join(',') }, session: seed.sessionId });
  return media_upload_groups.length === groupIds.length && media_upload_groups.every((g) => g.upload_status === 'ready');
};

/** The candidate's side, as the browser does it: start the answer, PUT its parts, submit. */
const answer = async (token: string, questionIndex: number, bytes: Uint8Array) => {
  const started = await api('startAnswer', { params: { token }, body: { question_index: questionIndex, content_type: 'video/webm' } });
  const partSize = started.min_part_bytes;
  const count = Math.max(1, Math.ceil(bytes.length / partSize));
  const { parts: urls } = await api('getAnswerPartUrls', {
    params: { token, answerId: started.answer_id },
    body: { part_numbers: Array.from({ length: count }, (_, i) => i + 1) },
  });
  const parts: { part_number: number; etag: string }[] = [];
  for (const { part_number, upload_url } of urls) {
    const put = await fetch(upload_url, { method: 'PUT', body: Buffer.from(bytes.subarray((part_number - 1) * partSize, part_number * partSize)) });
    if (!put.ok) throw new Error(`answer part ${part_number} → ${put.status}`);
    parts.push({ part_number, etag: put.headers.get('etag')! });
  }
  await api('submitAnswer', { params: { token, answerId: started.answer_id }, body: { parts } });
  return started.answer_id;
};

const tokenOf = (interviewHref: string) => /#\/interview\/([A-Za-z0-9_-]+)$/.exec(interviewHref)?.[1] ?? '';

/** The company's logo, drawn by the browser: a mark and a word mark on a transparent ground. */
const drawLogo = async (browser: Browser): Promise<Buffer> => {
  const page = await browser.newPage({ viewport: { width: 400, height: 120 } });
  await page.setContent(`<body style="margin:0">
    <div id="logo" style="display:inline-flex;align-items:center;gap:14px;padding:12px 16px;font-family:'DejaVu Sans',sans-serif">
      <svg width="72" height="72" viewBox="0 0 72 72" aria-hidden="true">
        <rect width="72" height="72" rx="18" fill="#0f766e"/>
        <path d="M20 52V20l32 32V20" stroke="#fff" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
      </svg>
      <div style="line-height:1.05"><div style="font-size:30px;font-weight:700;color:#134e4a">Northwind</div>
      <div style="font-size:17px;letter-spacing:5px;color:#0f766e">STUDIO</div></div>
    </div></body>`);
  const png = await page.locator('#logo').screenshot({ omitBackground: true });
  await page.close();
  return png;
};

const seedCompany = async (stack: LocalStack, browser: Browser): Promise<Seed> => {
  const { company_id: companyId } = await api('createAccount', { body: { email: OWNER_EMAIL, company_name: COMPANY } });
  await api('sendMagicCode', { body: { email: OWNER_EMAIL } });
  const code = await mailed(OWNER_EMAIL, /sign-in code is ([A-Z]{6})/);
  const { session_id: sessionId } = await api('createMagicCodeSession', { body: { email: OWNER_EMAIL, shortnonce: code } });
  const owner = { companyId, sessionId };
  say(`Seeded ${COMPANY}, owner ${OWNER_EMAIL}`);

  // Credits a purchase would give (billing's side of the table), so the credits stay visible but plenty.
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.env.AWS_ENDPOINT_URL_DYNAMODB,
      region: stack.env.AWS_REGION,
      credentials: { accessKeyId: stack.env.AWS_ACCESS_KEY_ID!, secretAccessKey: stack.env.AWS_SECRET_ACCESS_KEY! },
    }),
  );
  await db.send(
    new UpdateCommand({
      TableName: stack.env.TABLE_NAME,
      Key: keys.company(companyId),
      UpdateExpression: 'SET credits.allocated = :n',
      ExpressionAttributeValues: { ':n': 30 },
    }),
  );

  // Media first, so the pipeline works while the rest is seeded: the logo, a question video and its thumbnail.
  const [logo, questionClip, answerClips] = await Promise.all([
    drawLogo(browser),
    makeClip(6, 'hi, i lead design at northwind. tell us about a design you are proud of, and what changed for the people who used it.'),
    Promise.all([
      makeClip(7, 'i redesigned the checkout of a small shop. we watched ten customers use it and cut the steps from five to two.'),
      makeClip(6, 'i sit with the engineers early, so a late change is a conversation about trade offs, not a surprise.'),
    ]),
  ]);
  const thumbnail = path.join(path.dirname(questionClip.file), 'thumbnail.png');
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', '1', '-i', questionClip.file, '-frames:v', '1', thumbnail]);
  const logoGroup = `logo-${Date.now()}`;
  const videoGroup = `question-${Date.now()}`;
  const thumbnailGroup = `thumbnail-${Date.now()}`;
  const mediaIds = [
    await upload(owner, logoGroup, logo, 'image/png'),
    await upload(owner, videoGroup, questionClip.bytes, 'video/webm'),
    await upload(owner, thumbnailGroup, await readFile(thumbnail), 'image/png'),
  ];
  await api('completeMediaUploads', { query: { transcoder: 'default' }, session: sessionId, body: { media_ids: mediaIds } });
  await until(() => mediaReady(owner, [logoGroup]), 60_000, 500);
  await api('putTheme', {
    params: { companyId },
    session: sessionId,
    body: {
      theme_enabled: true,
      theme_definition: { palette: { primary: { main: '#0f766e' }, secondary: { main: '#134e4a' } } },
      logo_image_group_id: logoGroup,
    },
  });

  // The team: a member who joined, one invited, and a reminder template of the company's own.
  await api('inviteMember', { params: { companyId }, session: sessionId, body: { email: 'maria.garcia@example.com' } });
  const nonce = await mailed('maria.garcia@example.com', /#\/invite\/([A-Za-z0-9_-]+)/);
  await api('confirmMemberInvite', { body: { nonce } });
  await api('inviteMember', { params: { companyId }, session: sessionId, body: { email: 'sam.patel@example.com' } });
  await api('createMessageTemplate', {
    params: { companyId },
    session: sessionId,
    body: {
      template_name: 'Friendly reminder',
      subject_line: 'A reminder from {companyName}: your video interview for {jobTitle}',
      body_content:
        'Hi {candidateName},\n\nJust a reminder that your video interview for {jobTitle} is waiting for you. It takes about 15 minutes, and you can do it whenever suits you before {deadline}.\n\nStart here: {interviewLink}\n\nThe {companyName} team',
    },
  });

  // Three open positions, the newest first in the list: the design one has a recorded question.
  const create = async (jobTitle: string, body: ReturnType<typeof interview>) =>
    (await api('createPosition', { params: { companyId }, session: sessionId, body: { job_title: jobTitle, interview: body } })).position_id;
  await create(INTERN, interview(['Which brand tells its story best, and why?'], { thinking_time: 30, answer_time: 120, retakes: 1 }));
  const supportId = await create(SUPPORT, interview(SUPPORT_QUESTIONS, { thinking_time: 30, answer_time: 60, retakes: 2 }));
  if (!(await until(() => mediaReady(owner, [videoGroup, thumbnailGroup]), 240_000))) say('The question video is not processed yet: going on');
  const designId = await create(
    DESIGN,
    interview(
      [
        {
          title: DESIGN_QUESTIONS[0]!,
          content: 'What was the problem, what did you try, and what changed for the people who used it?',
          video_group_id: videoGroup,
          thumbnail_image_group_id: thumbnailGroup,
        },
        { title: DESIGN_QUESTIONS[1]!, content: 'A real example is best.' },
      ],
      { thinking_time: 30, answer_time: 120, retakes: 1 },
      { title: 'Thank you!', content: 'We watch every interview within three working days and will e-mail you either way.' },
    ),
  );
  say(`Seeded positions ${INTERN}, ${SUPPORT}, ${DESIGN}`);

  // Candidates: four answered the design position through the real upload (the media pipeline
  // processes their answers), three are still invited; the support position invited four in bulk.
  const ids = new Map<string, string>();
  for (const name of RESPONDED) {
    const invited = await api('inviteCandidate', {
      params: { positionId: designId },
      session: sessionId,
      body: { candidate_name: name, email: emailOf(name) },
    });
    ids.set(name, invited.candidate_id);
    const token = tokenOf(invited.interview_href);
    for (const [index, clip] of answerClips.entries()) await answer(token, index, clip.bytes);
  }
  for (const name of ['Liam Murphy', 'Hannah Becker', 'Noah Adeyemi'])
    await api('inviteCandidate', { params: { positionId: designId }, session: sessionId, body: { candidate_name: name, email: emailOf(name) } });
  await api('inviteCandidatesBatch', {
    params: { positionId: supportId },
    session: sessionId,
    body: {
      new_candidates: ['Olivia Brown', 'Mateo Garcia', 'Aisha Khan', 'Lucas Martin'].map((name) => ({ candidate_name: name, email: emailOf(name) })),
    },
  });
  await api('setCandidateStatus', { params: { candidateId: ids.get(SHORTLISTED)!, status: 'shortlist' }, session: sessionId });
  await api('setCandidateStatus', { params: { candidateId: ids.get(REJECTED)!, status: 'reject' }, session: sessionId });
  const featuredId = ids.get(FEATURED)!;
  const { public_candidate_href: publicHref } = await api('createSharingDetails', { params: { candidateId: featuredId }, session: sessionId });
  const { link_href: applyHref } = await api('createApplyLink', { params: { positionId: supportId }, session: sessionId });
  say(`Seeded candidates; waiting for the media pipeline to process ${RESPONDED.length * DESIGN_QUESTIONS.length} answers`);

  // Every answer processed (video, captions, transcript) before the screens that show them.
  const processed = async (candidateId: string) => {
    const [candidate, transcripts] = await Promise.all([
      api('getCandidate', { params: { candidateId }, session: sessionId }),
      api('getAnswerTranscripts', { params: { candidateId }, session: sessionId }),
    ]);
    return (
      candidate.answers.length === DESIGN_QUESTIONS.length &&
      candidate.answers.every((a) => a.video?.upload_status === 'ready' && a.video?.captions.captions_status === 'ready') &&
      transcripts.answer_transcripts.every((t) => t.transcript_status === 'completed')
    );
  };
  const allProcessed = await until(async () => (await Promise.all([...ids.values()].map(processed))).every(Boolean), 600_000, 2000);
  say(allProcessed ? 'Every answer is processed' : 'Some answers are still processing after 10 minutes: capturing anyway');
  const featured = await api('getCandidate', { params: { candidateId: featuredId }, session: sessionId });
  if (featured.answers[0])
    await api('rateAnswer', { params: { answerId: featured.answers[0].answer_id }, session: sessionId, body: { new_rating: 4 } });
  return { companyId, sessionId, designId, supportId, featuredId, publicHref, applyHref };
};

// ---------------------------------------------------------------------------------------------
// Capturing
// ---------------------------------------------------------------------------------------------

interface Contexts {
  viewport: Viewport;
  /** Signed in as the owner. */
  team: BrowserContext;
  /** No session: a visitor or a candidate. */
  visitor: BrowserContext;
}

/** One walk through some screens in one page: `shoot(id)` captures the page as it is then. */
interface Flow {
  screens: ScreenId[];
  context: 'team' | 'visitor';
  run(page: Page, shoot: (screen: ScreenId) => Promise<void>, viewport: Viewport): Promise<void>;
}

const WAIT = { timeout: 20_000 };

/** Best effort: waits a little for something cosmetic (images loaded, loaders gone), never fails. */
const settle = async (page: Page) => {
  await page
    .waitForFunction(
      () =>
        Array.from(document.images).every((img) => img.complete) &&
        !Array.from(document.querySelectorAll('.amplify-loader, [aria-busy="true"]')).some((el) => (el as HTMLElement).offsetParent !== null),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => true)).catch(() => undefined);
};

const fileOf = (screen: ScreenId, viewport: Viewport) => `${screen}-${viewport.id}.png`;

const shootPage = async (page: Page, screen: ScreenId, viewport: Viewport) => {
  await settle(page);
  const file = fileOf(screen, viewport);
  await page.screenshot({ path: path.join(OUT_DIR, file), fullPage: true, animations: 'disabled' });
  const readme = README_SHOTS.find((s) => s.screen === screen && s.viewport === viewport.id);
  if (readme) {
    const docFile = path.join(DOCS_DIR, readme.file);
    await page.screenshot({ path: docFile, type: 'jpeg', quality: 70, animations: 'disabled' });
    const kb = Math.round(statSync(docFile).size / 1024);
    if (kb > 200) say(`docs/screens/${readme.file} is ${kb} KB (more than 200 KB)`);
  }
  record(screen, viewport.id, { file });
};

const runFlow = async (flow: Flow, contexts: Contexts) => {
  const wanted = flow.screens.filter((s) => !only || only.test(s));
  if (wanted.length === 0) return;
  const { viewport } = contexts;
  const page = await contexts[flow.context].newPage();
  const done = new Set<ScreenId>();
  try {
    await flow.run(
      page,
      async (screen) => {
        if (!only || only.test(screen)) await shootPage(page, screen, viewport);
        done.add(screen);
      },
      viewport,
    );
  } catch (error) {
    const message = errorText(error);
    const missed = flow.screens.filter((s) => !done.has(s) && (!only || only.test(s)));
    say(`${viewport.id}: ${missed.join(', ')} not captured: ${message}`);
    // What the page showed when the walk failed, beside the error of the first screen it missed.
    let file: string | undefined;
    if (missed[0]) {
      file = `${missed[0]}-${viewport.id}-failed.png`;
      await page.screenshot({ path: path.join(OUT_DIR, file), fullPage: true, timeout: 10_000 }).catch(() => (file = undefined));
    }
    missed.forEach((screen, i) => record(screen, viewport.id, { error: message, ...(i === 0 && file ? { file } : {}) }));
  } finally {
    await page.close().catch(() => undefined);
  }
};

/**
 * Clicks a button; should the click not get through (a phone's page zoomed out around content wider
 * than the screen can defeat the pointer), presses it from the keyboard instead.
 */
const press = async (button: Locator) => {
  await button.waitFor(WAIT);
  await button.click({ timeout: 10_000 }).catch(async () => {
    await button.focus();
    await button.press('Enter');
  });
};

/** Best effort: the page's first video has a frame to show (its poster may stand in until then). */
const firstFrame = (page: Page) => until(() => page.evaluate(() => (document.querySelector('video')?.readyState ?? 0) >= 2), 5_000, 200);

/** The seconds a `m:ss / …` recording clock shows. */
const clockSeconds = async (page: Page) => {
  const match = /(\d+):(\d\d)/.exec((await page.getByRole('timer', { name: 'Recording time' }).textContent()) ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
};

const flows = (seed: Seed): Flow[] => {
  const positionUrl = (query: Parameters<typeof paths.position.to>[2] = {}) => appUrl(paths.position.to(seed.companyId, seed.designId, query));
  const openSettings = async (page: Page) => {
    await page.goto(appUrl(paths.positions.to(seed.companyId)));
    await page.getByRole('button', { name: 'Company settings' }).click(WAIT);
    const dialog = page.getByRole('dialog', { name: 'Company settings' });
    await dialog.waitFor(WAIT);
    return dialog;
  };
  return [
    // The hiring team first: the positions list before the wizard adds to it.
    {
      screens: ['sign-in'],
      context: 'visitor',
      run: async (page, shoot) => {
        await page.goto(appUrl(paths.signIn.to()));
        await page.getByLabel('E-mail').waitFor(WAIT);
        await shoot('sign-in');
      },
    },
    {
      screens: ['positions'],
      context: 'team',
      run: async (page, shoot) => {
        await page.goto(appUrl(paths.positions.to(seed.companyId, { tab: 'open' })));
        for (const title of [DESIGN, SUPPORT, INTERN]) await page.getByRole('link', { name: title }).first().waitFor(WAIT);
        await page
          .getByTestId('company-logo')
          .waitFor({ state: 'attached', timeout: 5_000 })
          .catch(() => undefined);
        await shoot('positions');
      },
    },
    {
      screens: ['position-candidates'],
      context: 'team',
      run: async (page, shoot) => {
        await page.goto(positionUrl({ tab: 'responded' }));
        await page.getByRole('article', { name: FEATURED }).waitFor(WAIT);
        await shoot('position-candidates');
      },
    },
    {
      screens: ['position-questions'],
      context: 'team',
      run: async (page, shoot) => {
        await page.goto(positionUrl({ view: 'questions' }));
        await page.getByRole('region', { name: 'Question 2' }).waitFor(WAIT);
        await page.getByLabel('Video of question 1', { exact: true }).waitFor(WAIT);
        await shoot('position-questions');
      },
    },
    {
      screens: ['position-settings'],
      context: 'team',
      run: async (page, shoot) => {
        await page.goto(positionUrl({ view: 'settings' }));
        await page.getByRole('button', { name: 'Save changes' }).waitFor(WAIT);
        await page.getByRole('button', { name: 'Close', exact: true }).waitFor(WAIT);
        await shoot('position-settings');
      },
    },
    {
      screens: ['invite'],
      context: 'team',
      run: async (page, shoot) => {
        await page.goto(positionUrl());
        await page.getByRole('button', { name: 'Invite candidate' }).click(WAIT);
        const dialog = page.getByRole('dialog', { name: 'Invite candidate' });
        await dialog.getByLabel('Full name').fill('Jordan Lee', WAIT);
        await dialog.getByLabel('Email', { exact: true }).fill('jordan.lee@example.com');
        await shoot('invite');
      },
    },
    {
      screens: ['bulk-invite', 'bulk-invite-loaded'],
      context: 'team',
      run: async (page, shoot) => {
        await page.goto(positionUrl());
        await page.getByRole('button', { name: 'More ways to invite' }).click(WAIT);
        await page.getByRole('menuitem', { name: 'Invite candidates in bulk' }).click(WAIT);
        const dialog = page.getByRole('dialog', { name: 'Invite candidates in bulk' });
        await dialog.getByRole('button', { name: 'Send', exact: true }).waitFor(WAIT);
        await shoot('bulk-invite');
        await dialog
          .locator('input[type=file]')
          .first()
          .setInputFiles({ name: 'candidates.csv', mimeType: 'text/csv', buffer: Buffer.from(BULK_CSV) });
        await dialog.getByText('Katherine Johnson').first().waitFor(WAIT);
        await shoot('bulk-invite-loaded');
      },
    },
    {
      screens: ['candidate', 'share'],
      context: 'team',
      run: async (page, shoot) => {
        await page.goto(appUrl(paths.candidate.to(seed.companyId, seed.designId, seed.featuredId)));
        await page.getByRole('heading', { name: DESIGN_QUESTIONS[0] }).waitFor(WAIT);
        await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, WAIT);
        await firstFrame(page);
        await page
          .getByRole('button', { name: /^Play from / })
          .first()
          .waitFor(WAIT);
        await shoot('candidate');
        await page.getByRole('button', { name: 'Share', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: `Share ${FEATURED}` });
        await dialog.getByLabel('Public link', { exact: true }).waitFor(WAIT);
        await shoot('share');
      },
    },
    {
      screens: ['public-candidate'],
      context: 'visitor',
      run: async (page, shoot) => {
        await page.goto(seed.publicHref);
        await page.getByRole('heading', { name: FEATURED }).waitFor(WAIT);
        await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, WAIT);
        await firstFrame(page);
        await shoot('public-candidate');
      },
    },
    {
      screens: ['settings-team', 'settings-emails', 'settings-theme', 'settings-integrate', 'settings-billing'],
      context: 'team',
      run: async (page, shoot) => {
        const dialog = await openSettings(page);
        const tab = async (name: RegExp | string, ready: () => Promise<void>, screen: ScreenId) => {
          await dialog.getByRole('tab', { name }).click(WAIT);
          await ready();
          await shoot(screen);
        };
        await tab('Team', () => dialog.getByText('maria.garcia@example.com').first().waitFor(WAIT), 'settings-team');
        await tab(/^E-?mails$/, () => dialog.getByText('Friendly reminder').first().waitFor(WAIT), 'settings-emails');
        await tab('Theme', () => dialog.getByRole('img', { name: 'Company logo' }).waitFor(WAIT), 'settings-theme');
        await tab('Integrate', () => dialog.getByRole('heading', { name: 'Add an integration' }).waitFor(WAIT), 'settings-integrate');
        await tab('Billing', () => dialog.getByRole('heading', { name: 'Subscriptions' }).waitFor(WAIT), 'settings-billing');
      },
    },
    // The wizard creates a position (one per size): after the screens that list positions.
    {
      screens: ['wizard-1', 'wizard-2', 'wizard-3', 'wizard-done'],
      context: 'team',
      run: async (page, shoot) => {
        await page.goto(appUrl(paths.newPositionWizard.to(seed.companyId)));
        const step1 = page.getByRole('region', { name: 'Enter a position name' });
        await page.getByLabel('Position name', { exact: true }).fill('Customer Success Manager', WAIT);
        await shoot('wizard-1');
        await step1.getByRole('button', { name: 'Next' }).click();
        const step2 = page.getByRole('region', { name: 'Record your questions' });
        const questions = ['What drew you to customer success?', 'Tell us about a customer you helped grow with the product.'];
        for (const [i, text] of questions.entries()) {
          const region = step2.getByRole('region', { name: `Question ${i + 1}` });
          if ((await region.count()) === 0) await step2.getByRole('button', { name: 'Add a typed question' }).click(WAIT);
          await region.getByLabel('Question', { exact: true }).fill(text, WAIT);
        }
        await shoot('wizard-2');
        await step2.getByRole('button', { name: 'Next' }).click();
        const step3 = page.getByRole('region', { name: 'Adjust the pacing' });
        await step3.getByLabel('Retakes').waitFor(WAIT);
        await shoot('wizard-3');
        await step3.getByRole('button', { name: 'Finish' }).click();
        await page.waitForURL(/\?celebrate=true$/, WAIT);
        await page.getByRole('heading', { name: 'Customer Success Manager' }).waitFor(WAIT);
        // The confetti falls for a few seconds: the moment after it.
        await page.waitForFunction(() => document.querySelectorAll('canvas').length === 0, undefined, { timeout: 8_000 }).catch(() => undefined);
        await shoot('wizard-done');
      },
    },
    // The candidate's side, on the support position (two typed questions, 30 s to think, two retakes).
    {
      screens: ['apply'],
      context: 'visitor',
      run: async (page, shoot) => {
        await page.goto(seed.applyHref);
        await page.getByRole('heading', { name: `Apply for ${SUPPORT}` }).waitFor(WAIT);
        await shoot('apply');
      },
    },
    {
      screens: ['welcome', 'device-check', 'question', 'recording', 'take-review', 'thank-you'],
      context: 'visitor',
      run: async (page, shoot, viewport) => {
        const name = viewport.id === 'desktop' ? 'Grace Hopper' : 'Ada Lovelace';
        const invited = await api('inviteCandidate', {
          params: { positionId: seed.supportId },
          session: seed.sessionId,
          body: { candidate_name: name, email: emailOf(name) },
        });
        await page.goto(invited.interview_href);
        await page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor(WAIT);
        await page
          .getByRole('img', { name: `${COMPANY} logo` })
          .waitFor({ state: 'attached', timeout: 5_000 })
          .catch(() => undefined);
        await shoot('welcome');
        await press(page.getByRole('button', { name: 'Start the interview' }));
        await press(page.getByRole('button', { name: 'Turn on camera and microphone' }));
        await page.getByLabel('Camera preview').waitFor(WAIT);
        // The speaking fake microphone moves the level meter.
        const meter = page.getByRole('meter', { name: /Microphone/ });
        await until(async () => Number(await meter.getAttribute('aria-valuenow')) > 5, 10_000, 200);
        await shoot('device-check');
        await press(page.getByRole('button', { name: 'Continue' }));
        for (const [i, title] of SUPPORT_QUESTIONS.entries()) {
          await page.getByRole('heading', { name: title }).waitFor(WAIT);
          if (i === 0) {
            await page.getByRole('timer').filter({ hasText: 'Recording starts in' }).waitFor(WAIT);
            await shoot('question');
          }
          await press(page.getByRole('button', { name: 'Start recording' }));
          await page.getByRole('timer', { name: 'Recording time' }).waitFor(WAIT);
          if (!(await until(async () => (await clockSeconds(page)) >= (i === 0 ? 3 : 1), 20_000, 200)))
            throw new Error('the recording clock did not run');
          if (i === 0) await shoot('recording');
          await press(page.getByRole('button', { name: 'Stop recording' }));
          await page.getByRole('button', { name: 'Submit answer' }).waitFor(WAIT);
          if (i === 0) {
            // The take plays back from the recording (not the live camera): its first frame shown.
            const takeShown = () =>
              page.evaluate(() => Array.from(document.querySelectorAll('video')).some((v) => !v.srcObject && v.readyState >= 2));
            await until(takeShown, 10_000, 200);
            await page
              .getByText('Uploaded', { exact: true })
              .waitFor({ timeout: 15_000 })
              .catch(() => undefined);
            await shoot('take-review');
          }
          await press(page.getByRole('button', { name: 'Submit answer' }));
        }
        await page.getByRole('heading', { name: 'Your interview is complete' }).waitFor({ timeout: 60_000 });
        await shoot('thank-you');
      },
    },
  ];
};

// ---------------------------------------------------------------------------------------------
// The contact sheet
// ---------------------------------------------------------------------------------------------

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const writeSheet = (meta: { seconds: number; commit: string }) => {
  const shotHtml = (screen: ScreenId, viewport: Viewport) => {
    const shot = results.get(screen)?.[viewport.id];
    const label = `<figcaption>${escapeHtml(viewport.label)}</figcaption>`;
    const image = shot?.file
      ? `<a href="${shot.file}"><img src="${shot.file}" alt="${escapeHtml(`${SCREENS.find((s) => s.id === screen)!.name}, ${viewport.label}`)}" loading="lazy"></a>`
      : '';
    const body = shot?.error
      ? `<p class="error"><strong>Not captured:</strong> ${escapeHtml(shot.error)}${shot.file ? ' (the page at that moment:)' : ''}</p>${image}`
      : shot?.file
        ? image
        : '<p class="missing">Not captured in this run.</p>';
    return `<figure class="shot ${viewport.id}">${label}${body}</figure>`;
  };
  const captured = [...results.values()].flatMap((r) => Object.values(r)).filter((s) => s.file && !s.error).length;
  const failed = [...results.values()].flatMap((r) => Object.values(r)).filter((s) => s.error).length;
  const sections = AREAS.map((area) => {
    const cards = SCREENS.filter((s) => s.area === area)
      .map(
        (s) =>
          `<article class="screen" id="${s.id}"><h3><a href="#${s.id}">${escapeHtml(s.name)}</a></h3><div class="pair">${VIEWPORTS.map((v) => shotHtml(s.id, v)).join('')}</div></article>`,
      )
      .join('\n');
    return `<section aria-labelledby="area-${area}"><h2 id="area-${area}">${escapeHtml(area)}</h2><div class="grid">${cards}</div></section>`;
  }).join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Screens: Video interviews</title>
<style>
  :root { color-scheme: light; --ink: #1f2933; --muted: #616e7c; --line: #e4e7eb; --bg: #f5f7fa; --accent: #0f766e; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
  header { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: baseline; padding: 12px 32px; background: #fff; border-bottom: 1px solid var(--line); }
  header h1 { margin: 0; font-size: 20px; }
  header nav { display: flex; gap: 16px; }
  header p { margin: 0; color: var(--muted); font-size: 13px; }
  a { color: var(--accent); }
  main { padding: 8px 32px 48px; }
  h2 { margin: 32px 0 12px; font-size: 18px; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(680px, 1fr)); gap: 20px; }
  .screen { background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: 12px 16px 16px; }
  .screen h3 { margin: 0 0 8px; font-size: 15px; }
  .screen h3 a { color: inherit; text-decoration: none; }
  .pair { display: flex; gap: 16px; align-items: flex-start; }
  .shot { margin: 0; }
  .shot.desktop { width: 480px; flex: none; }
  .shot.phone { width: 146px; flex: none; }
  figcaption { color: var(--muted); font-size: 12px; margin-bottom: 4px; }
  .shot img { display: block; width: 100%; max-height: 480px; object-fit: cover; object-position: top; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
  .shot a:focus-visible img { outline: 3px solid var(--accent); outline-offset: 2px; }
  .error { margin: 0 0 6px; padding: 8px 10px; border-radius: 6px; background: #fde8e8; color: #8a1c1c; font-size: 12px; overflow-wrap: anywhere; }
  .missing { margin: 0; padding: 8px 10px; border-radius: 6px; background: var(--bg); color: var(--muted); font-size: 12px; }
  @media (max-width: 760px) { .grid { grid-template-columns: 1fr; } .pair { flex-direction: column; } .shot.desktop, .shot.phone { width: 100%; } }
</style>
</head>
<body>
<header>
  <h1>Screens</h1>
  <nav aria-label="Areas">${AREAS.map((a) => `<a href="#area-${a}">${escapeHtml(a)}</a>`).join('')}</nav>
  <p>${captured} shots${failed ? `, ${failed} not captured` : ''} · ${escapeHtml(meta.commit)} · ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC · ${meta.seconds} s · images show the top of each page: click one for the whole page</p>
</header>
<main>
${sections}
</main>
</body>
</html>
`;
  writeFileSync(path.join(OUT_DIR, 'index.html'), html);
};

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

const commitOf = async () => {
  try {
    const { stdout } = await run('git', ['describe', '--always', '--dirty'], { cwd: repoRoot });
    return `commit ${stdout.trim()}`;
  } catch {
    return 'commit unknown';
  }
};

const main = async () => {
  if (!args['no-build']) {
    say('Building the SPA (vite build)…');
    try {
      await run('npx', ['vite', 'build', '--config', 'web/vite.config.ts'], {
        cwd: repoRoot,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      });
    } catch (error) {
      const output = error as { stdout?: string; stderr?: string };
      console.error(`${output.stdout ?? ''}${output.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n'));
      if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) throw new Error('The SPA does not build (above), and web/dist holds no build.');
      say('The SPA does not build (above): capturing the build already in web/dist');
    }
  }
  // A fresh sheet: the previous run's shots go (a screen not captured this time must not look current).
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  mkdirSync(DOCS_DIR, { recursive: true });

  process.env.LOG_LEVEL ??= 'warn';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'interviews-screens-'));
  let stack: LocalStack | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close().catch(() => undefined);
    await stack?.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    say('Starting the local stack…');
    stack = await startLocalStack({ port: await freePort(), dataDir, spa: 'dist', schedules: 'manual' });
    baseUrl = stack.url;
    say(`Local stack on ${stack.url}`);
    // A fake microphone that speaks (the level meter moves), beside Chromium's fake camera.
    browser = await launchBrowser([
      `--use-file-for-fake-audio-capture=${await makeSpeech('i helped a customer who had lost a whole day of orders, and we fixed it together')}`,
    ]);
    const seed = await seedCompany(stack, browser);
    for (const flow of flows(seed)) {
      for (const viewport of VIEWPORTS) {
        const options = {
          viewport: { width: viewport.width, height: viewport.height },
          isMobile: viewport.mobile,
          hasTouch: viewport.mobile,
          deviceScaleFactor: 1,
          locale: 'en-US',
          timezoneId: 'UTC',
        };
        const team = await browser.newContext(options);
        await team.addInitScript((id) => window.localStorage.setItem('session_id', id), seed.sessionId);
        const visitor = await browser.newContext(options);
        await runFlow(flow, { viewport, team, visitor });
        await Promise.all([team.close(), visitor.close()]);
      }
      const shot = flow.screens.filter((s) => !only || only.test(s));
      if (shot.length) say(`Captured ${shot.join(', ')}`);
    }
  } finally {
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    writeSheet({ seconds, commit: await commitOf() });
    say('Stopping the local stack…');
    await stop();
  }
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  const failed = [...results.values()].flatMap((r) => Object.values(r)).filter((s) => s.error).length;
  const pngs = readdirSync(OUT_DIR).filter((f) => f.endsWith('.png')).length;
  console.log(
    `\nContact sheet: ${path.relative(process.cwd(), path.join(OUT_DIR, 'index.html')) || 'screens/index.html'} (${pngs} images${
      failed ? `, ${failed} shots not captured` : ''
    }) in ${Math.floor(seconds / 60)} min ${seconds % 60} s`,
  );
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`npm run screens: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
