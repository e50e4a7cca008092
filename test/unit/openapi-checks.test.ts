import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../lambdas/api/system/openapi';
import { idSchema } from '../../lambdas/contracts/common';
import { routeEntries } from '../../lambdas/operations/index';
import { typeCheckCalls, validateOpenApi } from '../support/openapi';

/**
 * The checks of test/api/openapi.test.ts catch a path parameter whose name disagrees with its
 * template (the api test shows they pass on the served document). Only the two routes the typed
 * calls use, to keep it cheap.
 */
const used = routeEntries.filter(([operation]) => operation === 'getPosition' || operation === 'createPosition');
const misnamed = used.map(([id, route]) => [id, id === 'getPosition' ? { ...route, params: z.object({ position_id: idSchema }) } : route] as const);

describe('the OpenAPI checks', () => {
  it('fail when a path parameter is not named as in its template', async () => {
    // `/positions/{positionId}` with the parameter named `position_id`: the old snake_case bug.
    const document = buildOpenApiDocument({
      routes: misnamed,
    });

    const validation = await validateOpenApi(document);
    expect(validation.errors).toHaveLength(1);
    expect(validation.errors[0]).toContain('has a path parameter named `position_id`, but there is no corresponding `{position_id}`');

    const { diagnostics } = await typeCheckCalls(document);
    expect(diagnostics.join('\n')).toContain("'positionId' does not exist in type '{ position_id: string; }'");
    // The deliberately wrong snake_case usage is now the right one.
    expect(diagnostics.join('\n')).toContain("Unused '@ts-expect-error' directive.");
  }, 30_000);
});
