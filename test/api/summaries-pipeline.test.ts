import { ListExecutionsCommand } from '@aws-sdk/client-sfn';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { summaryMonth } from '../../lambdas/contracts/summaries';
import { keys } from '../../lambdas/data/keys';
import { call } from '../support/api';
import { mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { allocateCredits, localDb, localEnv, localSfn } from '../support/aws';
import { bedrockRequests, forgeBedrockResponses, requestText } from '../support/bedrock';
import { answerQuestion, interviewAsking, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';

/**
 * The media pipeline's summarising step (issue 41) against the local stack: real recordings (spoken by
 * flite, transcribed by the local recognizer) and the Bedrock Runtime stand-in, which answers with an
 * extractive summary of the transcript in the request, or with what a test forged for a request of
 * its own (matched by the question's title, unique to each test). The phrase "weather station" is one
 * the recognizer gets right (test/api/answer-search.test.ts), said some 1.8 s into a 5 s clip.
 */
const SAID = 'my favourite project was a weather station for the school garden.';
const run = Math.random().toString(36).slice(2, 8);
const title = (what: string) => `${what} question ${run}`;

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
interface Answered {
  candidateId: string;
  answerId: string;
  title: string;
  email: string;
  name: string;
}

let clip: Uint8Array;

const setSummaries = async (owner: Owner, enabled: boolean) => {
  const res = await call('putSummaries', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { enabled, show_on_share_page: false },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

const companyWith = async (name: string, summaries: boolean): Promise<Owner> => {
  const owner = await registerAndSignIn(name);
  await allocateCredits(owner.companyId, 20);
  if (summaries) await setSummaries(owner, true);
  return owner;
};

/** A candidate (named, with an e-mail: neither may reach Bedrock) who answers one question with the clip. */
const answerOne = async (owner: Owner, questionTitle: string, name: string): Promise<Answered> => {
  const position = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: `Gardener ${run}`, interview: interviewAsking(questionTitle) },
  });
  expect(position.status).toBe(201);
  const email = uniqueEmail('candidate');
  const invited = await call('inviteCandidate', {
    params: { positionId: position.body.position_id },
    session: owner.sessionId,
    body: { candidate_name: name, email },
  });
  expect(invited.status).toBe(201);
  const { answerId } = await answerQuestion(tokenFromHref(invited.body.interview_href), 0, clip);
  return { candidateId: invited.body.candidate_id, answerId, title: questionTitle, email, name };
};

const answerItem = async (answer: Answered) =>
  (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.answer(answer.candidateId, 0), ConsistentRead: true }))).Item!;
const candidateItem = async (answer: Answered) =>
  (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidate(answer.candidateId), ConsistentRead: true }))).Item!;

/** The answer's pipeline run, once it has ended (the execution is named after the media id). */
const finishedRun = async (answer: Answered) => {
  const mediaId = (await answerItem(answer)).mediaId as string;
  // A plain loop, not expect.poll: beforeAll waits for a run too.
  const deadline = Date.now() + 300_000;
  let status: string | undefined;
  for (;;) {
    const { executions } = await localSfn().send(new ListExecutionsCommand({ stateMachineArn: localEnv().STATE_MACHINE_ARN! }));
    status = executions!.find((e) => e.name!.startsWith(mediaId))?.status;
    if (status && status !== 'RUNNING') break;
    if (Date.now() > deadline) throw new Error(`the pipeline run of ${mediaId} is still ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return { mediaId, status };
};

interface StoredSummary {
  status: string;
  points: { second: number; quote: string; text: string }[];
  droppedPoints: number;
  model: string;
  transcriptVersion: string;
}

/** The answer's stored summary once its run has ended. */
const summaryOf = async (answer: Answered) => {
  const ran = await finishedRun(answer);
  const item = await answerItem(answer);
  return { ...ran, item, summary: item.summary as StoredSummary | undefined };
};

const videoStatus = async (owner: Owner, answer: Answered) => {
  const res = await call('getCandidate', { params: { candidateId: answer.candidateId }, session: owner.sessionId });
  expect(res.status).toBe(200);
  return (res.body.answers as { video: { upload_status: string } }[])[0]!.video.upload_status;
};

describe('summarising answers in the media pipeline (issue 41)', () => {
  let off: Owner;
  let on: Owner;
  let budget: Owner;
  const answers: Record<'off' | 'plain' | 'forged' | 'failed' | 'paused' | 'pausedAgain', Answered> = {} as never;

  beforeAll(async () => {
    clip = (await makeClip(5, SAID)).bytes;
    [off, on, budget] = await Promise.all([
      companyWith('Summaries Off Co', false),
      companyWith('Summaries On Co', true),
      companyWith('Summaries Budget Co', true),
    ]);
    // Over the month's budget before anything is summarised: the usage item as the step would have left it.
    await localDb().send(
      new PutCommand({
        TableName: localEnv().TABLE_NAME,
        Item: { ...keys.summaryUsage(budget.companyId, summaryMonth(new Date())), inputTokens: 1_999_000, outputTokens: 1_000 },
      }),
    );
    await forgeBedrockResponses(
      {
        match: title('Forged'),
        toolInput: {
          points: [
            // Said at about 1.8 s: kept.
            { second: 2, quote: 'weather station', text: 'Built a weather station' },
            // A second outside the 5 s answer.
            { second: 42, quote: 'weather station', text: 'Outside the answer' },
            // Words nobody said.
            { second: 1, quote: 'I was the captain of the rowing team', text: 'Not in the transcript' },
          ],
        },
      },
      { match: title('Failed'), error: { status: 400, type: 'ValidationException', message: 'forged failure' } },
    );
    const [offAnswer, plain, forged, failed, paused] = await Promise.all([
      answerOne(off, title('Off'), 'Olive Offline'),
      answerOne(on, title('Plain'), 'Peggy Plainsong'),
      answerOne(on, title('Forged'), 'Fiona Forged'),
      answerOne(on, title('Failed'), 'Frank Failing'),
      answerOne(budget, title('Paused'), 'Paula Paused'),
    ]);
    Object.assign(answers, { off: offAnswer, plain, forged, failed, paused });
    // A second answer of the paused company after the first found the budget reached.
    await summaryOf(paused);
    answers.pausedAgain = await answerOne(budget, title('Paused again'), 'Pete Paused');
  }, 600_000);

  it('is off by default: the answer is processed, nothing is sent to Bedrock, no summary is stored', async () => {
    const { status, summary } = await summaryOf(answers.off);
    expect(status).toBe('SUCCEEDED');
    expect(summary).toBeUndefined();
    expect(await videoStatus(off, answers.off)).toBe('ready');
    expect(await bedrockRequests(answers.off.title)).toEqual([]);
    expect((await candidateItem(answers.off)).summaryOverview ?? null).toBeNull();
  });

  it('on: stores 2-5 points, each citing a second inside the answer and words of its transcript, and the overview', async () => {
    const { status, summary, mediaId } = await summaryOf(answers.plain);
    expect(status).toBe('SUCCEEDED');
    expect(summary).toMatchObject({ status: 'ready', droppedPoints: 0, model: 'amazon.nova-micro-v1:0' });
    expect(summary!.transcriptVersion).toMatch(new RegExp(`^${mediaId}`));
    expect(summary!.points.length).toBeGreaterThanOrEqual(1);
    expect(summary!.points.length).toBeLessThanOrEqual(5);
    const [request] = await bedrockRequests(answers.plain.title);
    const transcript = requestText(request!).toLowerCase();
    for (const point of summary!.points) {
      expect(point.second).toBeGreaterThanOrEqual(0);
      expect(point.second).toBeLessThanOrEqual(6);
      expect(transcript).toContain(point.quote.toLowerCase().replace(/[.,?!]/g, ''));
      expect(point.text.length).toBeGreaterThan(0);
    }
    expect(await videoStatus(on, answers.plain)).toBe('ready');
    // The candidate's overview, redone from the ready summary: lines citing this answer.
    const overview = (await candidateItem(answers.plain)).summaryOverview as { status: string; lines: { questionIndex: number; second: number }[] };
    expect(overview.status).toBe('ready');
    expect(overview.lines.length).toBeGreaterThan(0);
    expect(overview.lines.length).toBeLessThanOrEqual(3);
    for (const line of overview.lines) expect(line.questionIndex).toBe(0);
    // The wire: labelled machine-written.
    const wire = await call('getCandidate', { params: { candidateId: answers.plain.candidateId }, session: on.sessionId });
    expect((wire.body.answers as { summary: unknown }[])[0]!.summary).toMatchObject({ status: 'ready', machine_written: true });
  });

  it('sends the question and the transcript only, under a system prompt that forbids judging the candidate', async () => {
    await summaryOf(answers.plain);
    const requests = await bedrockRequests(answers.plain.title);
    // The answer's summary, then the candidate's overview.
    expect(requests.map((r) => r.toolConfig?.toolChoice?.tool?.name)).toEqual(['record_summary', 'record_overview']);
    const [summary] = requests;
    expect(summary!.modelId).toBe('amazon.nova-micro-v1:0');
    expect(summary!.inferenceConfig).toEqual({ temperature: 0, maxTokens: 800 });
    const system = summary!
      .system!.map((block) => block.text)
      .join(' ')
      .toLowerCase();
    for (const forbidden of ['score', 'rank', 'recommendation', 'suitability', 'personality', 'emotions', 'protected characteristics']) {
      expect(system).toContain(forbidden);
    }
    const text = requestText(summary!);
    expect(text).toContain(`Question: ${answers.plain.title}`);
    expect(text).toMatch(/Answer length: \d+ seconds/);
    expect(text).toMatch(/^\[\d+\.\ds\] .*weather station/m);
    // Nothing about the candidate besides what they said, in any request about them.
    for (const request of requests) {
      const body = JSON.stringify(request);
      expect(body).not.toContain(answers.plain.email);
      expect(body).not.toMatch(/[^\s@"]+@[^\s@"]+\.[a-z]{2,}/i);
      expect(body).not.toContain('Peggy');
      expect(body).not.toContain('Plainsong');
      expect(body).not.toContain('Summaries On Co');
      expect(body).not.toContain(`Gardener ${run}`);
      expect(body).not.toContain(answers.plain.candidateId);
    }
  });

  it('drops points citing a second outside the answer or words not in the transcript, and counts them', async () => {
    const { summary, status } = await summaryOf(answers.forged);
    expect(status).toBe('SUCCEEDED');
    expect(summary).toMatchObject({ status: 'ready', droppedPoints: 2 });
    expect(summary!.points).toEqual([{ second: 2, quote: 'weather station', text: 'Built a weather station' }]);
  });

  it('a failed call leaves the answer ready, the execution succeeded and the summary unavailable', async () => {
    const { summary, status } = await summaryOf(answers.failed);
    expect(status).toBe('SUCCEEDED');
    expect(summary).toMatchObject({ status: 'unavailable', points: [], droppedPoints: 0 });
    expect(await videoStatus(on, answers.failed)).toBe('ready');
    // One call, not retried (a ValidationException is not retryable), and no overview without a ready summary.
    expect((await bedrockRequests(answers.failed.title)).length).toBe(1);
    expect((await candidateItem(answers.failed)).summaryOverview ?? null).toBeNull();
  });

  it('pauses over the monthly token budget, without a Bedrock call, and tells the owners once', async () => {
    for (const answer of [answers.paused, answers.pausedAgain]) {
      const { summary, status } = await summaryOf(answer);
      expect(status).toBe('SUCCEEDED');
      expect(summary).toMatchObject({ status: 'paused', points: [] });
      expect(await videoStatus(budget, answer)).toBe('ready');
      expect(await bedrockRequests(answer.title)).toEqual([]);
    }
    const usage = (
      await localDb().send(
        new GetCommand({
          TableName: localEnv().TABLE_NAME,
          Key: keys.summaryUsage(budget.companyId, summaryMonth(new Date())),
          ConsistentRead: true,
        }),
      )
    ).Item!;
    expect(usage).toMatchObject({ inputTokens: 1_999_000, outputTokens: 1_000, budgetTokens: 2_000_000 });
    expect(typeof usage.pausedAt).toBe('string');
    const mails = (await mailTo(budget.email)).filter((mail) => mail.subject.includes('Summaries of Summaries Budget Co are paused'));
    expect(mails).toHaveLength(1);
  });

  it('records the tokens of the company that summarised', async () => {
    const usage = (
      await localDb().send(
        new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.summaryUsage(on.companyId, summaryMonth(new Date())), ConsistentRead: true }),
      )
    ).Item!;
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(0);
    expect(usage.pausedAt).toBeUndefined();
  });
});
