import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { typeCheckCalls, validateOpenApi } from '../support/openapi';

/**
 * The served API description, checked by tools that know nothing of how it is generated:
 * an OpenAPI validator, and TypeScript types generated from it that real calls must satisfy.
 */
const servedDocument = async () => {
  const res = await call('getOpenApi');
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
};

describe('GET /api/v1/openapi.json, checked independently', () => {
  it('is valid OpenAPI for @readme/openapi-parser (no errors; warnings are printed)', async () => {
    const result = await validateOpenApi(await servedDocument());
    if (result.warnings.length > 0) console.log(`OpenAPI validator warnings (${result.warnings.length}):\n${result.report}`);
    else console.log('OpenAPI validator: no errors, no warnings');
    expect(result.errors, result.report).toEqual([]);
  });

  it('gives openapi-typescript types that real calls type-check against (path ids, snake_case bodies, errors)', async () => {
    const { diagnostics } = await typeCheckCalls(await servedDocument());
    expect(diagnostics).toEqual([]);
  });
});
