import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogPrice } from '../../lambdas/contracts/billing-catalog';
import { IDEMPOTENCY_HEADER } from '../../lambdas/contracts/vocabulary';
import { keys } from '../../lambdas/data/keys';
import { operations, type OperationId } from '../../lambdas/operations/index';
import { baseUrl, call, type ApiResponse, type CallOptions } from '../support/api';
import { uniqueEmail } from '../support/accounts';
import { localDb, localEnv, localS3 } from '../support/aws';
import { interviewFixture, tokenFromHref } from '../support/interviews';
import { ffprobe, makeClip } from '../support/media';
import { payOnStandIn } from '../support/stripe';
import { repeatsSafely, RETRY_DELAYS_MS, retryDelayMs, worthRetrying } from '../../web/src/api/retry-policy';

/**
 * The soak test of issue 37: the product's main flows on a local stack whose functions meet about
 * one failure in ten on every AWS, Stripe and ATS call (test/soak/soak-stack-setup.ts). The client
 * here behaves as the SPA does and no more: creating requests carry an Idempotency-Key and are
 * retried with it on a lost answer (web/src/api/client.ts), reads are retried as SWR retries them,
 * a part upload is retried as the interview's uploader retries it; every other 5xx reaches "the
 * browser" and is a failure. Afterwards the outcome is read from the stand-ins directly (the
 * functions alone go through the fault proxies).
 */
const CANDIDATES = 30;
const QUESTIONS = ['Tell us about yourself', 'What did you build last?', 'Why this team?'];
const SHORTLISTED = 10;
const CHECKOUTS = 5;
const PACK = 'pack_10_eur';
const FREE_CREDITS = 3;
const ATS_PEOPLE = 3;

// ---------------------------------------------------------------------------------------------
// The browser's client

/** Every answer "the browser" saw that a retry did not save: each a failure of the run. */
const unsaved: { operation: string; status: number; code?: string; requestId: string | null; attempts: number }[] = [];
/** Answers the client's retries saved, by operation and status: what the retries were for. */
const retried = new Map<string, number>();

const SWR_RETRY_DELAYS_MS = [1000, 2000]; // SWR: errorRetryCount 2 (web/src/app/provider.tsx), backoff
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const attempt = async <Op extends OperationId>(operationId: Op, options: CallOptions<Op>): Promise<ApiResponse> => {
  try {
    return await call(operationId, options);
  } catch {
    // No answer (the connection dropped, or the hang guard): what the SPA calls a network error.
    return { status: 0, body: undefined, text: '', headers: new Headers() };
  }
};

/**
 * One call as the SPA makes it (web/src/api/retry-policy.ts). A request that repeats safely (one
 * with an Idempotency-Key, one key for the action; a PUT or DELETE) is sent again twice on a lost
 * answer, a 502-504 or 'in progress', after the pause the SPA takes (Retry-After honoured); a GET
 * is retried on any 5xx as SWR does; any other POST is sent once. A 5xx left at the end is recorded
 * in `unsaved`.
 */
const browser = async <Op extends OperationId>(operationId: Op, options: CallOptions<Op>): Promise<ApiResponse> => {
  const route = operations[operationId] as { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; idempotent?: true };
  const sent = route.idempotent ? { ...options, headers: { ...options.headers, [IDEMPOTENCY_HEADER]: randomUUID() } } : options;
  const swr = route.method === 'GET';
  const retries = swr ? SWR_RETRY_DELAYS_MS.length : repeatsSafely(route) ? RETRY_DELAYS_MS.length : 0;
  const retriable = (res: ApiResponse) => (swr ? res.status === 0 || res.status >= 500 : worthRetrying(res.status, res.body?.code));
  const pause = (retry: number, res: ApiResponse) => (swr ? SWR_RETRY_DELAYS_MS[retry]! : retryDelayMs(retry, res.headers.get('retry-after')));
  let res = await attempt(operationId, sent);
  let attempts = 1;
  while (retriable(res) && attempts <= retries) {
    retried.set(`${operationId} ${res.status}`, (retried.get(`${operationId} ${res.status}`) ?? 0) + 1);
    await sleep(pause(attempts - 1, res));
    res = await attempt(operationId, sent);
    attempts += 1;
  }
  if (res.status === 0 || res.status >= 500) {
    unsaved.push({ operation: operationId, status: res.status, code: res.body?.code, requestId: res.headers.get('apigw-requestid'), attempts });
  }
  return res;
};

/** Calls `browser` and expects the status; the body on failure says why. */
const expectStatus = async <Op extends OperationId>(operationId: Op, options: CallOptions<Op>, status: number) => {
  const res = await browser(operationId, options);
  expect(res.status, `${operationId}: ${res.text.slice(0, 300)}`).toBe(status);
  return res;
};

/** The interview's uploader (web/src/features/interview-runner/multipart-upload.ts): each attempt asks for a fresh URL, backoff 0.5 s doubling. */
const uploadPart = async (token: string, answerId: string, partNumber: number, bytes: Uint8Array) => {
  for (let i = 0; ; i++) {
    const urls = await attempt('getAnswerPartUrls', { params: { token, answerId }, body: { part_numbers: [partNumber] } });
    if (urls.status >= 400 && urls.status < 500) throw new Error(`part URLs refused: ${urls.status} ${urls.text}`);
    if (urls.status === 200) {
      const url = (urls.body.parts as { upload_url: string }[])[0]!.upload_url;
      const put = await fetch(url, { method: 'PUT', body: Buffer.from(bytes), headers: { origin: baseUrl() } }).catch(() => undefined);
      const etag = put?.headers.get('etag');
      if (put?.ok && etag) return etag;
      retried.set(`part upload ${put?.status ?? 0}`, (retried.get(`part upload ${put?.status ?? 0}`) ?? 0) + 1);
    } else {
      retried.set(`getAnswerPartUrls ${urls.status}`, (retried.get(`getAnswerPartUrls ${urls.status}`) ?? 0) + 1);
    }
    if (i >= 7) throw new Error(`part ${partNumber} of ${answerId} not uploaded after ${i + 1} attempts`);
    await sleep(Math.min(15_000, 500 * 2 ** i));
  }
};

/** Runs `work` over `items`, `width` at a time. */
const inParallel = async <T, R>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> => {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
};

// ---------------------------------------------------------------------------------------------
// Reading the stand-ins directly

interface Mail {
  to: string[];
  subject: string;
  text: string;
}
const mailbox = async () => ((await (await fetch(`${baseUrl()}/_local/mail?format=json`)).json()) as { messages: Mail[] }).messages;

const faultState = async () =>
  (await (await fetch(`${baseUrl()}/_local/faults`)).json()) as {
    rules: { service: string; operation: string; fault: string; phase: string; injected: number }[];
    injected: Record<string, Record<string, number>>;
  };

const candidateItems = async (positionId: string) => {
  const items: Record<string, any>[] = [];
  let start: Record<string, any> | undefined;
  do {
    const page = await localDb().send(
      new QueryCommand({
        TableName: localEnv().TABLE_NAME,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.candidateByPosition(positionId, '', '').GSI1PK },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

/** The S3 key of a content href (a presigned or plain URL to the media bucket, path-style). */
const objectKey = (href: string) => {
  const { pathname } = new URL(href, baseUrl());
  const prefix = `/${localEnv().MEDIA_BUCKET}/`;
  return pathname.startsWith(prefix) ? decodeURIComponent(pathname.slice(prefix.length)) : null;
};

// ---------------------------------------------------------------------------------------------

interface Owner {
  email: string;
  sessionId: string;
  companyId: string;
}
let owner: Owner;
let clips: Uint8Array[];
const startedAt = Date.now();

const session = () => owner.sessionId;

beforeAll(async () => {
  // 1-second clips (two, spoken differently): the local pipeline transcodes and transcribes one at a time.
  clips = await Promise.all([makeClip(1), makeClip(1, 'i have built video products for ten years.')]).then((made) => made.map((clip) => clip.bytes));
  const email = uniqueEmail('soak-owner');
  const created = await expectStatus('createAccount', { body: { email, company_name: 'Soak Co', tags: [] } }, 201);
  const codeSent = await browser('sendMagicCode', { body: { email } });
  expect(codeSent.status).toBe(202);
  const code = /sign-in code is ([A-Z]{6})/.exec((await mailbox()).find((m) => m.to.includes(email))?.text ?? '')?.[1];
  expect(code).toBeTruthy();
  const signedIn = await expectStatus('createMagicCodeSession', { body: { email, shortnonce: code } }, 201);
  owner = { email, sessionId: signedIn.body.session_id, companyId: created.body.company_id };
});

afterAll(async () => {
  const { injected } = await faultState();
  const perService = Object.entries(injected).map(([service, byOperation]) => {
    const total = Object.values(byOperation).reduce((sum, n) => sum + n, 0);
    const top = Object.entries(byOperation)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([operation, n]) => `${operation} ${n}`)
      .join(', ');
    return `  ${service.padEnd(15)} ${String(total).padStart(5)}   (${top})`;
  });
  console.log(
    [
      `soak: faults injected per service, ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
      ...perService,
      `soak: answers the browser's retries saved: ${[...retried].map(([what, n]) => `${what} ×${n}`).join(', ') || 'none'}`,
      `soak: 5xx that reached the browser: ${unsaved.length}`,
    ].join('\n'),
  );
});

describe('the product under 10 % failing AWS, Stripe and ATS calls', () => {
  const purchased: number[] = [];
  let positionId: string;
  const invited: { candidateId: string; email: string; token: string }[] = [];
  let atsPositionId: string;
  let atsEmails: string[] = [];
  let submitted = 0;

  it(`completes ${CHECKOUTS} checkouts through the Stripe stand-in, each paid once`, async () => {
    const prices = (await expectStatus('listPrices', { session: session() }, 200)).body.prices as { lookup_key: string; price_id: string }[];
    const price = prices.find((p) => p.lookup_key === PACK)!;
    expect(price).toBeDefined();
    for (let i = 0; i < CHECKOUTS; i++) {
      const reference = randomUUID();
      const checkout = await expectStatus(
        'createCheckoutSession',
        {
          session: session(),
          body: {
            price_id: price.price_id,
            company_id: owner.companyId,
            frontend_reference_id: reference,
            success_url: `${baseUrl()}/#/companies/${owner.companyId}/confirm-checkout?frontendReferenceId=${reference}`,
            cancel_url: `${baseUrl()}/#/companies/${owner.companyId}/positions`,
          },
        },
        201,
      );
      await payOnStandIn(checkout.body.url, 'Pay');
      const bought = catalogPrice(PACK);
      purchased.push(bought?.kind === 'pack' ? bought.candidates : 0);
      await expect
        .poll(
          async () =>
            (await browser('getCheckoutSessionStatus', { params: { frontendReferenceId: reference }, session: session() })).body
              ?.checkout_session_status,
          { timeout: 60_000, interval: 500 },
        )
        .toBe('completed');
    }
    const plan = await expectStatus('getPlanStatus', { params: { companyId: owner.companyId }, session: session() }, 200);
    // Webhooks retried after a lost answer add nothing twice.
    expect(plan.body.candidate_packs_status.allocated).toBe(FREE_CREDITS + purchased.reduce((sum, n) => sum + n, 0));
  });

  it(`invites ${CANDIDATES} candidates by e-mail, each once`, async () => {
    const created = await expectStatus(
      'createPosition',
      {
        params: { companyId: owner.companyId },
        session: session(),
        body: { job_title: 'Soak engineer', interview: interviewFixture({ questions: QUESTIONS }) },
      },
      201,
    );
    positionId = created.body.position_id;
    const people = Array.from({ length: CANDIDATES }, (_, i) => ({ name: `Soak Candidate ${i + 1}`, email: uniqueEmail(`soak-${i + 1}`) }));
    const answers = await inParallel(people, 4, (person) =>
      browser('inviteCandidate', { params: { positionId }, session: session(), body: { candidate_name: person.name, email: person.email } }),
    );
    expect(answers.filter((res) => res.status !== 201).map((res) => `${res.status} ${res.text.slice(0, 200)}`)).toEqual([]);
    invited.push(
      ...answers.map((res, i) => ({
        candidateId: res.body.candidate_id as string,
        email: people[i]!.email,
        token: tokenFromHref(res.body.interview_href),
      })),
    );
    expect(new Set(invited.map((c) => c.candidateId)).size).toBe(CANDIDATES);
  });

  it(`lets every candidate answer ${QUESTIONS.length} questions, uploading through S3 faults`, async () => {
    expect(invited).toHaveLength(CANDIDATES);
    await inParallel(invited, 3, async ({ token }, c) => {
      expect((await browser('getInterview', { params: { token } })).status).toBe(200);
      for (const index of QUESTIONS.keys()) {
        const started = await expectStatus('startAnswer', { params: { token }, body: { question_index: index, content_type: 'video/webm' } }, 201);
        const answerId = started.body.answer_id as string;
        const etag = await uploadPart(token, answerId, 1, clips[(c + index) % clips.length]!);
        await expectStatus('submitAnswer', { params: { token, answerId }, body: { parts: [{ part_number: 1, etag }] } }, 200);
        submitted += 1;
      }
    });
  });

  it('processes every answer into a playable MP4 with captions', async () => {
    expect(submitted).toBe(CANDIDATES * QUESTIONS.length);
    // The team's candidate page as it waits: each candidate read until its answers are settled.
    const state = new Map<string, string[]>();
    const settled = (answers: string[] | undefined) =>
      answers?.length === QUESTIONS.length && answers.every((s) => !/processing|uploading|preparing/.test(s));
    const deadline = Date.now() + 600_000;
    for (;;) {
      await inParallel(
        invited.filter(({ candidateId }) => !settled(state.get(candidateId))),
        3,
        async ({ candidateId }) => {
          const res = await browser('getCandidate', { params: { candidateId }, session: session() });
          const answers = (res.body?.answers ?? []) as { video: { upload_status: string; captions: { captions_status: string } } }[];
          state.set(
            candidateId,
            answers.map((a) => `${a.video.upload_status}/${a.video.captions.captions_status}`),
          );
        },
      );
      if (invited.every(({ candidateId }) => settled(state.get(candidateId))) || Date.now() > deadline) break;
      await sleep(10_000);
    }
    const now = invited.map(({ candidateId }) => state.get(candidateId) ?? []);
    // A failed answer is shown with its media item's processing error (read directly), which says what failed.
    const failures = await Promise.all(
      (await candidateItems(positionId)).flatMap((item) =>
        Object.values((item.answers ?? {}) as Record<string, { mediaId?: string }>).map(async ({ mediaId }) => {
          if (!mediaId) return null;
          const media = (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.media(mediaId), ConsistentRead: true })))
            .Item;
          return media?.uploadStatus === 'ready' && media.captionsStatus === 'ready'
            ? null
            : `${mediaId} ${String(media?.uploadStatus)}/${String(media?.captionsStatus)}: ${JSON.stringify(media?.processingError ?? null)}`;
        }),
      ),
    );
    expect(failures.filter(Boolean)).toEqual([]);
    expect(now.flat().filter((s) => s !== 'ready/ready')).toEqual([]);
    expect(now.flat()).toHaveLength(CANDIDATES * QUESTIONS.length);

    // Each answer's MP4 in the bucket, read directly: it plays (video and audio streams), and its captions are there.
    const dir = await mkdtemp(path.join(tmpdir(), 'soak-mp4-'));
    let checked = 0;
    await inParallel(invited, 3, async ({ candidateId }) => {
      const res = await expectStatus('getCandidate', { params: { candidateId }, session: session() }, 200);
      for (const answer of res.body.answers as {
        answer_id: string;
        video: { variants: { content_href: string; content_type: string }[]; captions: { variants: { content_href: string }[] } };
      }[]) {
        const mp4 = answer.video.variants.find((v) => v.content_type === 'video/mp4');
        const mp4Key = mp4 && objectKey(mp4.content_href);
        expect(mp4Key, `answer ${answer.answer_id} has an MP4 in the bucket`).toBeTruthy();
        const object = await localS3().send(new GetObjectCommand({ Bucket: localEnv().MEDIA_BUCKET, Key: mp4Key! }));
        const file = path.join(dir, `${answer.answer_id}.mp4`);
        await writeFile(file, await object.Body!.transformToByteArray());
        const probe = await ffprobe(file);
        expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
        expect(Number(probe.format.duration)).toBeGreaterThan(0.5);
        expect(answer.video.captions.variants.length).toBeGreaterThan(0);
        for (const captions of answer.video.captions.variants) {
          const captionsKey = objectKey(captions.content_href);
          expect(captionsKey).toBeTruthy();
          const head = await localS3().send(new HeadObjectCommand({ Bucket: localEnv().MEDIA_BUCKET, Key: captionsKey! }));
          expect(head.ContentLength).toBeGreaterThan(0);
        }
        checked += 1;
      }
    });
    expect(checked).toBe(CANDIDATES * QUESTIONS.length);
  });

  it(`shortlists ${SHORTLISTED} and exports the position`, async () => {
    expect(invited).toHaveLength(CANDIDATES);
    for (const { candidateId } of invited.slice(0, SHORTLISTED)) {
      const res = await expectStatus('setCandidateStatus', { params: { candidateId, status: 'shortlist' }, session: session() }, 200);
      expect(res.body.current_status).toBe('shortlisted');
    }
    const exported = await expectStatus('exportCandidates', { params: { positionId }, session: session() }, 200);
    for (const { email } of invited) expect(exported.text).toContain(email);
  });

  it('syncs the tagged candidates of an ATS in once', async () => {
    const connected = await expectStatus(
      'createIntegration',
      {
        params: { companyId: owner.companyId },
        session: session(),
        body: {
          integration_type: 'greenhouse',
          auth_token: 'greenhouse-local-secret',
          username: 'greenhouse-local-client',
          integration_properties: { greenhouse: { automatic_stage_transitions: false } },
        },
      },
      201,
    );
    expect(connected.body.integration_type).toBe('greenhouse');
    const created = await expectStatus(
      'createPosition',
      {
        params: { companyId: owner.companyId },
        session: session(),
        body: { job_title: 'Soak ATS engineer', interview: interviewFixture({ questions: QUESTIONS.slice(0, 1) }) },
      },
      201,
    );
    atsPositionId = created.body.position_id;
    const tag = `soak-${randomUUID().slice(0, 8)}`;
    const position = (await expectStatus('getPosition', { params: { positionId: atsPositionId }, session: session() }, 200)).body;
    await expectStatus(
      'updatePosition',
      {
        params: { positionId: atsPositionId },
        session: session(),
        body: { ...position, integration_tags: [{ integration_type: 'greenhouse', tag }] },
      },
      200,
    );
    atsEmails = Array.from({ length: ATS_PEOPLE }, (_, i) => uniqueEmail(`soak-ats-${i + 1}`));
    for (const [i, email] of atsEmails.entries()) {
      const added = await fetch(`${baseUrl()}/_local/ats/greenhouse/candidates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `ATS Person ${i + 1}`, email, tag }),
      });
      expect(added.status).toBe(201);
    }
    // The schedule runs the sync again at its rate: a sync cut short by the ATS's 429s is finished by the next.
    const listed = async () =>
      (
        (await browser('listCandidates', { params: { positionId: atsPositionId }, session: session(), query: { tab: 'invited' } })).body
          ?.candidates ?? []
      ).length as number;
    for (let run = 0; run < 4 && (await listed()) < ATS_PEOPLE; run++) {
      const ran = await fetch(`${baseUrl()}/_local/schedules/syncIntegrations`, { method: 'POST' });
      expect([200, 500]).toContain(ran.status);
    }
    expect(await listed()).toBe(ATS_PEOPLE);
    // And once more: nobody is invited twice.
    await fetch(`${baseUrl()}/_local/schedules/syncIntegrations`, { method: 'POST' });
    expect(await listed()).toBe(ATS_PEOPLE);
    expect((await candidateItems(atsPositionId)).map((item) => item.email as string).sort()).toEqual([...atsEmails].sort());
  });

  it('leaves counts, credits and items in agreement', async () => {
    const items = await candidateItems(positionId);
    expect(items).toHaveLength(CANDIDATES);
    const byStatus = (status: string) => items.filter((item) => item.currentStatus === status).length;
    expect({ shortlisted: byStatus('shortlisted'), responded: byStatus('responded'), invited: byStatus('invited') }).toEqual({
      shortlisted: SHORTLISTED,
      responded: CANDIDATES - SHORTLISTED,
      invited: 0,
    });
    // The position's counts are by current status, moved in the same transactions as the items.
    const position = (await expectStatus('getPosition', { params: { positionId }, session: session() }, 200)).body;
    expect(position.candidates).toEqual({ invited: 0, responded: CANDIDATES - SHORTLISTED, shortlisted: SHORTLISTED, rejected: 0 });
    const atsPosition = (await expectStatus('getPosition', { params: { positionId: atsPositionId }, session: session() }, 200)).body;
    expect(atsPosition.candidates).toEqual({ invited: ATS_PEOPLE, responded: 0, shortlisted: 0, rejected: 0 });
    const plan = (await expectStatus('getPlanStatus', { params: { companyId: owner.companyId }, session: session() }, 200)).body;
    const bought = FREE_CREDITS + purchased.reduce((sum, n) => sum + n, 0);
    expect(plan.candidate_packs_status).toEqual({ allocated: bought, invited: CANDIDATES + ATS_PEOPLE, remaining: bought - CANDIDATES - ATS_PEOPLE });
  });

  it('sends no mail twice: one invitation to each candidate, no message repeated', async () => {
    const messages = await mailbox();
    const everyone = [...invited.map((c) => c.email), ...atsEmails];
    expect(everyone).toHaveLength(CANDIDATES + ATS_PEOPLE);
    for (const email of everyone) {
      const invitations = messages.filter((m) => m.to.includes(email) && m.subject.includes('invites you to a video interview'));
      expect(invitations, `invitations to ${email}`).toHaveLength(1);
    }
    const seen = new Map<string, number>();
    for (const m of messages) {
      const key = `${[...m.to].sort().join(',')}\n${m.subject}\n${m.text}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect([...seen].filter(([, n]) => n > 1).map(([key, n]) => `${n}× ${key.split('\n').slice(0, 2).join(' / ')}`)).toEqual([]);
  });

  it('let no 5xx reach the browser that a retry could have saved, and faults were injected in every service', async () => {
    expect(unsaved).toEqual([]);
    const { injected } = await faultState();
    // The services called often enough for one call in ten to fail (KMS, Secrets Manager, EventBridge and the ATS see a handful of calls).
    for (const service of ['dynamodb', 's3', 'ses', 'sfn', 'stripe'])
      expect(
        Object.values(injected[service] ?? {}).reduce((sum, n) => sum + n, 0),
        service,
      ).toBeGreaterThan(0);
  });
});
