import type * as z from 'zod/mini';
import type { Contract } from '../contracts/contract';
import type { ApiKeyScope } from '../contracts/api-keys';
// zod's English messages, wherever an operation's schemas are loaded.
import '../contracts/zod-locale';

/**
 * An API operation, declared once in its area's module (lambdas/operations/<area>.ts): method, path,
 * auth mode, what its function may touch (grants), deployment overrides, and the zod schemas of its
 * path parameters, query, body and response. Everything else is derived from it: the route table CDK
 * and the local server mount (operations/index.ts), the OpenAPI document, the SPA's and the tests'
 * typed clients, the function's environment and IAM grants (lib/functions.ts) and the handler's
 * typing (`defineHandler(operation, impl)` in lambdas/platform/http.ts).
 *
 * - `path` is relative to API_PREFIX and uses API Gateway's `{param}` syntax.
 * - `auth`: `public` (no session), `session` (a valid `X-Session-Id`), `owner` (a session whose user
 *   owns the company named by the `companyId` path parameter).
 * - The function's handler is `lambdas/api/<area>/<operation-id-in-kebab-case>.ts` (`handlerModule`).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export const AUTH_MODES = ['public', 'session', 'owner'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/**
 * What a function may touch, in the order they are applied (stable env var and policy order).
 * lib/functions.ts turns each into the environment variables and the least-privilege IAM grant
 * together, for CDK and the local runtime alike. Authenticated routes always get `table:write`
 * (sessions slide their expiry).
 * - table:read / table:write  the one DynamoDB table (TABLE_NAME)
 * - media:read / media:write / media:delete  the media bucket (MEDIA_BUCKET), presigned URLs included
 * - mail:send  SES (MAIL_FROM), with app:links for the links in mails
 * - app:links  the SPA's origin (APP_ORIGIN or its SSM parameter) for links in responses
 * - workflow:start  StartExecution on the media pipeline (STATE_MACHINE_ARN)
 * - package:start  StartExecution on the answer-package builder (ANSWER_PACKAGE_STATE_MACHINE_ARN)
 * - health:check  describe-only calls on the table, bucket, SES account and state machine
 * - billing:api  Stripe's API, with the secret key from Secrets Manager (STRIPE_API_KEY_SECRET_ID)
 * - billing:webhook  the webhook signing secret from Secrets Manager (STRIPE_WEBHOOK_SECRET_ID)
 * - ats:api  the ATS APIs: the integrations KMS key to seal and open their credentials (INTEGRATIONS_KEY_ID)
 *   and the product's own secrets at two vendors from Secrets Manager: its Lever OAuth client
 *   (LEVER_OAUTH_CLIENT_SECRET_ID) and its Comeet partner secret (COMEET_PARTNER_SECRET_ID)
 * - events:put  PutEvents on the stage's EventBridge bus (EVENT_BUS_NAME): work that follows a request runs
 *   after it, in an event function (lambdas/event-rules.ts), with retries and a dead-letter queue
 * - live:record  Amazon IVS real-time: create, end and delete a stage that records into the media bucket
 *   (IVS_STORAGE_CONFIGURATION_ARN), issue publish tokens for it, and WHIP to its endpoint
 * - webhooks:seal  seal webhook signing secrets: kms:Encrypt with the integrations key (INTEGRATIONS_KEY_ID), only under
 *   the webhook-secret encryption context
 * - webhooks:targets  where webhooks may go besides public https addresses (WEBHOOK_ALLOWED_ORIGINS: empty in AWS,
 *   the local stack's own origin under `npm start`), for the routes that check an endpoint's URL
 * - webhooks:enqueue  SendMessage on the webhook deliveries queue (WEBHOOK_DELIVERIES_QUEUE_URL)
 * - webhooks:deliver  the deliveries queue's consumer: kms:Decrypt of the signing secrets (webhook-secret context only),
 *   ChangeMessageVisibility for the retry backoff (WEBHOOK_RETRY_SCALE scales it), WEBHOOK_ALLOWED_ORIGINS
 * - bedrock:invoke  bedrock:InvokeModel (Converse) on the one foundation model summaries use (SUMMARY_MODEL_ID, from
 *   the CDK configuration) and the company's monthly token budget (SUMMARY_MONTHLY_TOKEN_BUDGET), issue 41
 * - sso:configure  single sign-on set-up (issue 42): create and delete the OIDC client secrets in Secrets Manager, only
 *   under the stage's prefix (SSO_SECRET_PREFIX), and fetch a provider's discovery document or metadata from public
 *   https addresses (SSO_ALLOWED_ORIGINS exempts origins: empty in AWS, the local stack's own under `npm start`)
 * - sso:sign-in  single sign-on: read those secrets (GetSecretValue under SSO_SECRET_PREFIX only) and reach the
 *   provider's token and JWKS endpoints (SSO_ALLOWED_ORIGINS as above)
 * - dns:resolve  TXT look-ups for domain proofs (DNS_RESOLVER: empty in AWS, the VPC's resolver; the stand-in's address locally)
 */
export const GRANTS = [
  'table:read',
  'table:write',
  'media:read',
  'media:write',
  'media:delete',
  'mail:send',
  'app:links',
  'workflow:start',
  'package:start',
  'health:check',
  'billing:api',
  'billing:webhook',
  'ats:api',
  'live:record',
  'events:put',
  'webhooks:seal',
  'webhooks:targets',
  'webhooks:enqueue',
  'webhooks:deliver',
  'bedrock:invoke',
  'sso:configure',
  'sso:sign-in',
  'dns:resolve',
] as const;
export type Grant = (typeof GRANTS)[number];

export interface Operation<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
  M extends HttpMethod = HttpMethod,
  A extends AuthMode = AuthMode,
> extends Contract<P, Q, B, R> {
  readonly method: M;
  readonly path: string;
  readonly auth: A;
  readonly grants: readonly Grant[];
  /**
   * A request whose repeat would act twice (it creates something, or sends mail): it takes an
   * `Idempotency-Key` header, and a repeat with the same key within
   * 24 hours is answered with the first response and does nothing twice (lambdas/platform/idempotency.ts).
   */
  readonly idempotent?: true;
  /**
   * On `session` routes: the API key scope that lets a key (`Authorization: Bearer vik_…`, issue 38)
   * call it, with the same access rules and answers as a session. A route without one takes no key
   * (a 403 saying so), and no `owner` route ever does.
   */
  readonly apiKeyScope?: ApiKeyScope;
  /** Overrides for heavier functions; everything else gets the defaults of the API construct. */
  readonly memoryMb?: number;
  readonly timeoutSeconds?: number;
}

/** Declares an operation, keeping its literal method, path and auth mode in its type; pure, so bundles keep only the operations they use. */
/* @__NO_SIDE_EFFECTS__ */
export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}
