/**
 * Every API operation, gathered from the area modules beside this file: the route table that CDK's
 * API construct, the local server, the OpenAPI generator, the isolation matrix and the bench read.
 * An operation is declared once, in its area (`defineOperation`); its id is its export name and its
 * handler is `lambdas/api/<area>/<id in kebab-case>.ts`. A new area is one more import here.
 *
 * Server-side and Node only: a handler imports its own operation from its area module, and the SPA
 * gets methods and paths from the build (`clientRoutes`), so neither carries the whole table.
 */
import * as account from './account';
import * as apiKeys from './api-keys';
import * as audit from './audit';
import * as billing from './billing';
import * as candidates from './candidates';
import * as comments from './comments';
import * as companies from './companies';
import * as erasure from './erasure';
import * as integrations from './integrations';
import * as interviews from './interviews';
import * as media from './media';
import * as members from './members';
import * as messages from './messages';
import type { AuthMode, Grant, HttpMethod, Operation } from './operation';
import { API_PREFIX, fillPath, type PathParamValue } from './path';
import * as positions from './positions';
import * as publicPages from './public';
import * as recordings from './recordings';
import * as reports from './reports';
import * as scorecards from './scorecards';
import * as search from './search';
import * as sso from './sso';
import * as system from './system';
import * as webhooks from './webhooks';

export { API_PREFIX, fillPath, type AuthMode, type Grant, type HttpMethod, type Operation, type PathParamValue };
export { GRANTS } from './operation';

const areas = {
  system,
  account,
  companies,
  members,
  media,
  positions,
  candidates,
  comments,
  scorecards,
  audit,
  reports,
  search,
  public: publicPages,
  erasure,
  interviews,
  recordings,
  messages,
  billing,
  integrations,
  webhooks,
  'api-keys': apiKeys,
  sso,
} as const;

type Areas = typeof areas;
/** Every area's operations in one type (the intersection of the area modules). */
type AllOperations = { [A in keyof Areas]: (operations: Areas[A]) => void }[keyof Areas] extends (operations: infer O) => void ? O : never;

/** Every operation by its id, gathered from the areas above (an id is unique across them: routes.test.ts). */
export const operations = Object.assign({}, ...Object.values(areas)) as { readonly [K in keyof AllOperations]: AllOperations[K] };

export type Operations = typeof operations;
export type OperationId = keyof Operations;

/** `createLeverOAuthHref` → `create-lever-oauth-href` (a run of capitals is one word). */
export const kebabCase = (id: string): string => id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** What deploying an operation takes (CDK, the local server, the function table): no schemas. */
export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: AuthMode;
  readonly grants: readonly Grant[];
  /** The handler module, under `lambdas/` without extension, exporting `handler`. */
  readonly handler: string;
  readonly memoryMb?: number;
  readonly timeoutSeconds?: number;
}

/** An operation as deployed: its schemas, its id and its handler module. */
export type RouteDefinition = Operation & Route & { readonly id: OperationId };

export const routeEntries: [OperationId, RouteDefinition][] = Object.entries(areas).flatMap(([area, module]) =>
  Object.entries(module as Record<string, Operation>).map(([id, operation]): [OperationId, RouteDefinition] => [
    id as OperationId,
    { ...operation, id: id as OperationId, handler: `api/${area}/${kebabCase(id)}` },
  ]),
);

export const routes = Object.fromEntries(routeEntries) as { readonly [K in OperationId]: Operations[K] & RouteDefinition };

/** `GET /health` → `GET /api/v1/health`, the key API Gateway uses for a route. */
export const routeKey = (route: { method: HttpMethod; path: string }): string => `${route.method} ${API_PREFIX}${route.path}`;

/** The path of an operation, relative to API_PREFIX (`fillPath` with its template). */
export const operationPath = (
  operationId: OperationId,
  params: Readonly<Record<string, PathParamValue | null | undefined>> = {},
  query: Readonly<Record<string, unknown>> = {},
): string => fillPath(operations[operationId].path, params, query, operationId);

/** What the SPA's client needs of each operation (its method and path, and whether it takes an Idempotency-Key), as plain data for the build to inline. */
export const clientRoutes = (): Record<OperationId, ClientRoute> =>
  Object.fromEntries(
    routeEntries.map(([id, route]) => [id, { method: route.method, path: route.path, ...(route.idempotent ? { idempotent: true } : {}) }]),
  ) as Record<OperationId, ClientRoute>;

export interface ClientRoute {
  method: HttpMethod;
  path: string;
  idempotent?: true;
}
