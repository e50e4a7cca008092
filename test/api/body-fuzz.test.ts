import { beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../lambdas/contracts/contract';
import { operations } from '../../lambdas/operations/index';
import { toCamelCase } from '../../lambdas/contracts/wire-case';
import { operationPath } from '../../lambdas/operations/index';
import { type OperationId } from '../../lambdas/operations/index';
import { malformedBodies, parsedBody, type MalformedBody } from '../support/malformed-bodies';
import {
  bodyRoutes,
  buildWorld,
  isErrorModel,
  pathIds,
  pathParamSetsOf,
  pool,
  send,
  shorten,
  validBodies,
  validBodyProblems,
  type World,
} from '../support/route-fixtures';

/**
 * Every route with a body contract (from the route table), sent at least 100 malformed bodies made
 * from its valid one (test/support/malformed-bodies.ts) by company A's owner on A's own objects, so
 * the session and the path pass and only the body is wrong. Each must get a 4xx with `{detail,
 * code}` within 15 s: never a 2xx, never a 5xx, never a hang.
 */

const MIN_BODIES_PER_ROUTE = 100;

/**
 * Routes whose contract takes many of the generated cases (so fewer are malformed), with the
 * fewest malformed bodies they must still get: every case the generator makes that the contract refuses.
 */
const fewerByDesign: Partial<Record<OperationId, number>> = {
  // The body is optional (no body and `{}` keep the link's expiry) and its one field is nullable (never expires).
  createSharingDetails: 85,
  // Its one field is nullable: null is "never delete automatically".
  putRetention: 95,
  // One boolean field (issue 41: a reviewer's hide_summaries): fewer wrong shapes of it to send.
  putPreferences: 95,
};

let a: World;
beforeAll(async () => {
  a = await buildWorld('Fuzz A');
}, 120_000);

/**
 * Routes that answer some malformed bodies with a 200 by design. Anything else they answer must
 * still be a 4xx.
 */
const refusesWith200: Partial<Record<OperationId, (body: any) => boolean>> = {
  // Says whether any text is an e-mail address (stores and sends nothing): control characters are "not valid".
  checkEmail: (body) => body?.is_valid === false,
};

/** Whether the route's contract takes this body (then it is not malformed, unless the case is malformed by rule). */
const contractAccepts = (operation: OperationId, c: MalformedBody): boolean => {
  const parsed = parsedBody(c);
  if (parsed === 'unparsable') return false;
  try {
    return (operations[operation] as Contract).body!.safeParse(toCamelCase(parsed.value)).success;
  } catch {
    return false; // too deep for the converter here: malformed
  }
};

describe('malformed bodies', () => {
  it('has a valid body for every route with a body', () => {
    expect(validBodyProblems(a), 'fix validBodies in test/support/route-fixtures.ts').toEqual([]);
  });

  it('get a 4xx {detail, code} on every route, never a 2xx, a 5xx or a hang', async () => {
    // An answer still being recorded, so submitting it would do something (a submitted one answers the same to any body).
    const ids = { ...pathIds(a), answerId: a.candidate.recordingId };
    const plans = bodyRoutes.flatMap(([operation, route]) => {
      const make = validBodies[operation];
      if (!make) return [];
      const cases = malformedBodies(make(a) as Record<string, unknown>).filter((c) => c.always || !contractAccepts(operation, c));
      const params = pathParamSetsOf(operation, ids)[0]!;
      const session = route.auth === 'public' ? undefined : a.owner.sessionId;
      return [{ operation, route, params, session, cases }];
    });

    const tasks = plans.flatMap((p) =>
      p.cases.map((c) => async () => {
        const res = await send(p.operation, p.params, { body: c.body, contentType: c.contentType, session: p.session });
        const fine =
          (res.status >= 400 && res.status < 500 && isErrorModel(res.json)) ||
          (res.status === 200 && refusesWith200[p.operation]?.(res.json) === true);
        return { plan: p, c, res, fine };
      }),
    );
    const results = await pool(tasks, 8);

    const failures = results
      .filter((r) => !r.fine)
      .map(
        (r) =>
          `${r.plan.route.method} ${operationPath(r.plan.operation, r.plan.params)} (${r.plan.operation}), ${r.c.kind}: ${r.res.status || 'no answer'} ${shorten(r.res.text, 160)}`,
      );
    const tooFew = plans
      .filter((p) => p.cases.length < (fewerByDesign[p.operation] ?? MIN_BODIES_PER_ROUTE))
      .map((p) => `${p.operation}: only ${p.cases.length} bodies`);
    const fiveXx = results.filter((r) => r.res.status >= 500).length;
    console.log(
      `body fuzz: ${plans.length}/${bodyRoutes.length} body routes covered, ${results.length} bodies tried, ${fiveXx} 5xx, ${failures.length} failures`,
    );
    expect([...tooFew, ...failures], [...tooFew, ...failures].join('\n')).toEqual([]);
  }, 300_000);
});
