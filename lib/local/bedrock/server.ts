import { randomBytes } from 'node:crypto';
import { RestJsonError, startRestJsonService, type RestJsonRequest } from '../rest-json-service';
import { lastUserText, parseConverseRequest, type ConverseRequest } from './converse';
import { overviewLines, parseOverviewPrompt, parseTranscriptPrompt, summaryPoints, tokensOf } from './extractive';

/**
 * Amazon Bedrock Runtime, locally (issue 41): the Converse API as the official
 * `@aws-sdk/client-bedrock-runtime` calls it through AWS_ENDPOINT_URL_BEDROCK_RUNTIME, in its REST-JSON
 * protocol (lib/local/rest-json-service.ts): `POST /model/{modelId}/converse`, SigV4-signed for
 * `bedrock`; the answer `{ output: { message: { role: 'assistant', content } }, stopReason, usage,
 * metrics }`; errors as the SDK parses them (`x-amzn-errortype`, `{ message }`): ValidationException
 * 400 for a request Bedrock would refuse (./converse.ts), ResourceNotFoundException 404 for a model id
 * it does not serve, and any forged one.
 *
 * The model is extractive (./extractive.ts): the tool `record_summary` is answered with points picked
 * from the transcript lines in the request, `record_overview` with lines picked from the answers'
 * points, each with its real second and exact words. Tokens are counted as words × 1.3.
 *
 * Its control surface, for tests (not signed):
 * - `GET /_local/requests`: the Converse requests received, oldest first, each its JSON body with `modelId`;
 *   `DELETE /_local/requests` forgets them;
 * - `POST /_local/next-responses` `{ responses: [{ toolInput?, error?: { status, type, message }, match? }] }`
 *   queues forged answers: each is used once, by the next call whose body contains `match` (any call
 *   without it), in order: `toolInput` answers in place of the model's, `error` fails the call as
 *   Bedrock would (`ThrottlingException` 429, `ModelTimeoutException` 408, …). `GET` lists those
 *   still queued, `DELETE` drops them.
 */
export interface BedrockRuntimeLocalOptions {
  /** The model ids it serves (the stage's configured one); a call naming another is a ResourceNotFoundException. */
  models: readonly string[];
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

export interface BedrockRuntimeLocal {
  endpoint: string;
  stop(): Promise<void>;
}

export interface ForgedResponse {
  toolInput?: Record<string, unknown>;
  error?: { status: number; type: string; message?: string };
  /** Used only by a call whose request body contains this text. */
  match?: string;
}

/** How many received requests are kept (the oldest are forgotten first). */
const KEPT_REQUESTS = 500;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The served model a path's model id names: the id itself, its foundation-model ARN, or a cross-region inference profile of it. */
const servedModel = (models: readonly string[], modelId: string): string | undefined =>
  models.find(
    (model) =>
      modelId === model ||
      new RegExp(`^arn:aws:bedrock:[a-z0-9-]+::foundation-model/${model.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`).test(modelId) ||
      /^(us|eu|apac|global|us-gov|jp|au|ca)\.(.+)$/.exec(modelId)?.[2] === model,
  );

const forgedOf = (value: unknown, i: number): ForgedResponse => {
  const bad = (what: string) => new RestJsonError('BadRequest', 400, `responses.${i}: ${what}`);
  if (!isRecord(value)) throw bad('must be an object.');
  const { toolInput, error, match } = value;
  if (toolInput === undefined && error === undefined) throw bad('needs toolInput or error.');
  if (toolInput !== undefined && !isRecord(toolInput)) throw bad('toolInput must be an object.');
  if (match !== undefined && (typeof match !== 'string' || match === '')) throw bad('match must be non-empty text.');
  if (error !== undefined) {
    if (
      !isRecord(error) ||
      typeof error.type !== 'string' ||
      !Number.isInteger(error.status) ||
      (error.status as number) < 400 ||
      (error.status as number) > 599
    ) {
      throw bad('error must be { status: 400..599, type, message? }.');
    }
    if (error.message !== undefined && typeof error.message !== 'string') throw bad('error.message must be text.');
  }
  return value as ForgedResponse;
};

/** What the extractive model answers a tool with, from the last user message. */
const modelAnswer = (tool: string, text: string): Record<string, unknown> => {
  if (tool === 'record_overview') return { lines: overviewLines(parseOverviewPrompt(text)) };
  const { lines, durationSeconds } = parseTranscriptPrompt(text);
  return { points: summaryPoints(lines, durationSeconds) };
};

const toolFor = (request: ConverseRequest): string | undefined => {
  if (typeof request.toolChoice === 'object') return request.toolChoice.tool;
  if (request.toolChoice === 'any') return request.tools[0]?.name;
  return request.tools.find((tool) => tool.name === 'record_summary' || tool.name === 'record_overview')?.name;
};

/** Words of a tool input, its keys and numbers included: what the model "wrote". */
const outputTokensOf = (input: unknown) => tokensOf(JSON.stringify(input).replace(/[{}[\]",:]/g, ' '));

/** The answer cut to `maxTokens`: list entries dropped from the end until it fits, as a model stops at its limit. */
const withinLimit = (input: Record<string, unknown>, maxTokens: number | undefined): { input: Record<string, unknown>; cut: boolean } => {
  if (maxTokens === undefined) return { input, cut: false };
  const key = ['points', 'lines'].find((name) => Array.isArray(input[name]));
  let current = input;
  let cut = false;
  while (outputTokensOf(current) > maxTokens && key && (current[key] as unknown[]).length > 0) {
    current = { ...current, [key]: (current[key] as unknown[]).slice(0, -1) };
    cut = true;
  }
  return { input: current, cut };
};

export const startBedrockRuntimeLocal = async (options: BedrockRuntimeLocalOptions): Promise<BedrockRuntimeLocal> => {
  const requests: Record<string, unknown>[] = [];
  let forged: ForgedResponse[] = [];

  const converse = ({ params: [modelId], body }: RestJsonRequest) => {
    const startedAt = performance.now();
    requests.push({ modelId, ...body });
    if (requests.length > KEPT_REQUESTS) requests.splice(0, requests.length - KEPT_REQUESTS);
    const model = servedModel(options.models, modelId!);
    if (!model)
      throw new RestJsonError(
        'ResourceNotFoundException',
        404,
        `Model ${modelId} is not served here: the local stand-in serves ${options.models.join(', ')}.`,
      );
    const request = parseConverseRequest(body);
    const serialised = JSON.stringify(body);
    const forgedIndex = forged.findIndex((response) => response.match === undefined || serialised.includes(response.match));
    const forgedResponse = forgedIndex >= 0 ? forged.splice(forgedIndex, 1)[0] : undefined;
    if (forgedResponse?.error) {
      const { status, type, message } = forgedResponse.error;
      throw new RestJsonError(type, status, message ?? type);
    }
    const text = lastUserText(request);
    const inputTokens = tokensOf(
      [
        ...request.system.map((block) => block.text),
        ...request.messages.flatMap((m) => m.content.map((b) => (typeof b.text === 'string' ? b.text : ''))),
        ...request.tools.map((tool) => tool.description ?? ''),
      ].join(' '),
    );
    const tool = toolFor(request);
    let content: Record<string, unknown>[];
    let stopReason: string;
    let outputTokens: number;
    if (tool) {
      const answer = withinLimit(forgedResponse?.toolInput ?? modelAnswer(tool, text), request.inferenceConfig.maxTokens);
      content = [{ toolUse: { toolUseId: `tooluse_${randomBytes(11).toString('base64url')}`, name: tool, input: answer.input } }];
      stopReason = answer.cut ? 'max_tokens' : 'tool_use';
      outputTokens = outputTokensOf(answer.input);
    } else {
      // No tool to use: the points as plain text, one a line.
      const points = summaryPoints(parseTranscriptPrompt(text).lines);
      const reply =
        points.length > 0 ? points.map((point) => `[${point.second}s] "${point.quote}"`).join('\n') : 'There is no transcript to summarise.';
      content = [{ text: reply }];
      stopReason = 'end_turn';
      outputTokens = tokensOf(reply);
    }
    options.log?.('Bedrock stand-in: Converse', { modelId: model, tool, inputTokens, outputTokens, forged: forgedResponse !== undefined });
    return {
      output: { message: { role: 'assistant', content } },
      stopReason,
      usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
      metrics: { latencyMs: Math.max(1, Math.round(performance.now() - startedAt)) },
    };
  };

  const service = await startRestJsonService({
    name: 'Bedrock Runtime',
    signingName: 'bedrock',
    internalErrorType: 'InternalServerException',
    log: options.log,
    routes: [
      { method: 'POST', path: /^\/model\/([^/]+)\/converse$/, handle: converse },
      { method: 'GET', path: /^\/_local\/requests$/, handle: () => ({ requests }) },
      { method: 'DELETE', path: /^\/_local\/requests$/, handle: () => ({ cleared: requests.splice(0).length }) },
      {
        method: 'POST',
        path: /^\/_local\/next-responses$/,
        handle: ({ body }) => {
          if (!Array.isArray(body.responses)) throw new RestJsonError('BadRequest', 400, 'The body must be { responses: [...] }.');
          const queued = body.responses.map(forgedOf);
          forged.push(...queued);
          return { queued: queued.length, pending: forged.length };
        },
      },
      { method: 'GET', path: /^\/_local\/next-responses$/, handle: () => ({ responses: forged }) },
      {
        method: 'DELETE',
        path: /^\/_local\/next-responses$/,
        handle: () => {
          const dropped = forged.length;
          forged = [];
          return { dropped };
        },
      },
    ],
  });
  return service;
};
