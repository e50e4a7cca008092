import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthMode, Grant, HttpMethod, Route } from '../../lambdas/operations/index';
import { allTemplates, synthApp, TEST_ENV } from './synth';

/**
 * The full spec has ~80 routes; this synthesizes 100 (every grant and auth mode, areas of different
 * sizes, one oversized area) to show the stacks stay well inside CloudFormation's limits as the
 * route table grows. All use an existing handler module; bundling is skipped.
 */
const AREAS: [string, number][] = [
  ['companies', 34], // over the 30-route limit: split in two nested stacks
  ['positions', 18],
  ['candidates', 16],
  ['message-templates', 8],
  ['media-uploads', 8],
  ['integrations', 6],
  ['accounts', 5],
  ['me', 3],
  ['health', 2],
];
const GRANTS: Grant[][] = [
  ['table:read'],
  ['table:write', 'mail:send'],
  ['media:read', 'media:write', 'media:delete'],
  ['workflow:start'],
  ['health:check'],
  [],
];
const AUTH: AuthMode[] = ['public', 'session', 'owner'];
const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

const syntheticRoutes = (): [string, Route][] => {
  let n = 0;
  return AREAS.flatMap(([area, count]) =>
    Array.from({ length: count }, (_, i): [string, Route] => {
      n++;
      return [
        `${area.replace(/-/g, '')}Operation${i}`,
        {
          method: METHODS[n % METHODS.length]!,
          path: `/${area}/{companyId}/thing-${i}`,
          handler: 'api/system/get-open-api',
          auth: AUTH[n % AUTH.length]!,
          grants: GRANTS[n % GRANTS.length]!,
        },
      ];
    }),
  );
};

describe('the CDK app at 100 routes (concrete account and region)', () => {
  const routes = syntheticRoutes();
  let synth: ReturnType<typeof synthApp>;

  beforeAll(() => {
    synth = synthApp({ routes, env: TEST_ENV, spaDistPath: '/nonexistent' });
  });

  it('has 100 routes', () => {
    expect(routes).toHaveLength(100);
  });

  it('spreads the route functions over nested stacks, the oversized area split in two', () => {
    const chunks = synth.api.api.chunkStacks;
    expect(chunks.map((chunk) => chunk.node.id)).toEqual([
      'Routes-accounts',
      'Routes-candidates',
      'Routes-companies-1',
      'Routes-companies-2',
      'Routes-health',
      'Routes-integrations',
      'Routes-me',
      'Routes-media-uploads',
      'Routes-message-templates',
      'Routes-positions',
    ]);
    const count = (type: string) => chunks.reduce((sum, chunk) => sum + Object.keys(Template.fromStack(chunk).findResources(type)).length, 0);
    expect(count('AWS::Lambda::Function')).toBe(100);
    expect(count('AWS::ApiGatewayV2::Route')).toBe(100);
    for (const chunk of chunks) expect(chunk.functions.size, chunk.node.id).toBeLessThanOrEqual(30);
  });

  it('keeps every template under 400 resources', () => {
    const counts = allTemplates(synth.app).map(({ path, template }) => ({ path, count: Object.keys(template.toJSON().Resources ?? {}).length }));
    for (const { path, count } of counts) expect(count, path).toBeLessThan(400);
    // The parent API stack does not grow with routes (one nested-stack resource per chunk); what it
    // holds besides is fixed: the API's stage, the media pipeline, the answer-package builder, the
    // schedules and the event functions (about six resources each: function, role, policy, log group,
    // rule, permission): 94 with three event functions (SES mail events, issue 26); 109 with the webhook
    // fan-out function and the deliveries queue, its DLQ, consumer and event source mapping (issue 38);
    // 120 with the media pipeline's summarising task (issue 41: function, role, policy, log group).
    const parent = counts.find(({ path }) => path === synth.api.node.path)!;
    expect(parent.count).toBeLessThan(130);
  });

  it("keeps every template's parameters and outputs within CloudFormation's 200 (the monitoring takes a parameter per function)", () => {
    for (const { path, template } of allTemplates(synth.app)) {
      const { Parameters = {}, Outputs = {} } = template.toJSON() as { Parameters?: object; Outputs?: object };
      expect(Object.keys(Parameters).length, path).toBeLessThan(180);
      expect(Object.keys(Outputs).length, path).toBeLessThan(180);
    }
  });

  it('synthesizes with cdk-nag passing (synthApp fails on any finding)', () => {
    expect(synth.assembly.stacks.map((stack) => stack.stackName).sort()).toEqual([
      'test-interviews-api',
      'test-interviews-data',
      'test-interviews-web',
    ]);
  });
});
