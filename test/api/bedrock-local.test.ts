import { randomUUID } from 'node:crypto';
import {
  AccessDeniedException,
  BedrockRuntimeClient,
  ConverseCommand,
  InternalServerException,
  ModelTimeoutException,
  ResourceNotFoundException,
  ThrottlingException,
  ValidationException,
  type ConverseCommandInput,
  type ToolSpecification,
} from '@aws-sdk/client-bedrock-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerPrompt,
  checkCitations,
  overviewPrompt,
  overviewToolSpec,
  parseOverviewInput,
  parseSummaryInput,
  summaryToolSpec,
  SYSTEM_PROMPT,
  transcriptLines,
} from '../../lambdas/domain/summaries';
import { DEFAULT_SUMMARY_MODEL_ID as MODEL_ID } from '../../lib/functions';
import { startFaultProxy, type FaultProxy } from '../../lib/local/faults/proxy';
import { createFaultRules } from '../../lib/local/faults/rules';
import { localEnv } from '../support/aws';
import { bedrockEndpoint, bedrockRequests, forgeBedrockResponses, localBedrock, pendingBedrockResponses, requestText } from '../support/bedrock';

/**
 * The Bedrock Runtime stand-in (lib/local/bedrock) of the run's local stack, through the official
 * `@aws-sdk/client-bedrock-runtime` (HTTP/2, as the product's client talks): the product's own prompt
 * (lambdas/domain/summaries.ts) answered in the tool's shape with the transcript's real seconds and
 * words, which the product's citation check keeps; Bedrock's errors parsed by the SDK as its exception
 * classes; unsigned calls refused; the request log; forged answers; and the fault proxy in front of it.
 * The stack is shared with other test files: each test finds its own requests by a text of its own.
 */
const tag = () => `Q-${randomUUID().slice(0, 8)}`;

/** Timed words as a transcription gives them: ~0.4 s a word, a pause between sentences. */
const timedWords = (sentences: string[], startAt = 0.5) => {
  const words: { content: string; start: number; end: number }[] = [];
  let t = startAt;
  for (const sentence of sentences) {
    for (const content of sentence.split(' ')) {
      words.push({ content, start: Math.round(t * 100) / 100, end: Math.round((t + 0.35) * 100) / 100 });
      t += 0.4;
    }
    t += 1.6;
  }
  return { words, duration: Math.ceil(t) };
};

const SENTENCES = [
  'Hello, thanks for having me.',
  'I led the migration of our billing system to a new database over six months.',
  'We cut the nightly batch from four hours to twenty minutes by streaming the changes.',
  'The hardest part was keeping invoices correct while both systems ran side by side.',
  'Thanks.',
];

const converse = (text: string, tool: ToolSpecification = summaryToolSpec as unknown as ToolSpecification): ConverseCommandInput => ({
  modelId: MODEL_ID,
  system: [{ text: SYSTEM_PROMPT }],
  messages: [{ role: 'user', content: [{ text }] }],
  inferenceConfig: { temperature: 0, maxTokens: 800 },
  toolConfig: { tools: [{ toolSpec: tool }], toolChoice: { tool: { name: tool.name! } } },
});

const failure = async (promise: Promise<unknown>): Promise<Error & { $metadata?: { httpStatusCode?: number } }> => {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
};

/** A client that does not retry, so one forged error is one failed call. */
const onceClient = (endpoint = bedrockEndpoint()) =>
  new BedrockRuntimeClient({
    endpoint,
    region: localEnv().AWS_REGION!,
    credentials: { accessKeyId: localEnv().AWS_ACCESS_KEY_ID!, secretAccessKey: localEnv().AWS_SECRET_ACCESS_KEY! },
    maxAttempts: 1,
  });

describe('the Bedrock Runtime stand-in (Converse, through the SDK)', () => {
  it("answers the product's summary prompt with points in the tool's shape, citing the transcript's real seconds and words", async () => {
    const question = `Tell us about a project you led (${tag()})`;
    const { words, duration } = timedWords(SENTENCES);
    const lines = transcriptLines(words);
    const response = await localBedrock().send(new ConverseCommand(converse(answerPrompt(question, duration, lines))));

    expect(response.stopReason).toBe('tool_use');
    const toolUse = response.output?.message?.content?.find((block) => block.toolUse)?.toolUse;
    expect(toolUse).toMatchObject({ name: 'record_summary', toolUseId: expect.stringMatching(/^tooluse_/) });
    const parsed = parseSummaryInput(toolUse!.input)!;
    expect(parsed.malformed).toBe(0);
    expect(parsed.points.length).toBeGreaterThanOrEqual(2);
    expect(parsed.points.length).toBeLessThanOrEqual(5);
    // Each point's second is the start of the line it quotes, and its quote is that line's words.
    for (const point of parsed.points) {
      const line = lines.find((l) => l.second === point.second);
      expect(line, `no line starts at ${point.second}`).toBeDefined();
      expect(line!.text).toContain(point.quote);
      expect(point.text.length).toBeGreaterThan(0);
    }
    // The content-bearing sentences, in time order; the greeting and the thanks left out.
    expect(parsed.points.map((point) => point.quote)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^I led the migration/), expect.stringMatching(/^We cut the nightly batch/)]),
    );
    expect(parsed.points.map((p) => p.second)).toEqual([...parsed.points.map((p) => p.second)].sort((a, b) => a - b));
    expect(parsed.points.some((point) => /^(Hello|Thanks)/.test(point.quote))).toBe(false);
    // The product's citation check keeps every point, against the timed words and against the lines.
    expect(checkCitations(parsed.points, { words }, duration)).toMatchObject({ dropped: 0 });
    expect(checkCitations(parsed.points, { lines }, duration)).toMatchObject({ dropped: 0 });
    // Tokens: words × 1.3, rounded.
    expect(response.usage!.inputTokens).toBeGreaterThan(0);
    expect(response.usage!.outputTokens).toBeGreaterThan(0);
    expect(response.usage!.totalTokens).toBe(response.usage!.inputTokens! + response.usage!.outputTokens!);
    expect(response.metrics!.latencyMs).toBeGreaterThanOrEqual(1);
  });

  it('answers a one-sentence answer with points from stretches of it, each still within the check', async () => {
    const question = `Say a sentence (${tag()})`;
    const { words, duration } = timedWords([
      'My favourite part of the job is pairing with new engineers on their first production change every week.',
    ]);
    const lines = transcriptLines(words);
    const response = await localBedrock().send(new ConverseCommand(converse(answerPrompt(question, duration, lines))));
    const parsed = parseSummaryInput(response.output!.message!.content![0]!.toolUse!.input)!;
    expect(parsed.points.length).toBe(2);
    expect(checkCitations(parsed.points, { words }, duration)).toMatchObject({ dropped: 0 });
  });

  it('answers the overview prompt with at most 3 lines, one per answer first, from their points', async () => {
    const title = tag();
    const text = overviewPrompt([
      {
        questionIndex: 0,
        title: `First ${title}`,
        points: [{ second: 3.2, quote: 'I led the migration', text: 'Led the billing migration over six months.' }],
      },
      {
        questionIndex: 1,
        title: `Second ${title}`,
        points: [
          { second: 1.0, quote: 'we cut the batch', text: 'Cut the nightly batch to twenty minutes.' },
          { second: 8.5, quote: 'invoices stayed correct', text: 'Kept invoices correct during the move.' },
        ],
      },
      { questionIndex: 2, title: `Third ${title}`, points: [{ second: 2.0, quote: 'I mentor', text: 'Mentors new engineers weekly.' }] },
      { questionIndex: 3, title: `Fourth ${title}`, points: [{ second: 4.0, quote: 'on call', text: 'Shares the on-call rota.' }] },
    ]);
    const response = await localBedrock().send(new ConverseCommand(converse(text, overviewToolSpec as unknown as ToolSpecification)));
    const toolUse = response.output!.message!.content![0]!.toolUse!;
    expect(toolUse.name).toBe('record_overview');
    const lines = parseOverviewInput(toolUse.input)!;
    expect(lines).toEqual([
      { text: 'Led the billing migration over six months.', questionIndex: 0, second: 3.2, quote: 'I led the migration' },
      { text: expect.any(String), questionIndex: 1, second: expect.any(Number), quote: expect.any(String) },
      { text: 'Mentors new engineers weekly.', questionIndex: 2, second: 2.0, quote: 'I mentor' },
    ]);
  });

  it('keeps each Converse request it received, with its model id, newest last', async () => {
    const question = `Logged ${tag()}`;
    await localBedrock().send(new ConverseCommand(converse(answerPrompt(question, 10, [{ second: 0.5, text: 'One short answer sentence here.' }]))));
    const received = await bedrockRequests(question);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      modelId: MODEL_ID,
      system: [{ text: SYSTEM_PROMPT }],
      inferenceConfig: { temperature: 0, maxTokens: 800 },
      toolConfig: { toolChoice: { tool: { name: 'record_summary' } } },
    });
    expect(requestText(received[0]!)).toContain('[0.5s] One short answer sentence here.');
    const all = await bedrockRequests();
    expect(all.at(-1)).toEqual(received[0]);
  });

  it('answers with forged tool input and forged errors, each used once by the call it matches', async () => {
    const question = `Forged ${tag()}`;
    const text = answerPrompt(question, 12, [{ second: 1, text: 'An answer about testing things.' }]);
    await forgeBedrockResponses(
      { match: question, toolInput: { points: [{ second: 99, quote: 'words never said', text: 'Made up.' }] } },
      { match: question, error: { status: 400, type: 'ValidationException', message: 'Forged refusal.' } },
    );
    const forged = await localBedrock().send(new ConverseCommand(converse(text)));
    expect(forged.output!.message!.content![0]!.toolUse!.input).toEqual({ points: [{ second: 99, quote: 'words never said', text: 'Made up.' }] });
    const refused = await failure(localBedrock().send(new ConverseCommand(converse(text))));
    expect(refused).toBeInstanceOf(ValidationException);
    expect(refused.message).toBe('Forged refusal.');
    // Used up: the model answers again.
    const answered = await localBedrock().send(new ConverseCommand(converse(text)));
    expect(parseSummaryInput(answered.output!.message!.content![0]!.toolUse!.input)!.points[0]).toMatchObject({ second: 1 });
    expect((await pendingBedrockResponses()).filter((response) => response.match === question)).toEqual([]);
  });

  it.each([
    [429, 'ThrottlingException', ThrottlingException],
    [408, 'ModelTimeoutException', ModelTimeoutException],
    [403, 'AccessDeniedException', AccessDeniedException],
    [500, 'InternalServerException', InternalServerException],
  ])('a forged %i %s is parsed by the SDK as its exception class', async (status, type, exceptionClass) => {
    const question = `Error ${type} ${tag()}`;
    await forgeBedrockResponses({ match: question, error: { status, type, message: `Forged ${type}.` } });
    const error = await failure(
      onceClient().send(new ConverseCommand(converse(answerPrompt(question, 5, [{ second: 0, text: 'Hi there friends.' }])))),
    );
    expect(error).toBeInstanceOf(exceptionClass);
    expect(error.message).toBe(`Forged ${type}.`);
    expect(error.$metadata?.httpStatusCode).toBe(status);
  });

  it('refuses what Bedrock refuses: an unknown model, no messages, a tool choice naming no tool, a conversation not starting with the user', async () => {
    const text = answerPrompt(`Refused ${tag()}`, 5, [{ second: 0, text: 'Hi there.' }]);
    const unknownModel = await failure(localBedrock().send(new ConverseCommand({ ...converse(text), modelId: 'anthropic.claude-unknown-v9:0' })));
    expect(unknownModel).toBeInstanceOf(ResourceNotFoundException);
    expect(unknownModel.$metadata?.httpStatusCode).toBe(404);

    const noMessages = await failure(localBedrock().send(new ConverseCommand({ ...converse(text), messages: [] })));
    expect(noMessages).toBeInstanceOf(ValidationException);
    expect(noMessages.message).toMatch(/messages/);

    const wrongTool = await failure(
      localBedrock().send(
        new ConverseCommand({
          ...converse(text),
          toolConfig: { tools: [{ toolSpec: summaryToolSpec as unknown as ToolSpecification }], toolChoice: { tool: { name: 'record_score' } } },
        }),
      ),
    );
    expect(wrongTool).toBeInstanceOf(ValidationException);
    expect(wrongTool.message).toMatch(/record_score/);

    const assistantFirst = await failure(
      localBedrock().send(new ConverseCommand({ ...converse(text), messages: [{ role: 'assistant', content: [{ text: 'Sure.' }] }] })),
    );
    expect(assistantFirst).toBeInstanceOf(ValidationException);

    // The model id in the path may be its foundation-model ARN or a cross-region profile of it.
    const byArn = await localBedrock().send(
      new ConverseCommand({ ...converse(text), modelId: `arn:aws:bedrock:us-east-1::foundation-model/${MODEL_ID}` }),
    );
    expect(byArn.stopReason).toBe('tool_use');
  });

  it('refuses an unsigned call as AWS does (403 MissingAuthenticationTokenException)', async () => {
    const res = await fetch(`${bedrockEndpoint()}/model/${encodeURIComponent(MODEL_ID)}/converse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: [{ text: 'hello' }] }] }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    expect(await res.json()).toEqual({ message: 'Missing Authentication Token' });
  });

  it('is reached through HTTP/1.1 as well as HTTP/2 (its control surface by fetch)', async () => {
    const res = await fetch(`${bedrockEndpoint()}/_local/next-responses`, { method: 'POST', body: JSON.stringify({ responses: [{}] }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/toolInput or error/);
  });
});

describe('the fault proxy in front of the Bedrock stand-in (as the functions reach it)', () => {
  const rules = createFaultRules();
  let proxy: FaultProxy;
  beforeAll(async () => {
    proxy = await startFaultProxy({ service: 'bedrock', target: bedrockEndpoint(), rules });
  });
  afterAll(() => proxy.stop());

  it("passes the SDK's HTTP/2 calls through, and fails Converse with a fault rule's error", async () => {
    const question = `Proxied ${tag()}`;
    const text = answerPrompt(question, 5, [{ second: 0, text: 'An answer through the proxy.' }]);
    const passed = await onceClient(proxy.endpoint).send(new ConverseCommand(converse(text)));
    expect(passed.stopReason).toBe('tool_use');
    expect(await bedrockRequests(question)).toHaveLength(1);

    rules.add({ service: 'bedrock', operation: 'Converse', fault: 'ThrottlingException', status: 429, count: 1, match: question });
    const throttled = await failure(onceClient(proxy.endpoint).send(new ConverseCommand(converse(text))));
    expect(throttled).toBeInstanceOf(ThrottlingException);
    expect(throttled.$metadata?.httpStatusCode).toBe(429);
    // The stand-in never saw the failed call.
    expect(await bedrockRequests(question)).toHaveLength(1);
  });
});
