/**
 * The route table: every API route, once. Plain data that imports nothing, so the CDK API
 * construct, the local server, the OpenAPI generator and the handlers themselves can all read it
 * without pulling handler code along.
 *
 * - `path` is relative to API_PREFIX and uses API Gateway's `{param}` syntax.
 * - `handler` is the module under `lambdas/` (no extension) exporting `handler`.
 * - `auth`: `public` (no session), `session` (a valid `X-Session-Id`), `owner` (a session whose user
 *   owns the company named by the `companyId` path parameter).
 * - `operation` names the zod contract in `lambdas/contracts` (see contracts/index.ts).
 */
export const API_PREFIX = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type AuthMode = 'public' | 'session' | 'owner';

/**
 * What a route's handler may touch. The CDK API construct turns each into the env var and the
 * least-privilege IAM grant together; the local server sets the same env vars for every handler.
 * Authenticated routes always get `table:write` (sessions slide their expiry).
 * - table:read / table:write  the one DynamoDB table (TABLE_NAME)
 * - media:read / media:write / media:delete  the media bucket (MEDIA_BUCKET), presigned URLs included
 * - mail:send  SES (MAIL_FROM; APP_ORIGIN for links in mails)
 * - workflow:start  StartExecution on the media pipeline (STATE_MACHINE_ARN)
 * - health:check  describe-only calls on the table, bucket, SES account and state machine
 */
export type Grant =
  | 'table:read'
  | 'table:write'
  | 'media:read'
  | 'media:write'
  | 'media:delete'
  | 'mail:send'
  | 'workflow:start'
  | 'health:check';

export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly handler: string;
  readonly auth: AuthMode;
  readonly grants: readonly Grant[];
  /** Overrides for heavier handlers; everything else gets the defaults of the API construct. */
  readonly memoryMb?: number;
  readonly timeoutSeconds?: number;
}

export const routes = {
  getHealth: { method: 'GET', path: '/health', handler: 'api/system/get-health', auth: 'public', grants: ['health:check'] },
  getOpenApi: { method: 'GET', path: '/openapi.json', handler: 'api/system/get-openapi', auth: 'public', grants: [] },
} as const satisfies Record<string, RouteDefinition>;

export type OperationId = keyof typeof routes;

export const routeEntries = Object.entries(routes) as [OperationId, RouteDefinition][];

/** `GET /health` → `GET /api/v1/health`, the key API Gateway uses for a route. */
export const routeKey = (route: RouteDefinition): string => `${route.method} ${API_PREFIX}${route.path}`;
