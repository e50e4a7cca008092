import { RestJsonError } from '../rest-json-service';

/**
 * A Converse request checked as Bedrock Runtime checks it, before any model sees it: a
 * ValidationException (400) names what is wrong. Only what the product and the SDK send is modelled
 * (text content, tool use and results, system text, inference configuration, tools and tool choice).
 */
export interface ConverseMessage {
  role: 'user' | 'assistant';
  content: Record<string, unknown>[];
}

export interface ToolSpec {
  name: string;
  description?: string;
  inputSchema: { json: unknown };
}

export interface ConverseRequest {
  messages: ConverseMessage[];
  system: { text: string }[];
  inferenceConfig: { maxTokens?: number; temperature?: number; topP?: number; stopSequences?: string[] };
  tools: ToolSpec[];
  /** The tool the model must use (`toolChoice.tool`), `any` for one of them, or `auto`. */
  toolChoice: { tool: string } | 'any' | 'auto';
}

const validation = (message: string) => new RestJsonError('ValidationException', 400, message);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const CONTENT_KINDS = ['text', 'toolUse', 'toolResult', 'image', 'document', 'cachePoint'];

const numberIn = (config: Record<string, unknown>, name: string, min: number, max: number, integer = false): number | undefined => {
  const value = config[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    throw validation(`inferenceConfig.${name} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}.`);
  }
  return value;
};

const messagesOf = (value: unknown): ConverseMessage[] => {
  if (!Array.isArray(value) || value.length === 0) throw validation('messages is required and must hold at least one message.');
  return value.map((message, i) => {
    if (!isRecord(message) || (message.role !== 'user' && message.role !== 'assistant')) {
      throw validation(`messages.${i}.role must be user or assistant.`);
    }
    if (i === 0 && message.role !== 'user')
      throw validation('A conversation must start with a user message. Try again with a conversation that starts with a user message.');
    if (i > 0 && (value[i - 1] as ConverseMessage).role === message.role) {
      throw validation(
        'A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.',
      );
    }
    const content = message.content;
    if (!Array.isArray(content) || content.length === 0) throw validation(`messages.${i}.content must hold at least one content block.`);
    for (const [j, block] of content.entries()) {
      const kinds = isRecord(block) ? Object.keys(block).filter((key) => block[key] !== undefined) : [];
      if (kinds.length !== 1 || !CONTENT_KINDS.includes(kinds[0]!)) {
        throw validation(`messages.${i}.content.${j} must be one content block (${CONTENT_KINDS.join(', ')}).`);
      }
      if (kinds[0] === 'text' && (typeof block.text !== 'string' || block.text.trim() === '')) {
        throw validation(`messages.${i}.content.${j}.text must be non-blank text.`);
      }
    }
    return { role: message.role, content: content as Record<string, unknown>[] };
  });
};

const toolsOf = (toolConfig: unknown): Pick<ConverseRequest, 'tools' | 'toolChoice'> => {
  if (toolConfig === undefined || toolConfig === null) return { tools: [], toolChoice: 'auto' };
  if (!isRecord(toolConfig) || !Array.isArray(toolConfig.tools) || toolConfig.tools.length === 0) {
    throw validation('toolConfig.tools must hold at least one tool.');
  }
  const tools = toolConfig.tools.map((tool, i) => {
    const spec = isRecord(tool) ? tool.toolSpec : undefined;
    if (!isRecord(spec)) throw validation(`toolConfig.tools.${i}.toolSpec is required.`);
    if (typeof spec.name !== 'string' || !TOOL_NAME.test(spec.name)) throw validation(`toolConfig.tools.${i}.toolSpec.name must match ${TOOL_NAME}.`);
    if (!isRecord(spec.inputSchema) || !isRecord(spec.inputSchema.json)) {
      throw validation(`toolConfig.tools.${i}.toolSpec.inputSchema.json must be a JSON schema object.`);
    }
    return {
      name: spec.name,
      description: typeof spec.description === 'string' ? spec.description : undefined,
      inputSchema: { json: spec.inputSchema.json },
    };
  });
  if (new Set(tools.map((tool) => tool.name)).size !== tools.length) throw validation('toolConfig.tools must not name a tool twice.');
  const choice = toolConfig.toolChoice;
  if (choice === undefined || choice === null) return { tools, toolChoice: 'auto' };
  const kinds = isRecord(choice) ? Object.keys(choice).filter((key) => choice[key] !== undefined) : [];
  if (kinds.length !== 1 || !['auto', 'any', 'tool'].includes(kinds[0]!)) throw validation('toolConfig.toolChoice must be one of auto, any or tool.');
  if (kinds[0] !== 'tool') return { tools, toolChoice: kinds[0] as 'auto' | 'any' };
  const named = (choice as { tool?: { name?: unknown } }).tool?.name;
  if (typeof named !== 'string' || !tools.some((tool) => tool.name === named)) {
    throw validation(`toolConfig.toolChoice.tool.name ${JSON.stringify(named)} is not one of the tools in toolConfig.tools.`);
  }
  return { tools, toolChoice: { tool: named } };
};

export const parseConverseRequest = (body: Record<string, unknown>): ConverseRequest => {
  const messages = messagesOf(body.messages);
  const system = body.system ?? [];
  if (!Array.isArray(system) || system.some((block) => !isRecord(block) || (block.text !== undefined && typeof block.text !== 'string'))) {
    throw validation('system must be a list of content blocks.');
  }
  const config = body.inferenceConfig ?? {};
  if (!isRecord(config)) throw validation('inferenceConfig must be an object.');
  const inferenceConfig = {
    maxTokens: numberIn(config, 'maxTokens', 1, 10_000, true),
    temperature: numberIn(config, 'temperature', 0, 1),
    topP: numberIn(config, 'topP', 0, 1),
  };
  return {
    messages,
    system: system.filter((block): block is { text: string } => typeof (block as { text?: unknown }).text === 'string'),
    inferenceConfig,
    ...toolsOf(body.toolConfig),
  };
};

/** The text of the conversation's last user message (what the model answers). */
export const lastUserText = (request: ConverseRequest): string =>
  request.messages
    .filter((message) => message.role === 'user')
    .at(-1)!
    .content.map((block) => (typeof block.text === 'string' ? block.text : ''))
    .join('\n');
