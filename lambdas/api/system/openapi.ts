import * as z from 'zod/mini';
import { errorResponseSchema, type Contract } from '../../contracts/contract';
import { keyToSnakeCase } from '../../contracts/wire-case';
import { API_PREFIX, routeEntries } from '../../operations/index';
import type { Operation } from '../../operations/operation';
import {
  API_KEY_BURST,
  API_KEY_PREFIX,
  API_KEY_REFILL_PER_SECOND,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  API_KEY_SECURITY_SCHEME,
} from '../../contracts/api-keys';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER, SESSION_HEADER } from '../../contracts/vocabulary';
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TOLERANCE_SECONDS,
  webhookEnvelopeSchema,
} from '../../contracts/webhook-events';

/**
 * Builds the OpenAPI 3.1 document from the route table and the zod contracts. JSON Schemas come
 * from zod's own converter; property names are converted to the wire's snake_case, except the
 * names of path parameters: those stay exactly as the path template writes them (`{companyId}`,
 * the keys API Gateway puts in `pathParameters` and the contracts' `params` use), so every path
 * parameter matches its template.
 */
const rawJsonSchema = (schema: z.ZodMiniType): Record<string, unknown> => {
  const converted = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete converted.$schema;
  return converted;
};

const jsonSchema = (schema: z.ZodMiniType): Record<string, unknown> => snakeCaseSchema(rawJsonSchema(schema)) as Record<string, unknown>;

/** Converts property names (and `required` entries) of a JSON Schema to snake_case, recursively. */
const snakeCaseSchema = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(snakeCaseSchema);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, inner]) => [keyToSnakeCase(name), snakeCaseSchema(inner)]));
    } else if (key === 'required' && Array.isArray(value)) {
      out.required = value.map((name) => keyToSnakeCase(String(name)));
    } else {
      out[key] = snakeCaseSchema(value);
    }
  }
  return out;
};

interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

/** Path parameters keep their names (the template's); query parameters take the wire's snake_case. */
const parameters = (contract: Contract, location: 'path' | 'query') => {
  const schema = location === 'path' ? contract.params : contract.query;
  if (!schema) return [];
  const converted = (location === 'path' ? rawJsonSchema(schema) : jsonSchema(schema)) as ObjectSchema;
  return Object.entries(converted.properties ?? {}).map(([name, inner]) => ({
    name,
    in: location,
    // OpenAPI requires every path parameter to be required.
    required: location === 'path' || (converted.required ?? []).includes(name),
    schema: location === 'path' ? snakeCaseSchema(inner) : inner,
  }));
};

/** A creating operation's optional key (lambdas/platform/idempotency.ts). */
const idempotencyParameter = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description: `A key of your choosing (a UUID) for this request: a repeat with the same key within 24 hours answers the first response (with \`${IDEMPOTENT_REPLAY_HEADER}: true\`) and does nothing twice.`,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

const errorContent = { 'application/json': { schema: jsonSchema(errorResponseSchema) } };

/**
 * The OpenAPI 3.1 `webhooks`: what a company's endpoints receive (lambdas/contracts/webhook-events.ts),
 * one entry per event type with its envelope and `data` schema and the delivery's headers.
 */
const webhookHeaders = [
  {
    name: WEBHOOK_HEADERS.signature,
    in: 'header',
    required: true,
    description: `\`t=<unix seconds>,v1=<signature>\`: the signature is the hex HMAC-SHA256, under the endpoint's signing secret, of \`<t>.<raw body>\`. While a rotated secret still overlaps its successor there is one \`v1=\` per secret; accept the delivery when one matches (compare in constant time) and \`t\` is at most ${WEBHOOK_TOLERANCE_SECONDS} seconds old, so a replay is refused.`,
    schema: { type: 'string' },
  },
  {
    name: WEBHOOK_HEADERS.eventId,
    in: 'header',
    required: true,
    description: "The event's id (the body's `id`): the same on every attempt and on a resend. Deliveries are at least once: de-duplicate by it.",
    schema: { type: 'string' },
  },
  {
    name: WEBHOOK_HEADERS.attempt,
    in: 'header',
    required: true,
    description: 'The attempt, 1 on the first.',
    schema: { type: 'integer', minimum: 1 },
  },
];

const webhooksSection = () =>
  Object.fromEntries(
    [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].map((type) => [
      type,
      {
        post: {
          summary: type,
          description: WEBHOOK_EVENT_DESCRIPTIONS[type],
          security: [],
          parameters: webhookHeaders,
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(webhookEnvelopeSchema(type)) } } },
          responses: {
            '2XX': { description: 'Received. Any other answer, or none in time, is retried with exponential backoff for at least 24 hours.' },
          },
        },
      },
    ]),
  );

export interface OpenApiSources {
  /** The operations (id, operation); every operation of the API by default. */
  readonly routes?: readonly (readonly [string, Operation])[];
}

export const buildOpenApiDocument = (sources: OpenApiSources = {}) => {
  const entries = sources.routes ?? routeEntries;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, route] of entries) {
    const contract: Contract = route;
    const path = `${API_PREFIX}${route.path}`;
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId,
      summary: contract.summary,
      ...(route.auth === 'public' ? { security: [] } : {}),
      // A route an API key may call lists the key's scheme with the scope it needs (OpenAPI 3.1 allows scopes on any scheme).
      ...(route.auth === 'session' && route.apiKeyScope
        ? { security: [{ session: [] }, { [API_KEY_SECURITY_SCHEME]: [route.apiKeyScope] }], 'x-api-key-scope': route.apiKeyScope }
        : {}),
      parameters: [...parameters(contract, 'path'), ...parameters(contract, 'query'), ...(route.idempotent ? [idempotencyParameter] : [])],
      ...(contract.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(contract.body) } } } } : {}),
      responses: {
        [String(contract.successStatus ?? 200)]: {
          description: 'Success',
          ...(contract.successStatus === 204 ? {} : { content: { 'application/json': { schema: jsonSchema(contract.response) } } }),
        },
        '400': { description: 'Validation failed (`detail` is a list of `{loc, msg, type}`)', content: errorContent },
        ...(route.auth === 'public' ? {} : { '401': { description: 'No valid session (or API key)', content: errorContent } }),
        ...(route.auth === 'session' && route.apiKeyScope
          ? {
              '403': { description: `An API key without the scope \`${route.apiKeyScope}\` (\`insufficient_scope\`)`, content: errorContent },
              '429': { description: 'Too many requests with this API key (`rate_limited`, with Retry-After)', content: errorContent },
            }
          : {}),
        ...(route.auth === 'owner' ? { '403': { description: 'Not the company owner', content: errorContent } } : {}),
        ...(route.idempotent
          ? {
              '409': {
                description: `Also: a request with this ${IDEMPOTENCY_HEADER} is still being processed (\`idempotency_in_progress\`, with Retry-After)`,
                content: errorContent,
              },
              '422': {
                description: `This ${IDEMPOTENCY_HEADER} was used for a different request (\`idempotency_key_reused\`)`,
                content: errorContent,
              },
            }
          : {}),
        default: { description: 'Error (`{detail, code}`)', content: errorContent },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Video interviews API', version: '1' },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'header', name: SESSION_HEADER, description: 'A signed-in member session (the SPA’s).' },
        [API_KEY_SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: `An API key from Company settings → API (\`${API_KEY_PREFIX}…\`), as \`Authorization: Bearer <key>\`. It calls the operations whose security lists it, with the scope named there (${API_KEY_SCOPES.map((scope) => `\`${scope}\`: ${API_KEY_SCOPE_LABELS[scope]}`).join('; ')}); at most ${API_KEY_BURST} requests at once, ${API_KEY_REFILL_PER_SECOND} a second after that (429 with Retry-After).`,
        },
      },
    },
    security: [{ session: [] }],
    paths,
    webhooks: webhooksSection(),
  };
};
