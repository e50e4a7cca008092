import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { expect } from 'vitest';
import type { ForgedResponse } from '../../lib/local/bedrock/server';
import { localEnv } from './aws';

/**
 * The local Bedrock Runtime stand-in (lib/local/bedrock) from the tests: the Converse requests it
 * received, and answers forged for the next calls. The api test files share one stack and run side by
 * side, so a test reads the requests that carry its own text (`bedrockRequests('Question: …')`) and
 * gives its forged answers a `match` (text of its own request: the question title, a transcript word).
 * A forged retryable error (ThrottlingException 429, 5xx, ModelTimeoutException 408) is retried by the
 * SDK: forge one per attempt (the product's client makes 3), or a non-retryable one (ValidationException 400,
 * AccessDeniedException 403) to fail a call at once.
 */
export type { ForgedResponse };

/** A Converse request as received: its JSON body and the model id of its path. */
export interface BedrockRequest {
  modelId: string;
  messages: { role: string; content: { text?: string }[] }[];
  system?: { text?: string }[];
  inferenceConfig?: { maxTokens?: number; temperature?: number };
  toolConfig?: {
    tools: { toolSpec: { name: string; description?: string; inputSchema: { json: unknown } } }[];
    toolChoice?: { tool?: { name: string }; any?: object; auto?: object };
  };
}

/** The stand-in's own address (the functions reach it through a fault proxy). */
export const bedrockEndpoint = () => localEnv().AWS_ENDPOINT_URL_BEDROCK_RUNTIME!;

/** The official client pointed at the stand-in, with the stack's credentials. */
export const localBedrock = () =>
  new BedrockRuntimeClient({
    endpoint: bedrockEndpoint(),
    region: localEnv().AWS_REGION!,
    credentials: { accessKeyId: localEnv().AWS_ACCESS_KEY_ID!, secretAccessKey: localEnv().AWS_SECRET_ACCESS_KEY! },
  });

/** The user text of a request (its messages' text blocks). */
export const requestText = (request: BedrockRequest) =>
  request.messages.flatMap((message) => message.content.map((block) => block.text ?? '')).join('\n');

/** The Converse requests received so far, oldest first; with `containing`, those whose body contains it. */
export const bedrockRequests = async (containing?: string): Promise<BedrockRequest[]> => {
  const res = await fetch(`${bedrockEndpoint()}/_local/requests`);
  expect(res.status).toBe(200);
  const { requests } = (await res.json()) as { requests: BedrockRequest[] };
  return containing === undefined ? requests : requests.filter((request) => JSON.stringify(request).includes(containing));
};

/** Forgets every request received (tests running beside this one lose theirs too: prefer `bedrockRequests(containing)`). */
export const clearBedrockRequests = async (): Promise<void> => {
  const res = await fetch(`${bedrockEndpoint()}/_local/requests`, { method: 'DELETE' });
  expect(res.status).toBe(200);
};

/** Queues answers for the next Converse calls (each used once, by the first call its `match` finds). */
export const forgeBedrockResponses = async (...responses: ForgedResponse[]): Promise<void> => {
  const res = await fetch(`${bedrockEndpoint()}/_local/next-responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ responses }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
};

/** The forged answers not used yet. */
export const pendingBedrockResponses = async (): Promise<ForgedResponse[]> =>
  ((await fetch(`${bedrockEndpoint()}/_local/next-responses`).then((res) => res.json())) as { responses: ForgedResponse[] }).responses;

/** Drops every forged answer not used yet. */
export const dropForgedBedrockResponses = async (): Promise<void> => {
  await fetch(`${bedrockEndpoint()}/_local/next-responses`, { method: 'DELETE' });
};
