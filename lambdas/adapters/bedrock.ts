import { BedrockRuntimeClient, ConverseCommand, type ToolInputSchema } from '@aws-sdk/client-bedrock-runtime';
import { readEnv } from '../platform/env';
import { sdkClientSettings } from '../platform/sdk-config';
import { SUMMARY_MAX_TOKENS, SYSTEM_PROMPT } from '../domain/summaries';

/**
 * Amazon Bedrock Runtime's Converse API (issue 41), through the official SDK: one user message, the
 * summaries' system prompt, temperature 0, and one tool the model must answer with (structured
 * output). The endpoint is the SDK's AWS_ENDPOINT_URL_BEDROCK_RUNTIME locally (the stand-in), the
 * region's in AWS; retries are the ones chosen for every client (lambdas/platform/sdk-config.ts).
 */
const bedrock = /* @__PURE__ */ new BedrockRuntimeClient(/* @__PURE__ */ sdkClientSettings('bedrockRuntime'));

/** A tool the model answers with: its name, what it is for and its input's JSON schema (lambdas/domain/summaries.ts). */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: { readonly json: object };
}

export interface ToolAnswer {
  /** The tool input the model gave, or null when it answered without calling the tool. */
  input: unknown;
  usage: { inputTokens: number; outputTokens: number };
  model: string;
}

/** The configured model (SUMMARY_MODEL_ID, from the CDK configuration). */
export const summaryModelId = (): string => readEnv('SUMMARY_MODEL_ID').SUMMARY_MODEL_ID;

/** Asks the model for `tool`'s input about `text`; throws the SDK's error when the call fails after its retries. */
export const converseWithTool = async (tool: ToolDefinition, text: string): Promise<ToolAnswer> => {
  const model = summaryModelId();
  const response = await bedrock.send(
    new ConverseCommand({
      modelId: model,
      system: [{ text: SYSTEM_PROMPT }],
      messages: [{ role: 'user', content: [{ text }] }],
      inferenceConfig: { temperature: 0, maxTokens: SUMMARY_MAX_TOKENS },
      toolConfig: {
        tools: [
          {
            toolSpec: {
              name: tool.name,
              description: tool.description,
              inputSchema: { json: tool.inputSchema.json as ToolInputSchema.JsonMember['json'] },
            },
          },
        ],
        toolChoice: { tool: { name: tool.name } },
      },
    }),
  );
  const toolUse = response.output?.message?.content?.find((block) => block.toolUse?.name === tool.name)?.toolUse;
  return {
    input: toolUse?.input ?? null,
    usage: { inputTokens: response.usage?.inputTokens ?? 0, outputTokens: response.usage?.outputTokens ?? 0 },
    model,
  };
};
