import { API_PREFIX, operationPath } from '../../lambdas/operations/index';
import { describeOperations, type RecordedInvocation } from '../../lib/local/dynamodb-calls';
import { goal, median, printTable, type StackContext } from './support';
import { interviewFixture } from '../support/interviews';

/**
 * The cost of an API key (issue 38): the same read (`GET /positions/{id}`) with a session and with
 * a key, one after another, their median latency and DynamoDB calls. A key costs its strongly
 * consistent read (with the request's first reads), the token bucket's conditional write and the
 * audit entry's put, against the session's read (and, once a minute, its sliding write).
 */
const REQUESTS = 40;

export const apiKeyFigure = async (ctx: StackContext) => {
  const position = await ctx.api('createPosition', {
    params: { companyId: ctx.companyId },
    session: ctx.session,
    body: { job_title: 'Bench key position', interview: interviewFixture() },
  });
  const key = await ctx.api('createApiKey', {
    params: { companyId: ctx.companyId },
    session: ctx.session,
    body: { name: 'Bench key', scopes: ['read'], expires_at: null },
  });
  const url = `${ctx.url}${API_PREFIX}${operationPath('getPosition', { positionId: position.position_id })}`;
  const timed = async (headers: Record<string, string>) => {
    const times: number[] = [];
    let requestId = '';
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`getPosition answered ${res.status}`);
      times.push(performance.now() - started);
      requestId = res.headers.get('apigw-requestid') ?? '';
      // Within the key's refill rate (5 a second), so the bucket never refuses one.
      await new Promise((resolve) => setTimeout(resolve, 210));
    }
    const { invocations } = (await (await fetch(`${ctx.url}/_local/dynamodb-calls?requestId=${requestId}`)).json()) as {
      invocations: RecordedInvocation[];
    };
    return { median: median(times), calls: invocations[0] ? describeOperations(invocations[0].calls) : '?' };
  };
  const bySession = await timed({ 'x-session-id': ctx.session });
  const byKey = await timed({ authorization: `Bearer ${key.secret}` });
  console.log(`\nAPI key overhead (GET /positions/{id}, ${REQUESTS} requests each, one at a time)\n`);
  printTable(
    ['caller', 'median ms', 'DynamoDB calls of the last request'],
    [
      ['session', bySession.median.toFixed(1), bySession.calls],
      ['API key', byKey.median.toFixed(1), byKey.calls],
    ],
  );
  const overhead = byKey.median - bySession.median;
  goal({
    figure: 'API key auth overhead per request (median, local)',
    value: `${overhead.toFixed(1)} ms`,
    goal: '≤ 25 ms',
    met: overhead <= 25,
  });
};
