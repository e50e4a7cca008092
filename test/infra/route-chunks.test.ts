import { describe, expect, it } from 'vitest';
import { chunkRoutes, DEFAULT_MAX_ROUTES_PER_CHUNK, routeArea, type ChunkableRoute } from '../../lib/constructs/route-chunks';
import { routeEntries } from '../../lambdas/operations/index';

/** 100 synthetic routes over areas of very different sizes, like the full spec's API. */
const AREA_SIZES: Record<string, number> = {
  companies: 24,
  positions: 18,
  candidates: 16,
  'message-templates': 6,
  'member-invites': 4,
  integrations: 5,
  lever: 3,
  accounts: 2,
  me: 1,
  health: 1,
  'openapi.json': 1,
  'media-uploads': 9,
  answers: 10,
};
const syntheticRoutes = (): ChunkableRoute[] =>
  Object.entries(AREA_SIZES).flatMap(([area, count]) =>
    Array.from({ length: count }, (_, i) => ({
      operationId: `${area.replace(/\W/g, '')}Op${String(i).padStart(2, '0')}`,
      path: `/${area}/{id}/op-${i}`,
    })),
  );

/** Deterministic shuffle (no Math.random in tests). */
const shuffled = <T>(items: T[], seed: number): T[] => {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
};

const membership = (chunks: ReturnType<typeof chunkRoutes>) =>
  Object.fromEntries(chunks.flatMap((chunk) => chunk.routes.map((route) => [route.operationId, chunk.id])));

describe('routeArea', () => {
  it('is the first path segment, safe for construct ids', () => {
    expect(routeArea('/companies/{companyId}/theme')).toBe('companies');
    expect(routeArea('/openapi.json')).toBe('openapi-json');
    expect(routeArea('/magic-code-sessions')).toBe('magic-code-sessions');
    expect(routeArea('/')).toBe('root');
    expect(routeArea('/{id}')).toBe('root');
  });
});

describe('chunkRoutes', () => {
  const routes = syntheticRoutes();
  const chunks = chunkRoutes(routes);

  it('places each of 100 routes exactly once, at most 30 per chunk', () => {
    expect(routes).toHaveLength(100);
    const placed = chunks.flatMap((chunk) => chunk.routes.map((route) => route.operationId));
    expect(placed.sort()).toEqual(routes.map((route) => route.operationId).sort());
    for (const chunk of chunks) expect(chunk.routes.length).toBeLessThanOrEqual(DEFAULT_MAX_ROUTES_PER_CHUNK);
  });

  it('groups by area, one chunk per area under the limit', () => {
    expect(chunks.map((chunk) => chunk.id)).toEqual(Object.keys(AREA_SIZES).map(routeArea).sort());
    for (const chunk of chunks) for (const route of chunk.routes) expect(routeArea(route.path)).toBe(chunk.area);
  });

  it('is deterministic: the same routes in any order give the same chunks', () => {
    for (const seed of [1, 2, 3, 42]) expect(chunkRoutes(shuffled(routes, seed))).toEqual(chunks);
  });

  it('keeps every other route in place when a route is added or removed', () => {
    const before = membership(chunks);
    expect(Object.keys(before)).toHaveLength(routes.length);
    const added = membership(chunkRoutes([...routes, { operationId: 'positionsNewOne', path: '/positions/{id}/new-one' }]));
    const removed = membership(chunkRoutes(routes.filter((route) => route.operationId !== 'companiesOp03')));
    // Every route of before, in the same chunk, plus the new one; every route of before but the removed one.
    expect(added).toEqual({ ...before, positionsNewOne: expect.any(String) });
    const { companiesOp03: gone, ...kept } = before;
    expect(gone).toBeDefined();
    expect(removed).toEqual(kept);
  });

  it('splits an area over the limit into balanced, numbered chunks', () => {
    const split = chunkRoutes(routes, 10);
    const companies = split.filter((chunk) => chunk.area === 'companies');
    expect(companies.map((chunk) => chunk.id)).toEqual(['companies-1', 'companies-2', 'companies-3']);
    expect(companies.map((chunk) => chunk.routes.length)).toEqual([8, 8, 8]);
    for (const chunk of split) expect(chunk.routes.length).toBeLessThanOrEqual(10);
  });

  it('rejects duplicate operation ids and a non-positive limit', () => {
    expect(() => chunkRoutes([...routes, routes[0]!])).toThrow(/Duplicate operation id/);
    expect(() => chunkRoutes(routes, 0)).toThrow(/positive integer/);
  });

  it('chunks the real route table within the limit', () => {
    const real = chunkRoutes(routeEntries.map(([operationId, route]) => ({ operationId, path: route.path })));
    expect(real.reduce((sum, chunk) => sum + chunk.routes.length, 0)).toBe(routeEntries.length);
    for (const chunk of real) expect(chunk.routes.length).toBeLessThanOrEqual(DEFAULT_MAX_ROUTES_PER_CHUNK);
  });
});
