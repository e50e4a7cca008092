/**
 * Splits the route table into groups, one CloudFormation nested stack each.
 *
 * Why: every route costs about seven resources (function, role, policy, log group, API route,
 * integration, invoke permission). At ~80 routes that is ~560, over CloudFormation's 500-resource
 * limit per stack. So each group's functions, routes, integrations and permissions live in a nested
 * stack of their own and the parent stack keeps only the HttpApi and one resource per group.
 *
 * How: a group is an *area*, the first segment of the route's path (`/companies/{companyId}/theme`
 * → `companies`). Grouping by area, rather than packing routes into N equal chunks, keeps a route in
 * the same nested stack as routes are added elsewhere. That matters: moving a route between nested
 * stacks makes CloudFormation create it in the new stack before deleting it from the old one, and
 * API Gateway rejects the second route with the same key (ConflictException), failing the deploy.
 * Only an area larger than `maxRoutesPerChunk` is split (`companies-1`, `companies-2`, in operation id
 * order); that split is the one case where a later addition can move routes, so keep the limit
 * comfortably above the largest area (the spec's largest area has under 20 routes).
 *
 * Pure and deterministic: the same routes in any order give the same chunks.
 */
export interface ChunkableRoute {
  readonly operationId: string;
  readonly path: string;
}

export interface RouteChunk<T extends ChunkableRoute> {
  /** Stable, CloudFormation-friendly id (`companies`, `openapi-json`, `companies-2`). */
  readonly id: string;
  readonly area: string;
  readonly routes: readonly T[];
}

/** Keeps each nested stack far below 500 resources (30 routes × ~7 = ~210). */
export const DEFAULT_MAX_ROUTES_PER_CHUNK = 30;

/** First path segment, made safe for construct ids: `/openapi.json` → `openapi-json`. */
export const routeArea = (path: string): string => {
  const first = path.split('/').find((segment) => segment.length > 0) ?? '';
  if (first.startsWith('{')) return 'root';
  const safe = first
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return safe || 'root';
};

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export const chunkRoutes = <T extends ChunkableRoute>(routes: readonly T[], maxRoutesPerChunk = DEFAULT_MAX_ROUTES_PER_CHUNK): RouteChunk<T>[] => {
  if (!Number.isInteger(maxRoutesPerChunk) || maxRoutesPerChunk < 1)
    throw new Error(`maxRoutesPerChunk must be a positive integer (got ${maxRoutesPerChunk})`);
  const seen = new Set<string>();
  const areas = new Map<string, T[]>();
  for (const route of routes) {
    if (seen.has(route.operationId)) throw new Error(`Duplicate operation id in route table: ${route.operationId}`);
    seen.add(route.operationId);
    const area = routeArea(route.path);
    const group = areas.get(area) ?? [];
    group.push(route);
    areas.set(area, group);
  }

  const chunks: RouteChunk<T>[] = [];
  for (const area of [...areas.keys()].sort(byString)) {
    const group = [...areas.get(area)!].sort((a, b) => byString(a.operationId, b.operationId));
    if (group.length <= maxRoutesPerChunk) {
      chunks.push({ id: area, area, routes: group });
      continue;
    }
    const parts = Math.ceil(group.length / maxRoutesPerChunk);
    const size = Math.ceil(group.length / parts);
    for (let part = 0; part < parts; part++) {
      chunks.push({ id: `${area}-${part + 1}`, area, routes: group.slice(part * size, (part + 1) * size) });
    }
  }
  return chunks;
};
