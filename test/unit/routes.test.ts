import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pipelineTasks } from '../../lambdas/pipeline/tasks';
import { API_PREFIX, routeEntries, routeKey, routes } from '../../lambdas/operations/index';
import { scheduleEntries } from '../../lambdas/schedules';
import { buildOpenApiDocument } from '../../lambdas/api/system/openapi';

const lambdasDir = path.resolve(import.meta.dirname, '../../lambdas');

describe('the route table', () => {
  it('gives every operation a route whose handler follows the convention', () => {
    expect(routeEntries.length).toBe(Object.keys(routes).length);
    for (const [operation, route] of routeEntries) expect(route.handler, operation).toMatch(/^api\/[a-z][a-z-]*\/[a-z-]+$/);
  });

  it('names handler modules that exist and export a handler', async () => {
    const modules = [
      ...routeEntries.map(([, route]) => route.handler),
      ...Object.values(pipelineTasks).map((task) => task.handler),
      ...scheduleEntries.map(([, schedule]) => schedule.handler),
    ];
    expect(modules.length).toBeGreaterThan(routeEntries.length);
    for (const handler of modules) {
      expect(existsSync(path.join(lambdasDir, `${handler}.ts`)), handler).toBe(true);
      const mod = (await import(path.join(lambdasDir, `${handler}.ts`))) as { handler?: unknown };
      expect(typeof mod.handler, handler).toBe('function');
    }
  }, 60_000); // imports every handler module: seconds on a busy two-core machine

  it('has one route per method and path', () => {
    const keys = routeEntries.map(([, route]) => routeKey(route));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(new RegExp(`^(GET|POST|PUT|DELETE) ${API_PREFIX}/`));
  });

  it('declares path parameters in the contract exactly as in the path', () => {
    for (const [operation, route] of routeEntries) {
      const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const contract = route as unknown as { params?: { shape?: Record<string, unknown> } };
      const inContract = Object.keys(contract.params?.shape ?? {}).sort();
      expect(inContract, operation).toEqual(inPath);
    }
  });

  it('only marks routes as owner-only when the path names the company', () => {
    const ownerOnly = routeEntries.filter(([, route]) => route.auth === 'owner');
    expect(ownerOnly.length).toBeGreaterThan(0);
    for (const [operation, route] of ownerOnly) expect(route.path, operation).toContain('{companyId}');
  });

  it('gives an Idempotency-Key to every PUT or DELETE that sends mail, since the SPA sends those again after a lost answer', () => {
    // web/src/api/retry-policy.ts: a PUT or DELETE is repeated as it stands; one that mails would mail twice without a key.
    const mailing = routeEntries.filter(([, route]) => (route.method === 'PUT' || route.method === 'DELETE') && route.grants.includes('mail:send'));
    expect(mailing.map(([operation]) => operation)).toContain('reinviteCandidate');
    for (const [operation, route] of mailing) expect(route.idempotent, operation).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument();

  it('describes every route with its operation id', () => {
    for (const [operation, route] of routeEntries) {
      const entry = (document.paths[`${API_PREFIX}${route.path}`] as Record<string, { operationId: string }>)[route.method.toLowerCase()];
      expect(entry?.operationId).toBe(operation);
    }
  });

  it('uses the wire names (snake_case) in schemas and the error model for failures', () => {
    const health = (document.paths[`${API_PREFIX}/health`] as Record<string, any>).get;
    const services = health.responses['200'].content['application/json'].schema.properties.services;
    expect(JSON.stringify(services)).toContain('latency_ms');
    expect(JSON.stringify(services)).not.toContain('latencyMs');
    expect(health.responses['400'].content['application/json'].schema.properties).toHaveProperty('detail');
    expect(health.security).toEqual([]);
  });
});
