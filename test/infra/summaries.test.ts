import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaPipelineDefinition } from '../../lambdas/pipeline/media-pipeline.asl';
import { pipelineTasks } from '../../lambdas/pipeline/tasks';
import { DEFAULT_SUMMARY_MODEL_ID, lambdaFunctions } from '../../lib/functions';
import { stageConfigFromContext } from '../../lib/config';
import { ALARM_THRESHOLDS } from '../../lib/constructs/alarm-thresholds';
import { actionsOf, fakeSpaDist, synthApp, type Resource, type Statement } from './synth';

/** Issue 41: the summarising task's one-model grant, the pipeline's Summarise state, the alarm on failed summaries. */
describe('summaries (stage "test")', () => {
  let synth: ReturnType<typeof synthApp>;
  let api: Template;

  beforeAll(() => {
    synth = synthApp({ spaDistPath: fakeSpaDist(), context: { summaryModelId: 'amazon.nova-lite-v1:0' } });
    api = Template.fromStack(synth.api);
  });

  /** The statements of the role of the function with this description. */
  const statementsOfFunction = (template: Template, description: string): Statement[] => {
    const fn = Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Resource>).find(
      (f) => f.Properties.Description === description,
    );
    expect(fn, description).toBeDefined();
    const role = fn!.Properties.Role['Fn::GetAtt'][0] as string;
    return Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
      .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === role))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
  };

  it('lets the summarising task invoke exactly the one configured model, and no other function any', () => {
    const summarise = lambdaFunctions.find((fn) => fn.id === 'summariseAnswer')!;
    expect(summarise.grants).toContain('bedrock:invoke');
    const statements = statementsOfFunction(api, summarise.description);
    const bedrock = statements.filter((statement) => actionsOf(statement).some((action) => action.startsWith('bedrock:')));
    expect(bedrock).toHaveLength(1);
    expect(actionsOf(bedrock[0]!)).toEqual(['bedrock:InvokeModel']);
    expect(JSON.stringify(bedrock[0]!.Resource)).toBe(
      JSON.stringify({
        'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':bedrock:', { Ref: 'AWS::Region' }, '::foundation-model/amazon.nova-lite-v1:0']],
      }),
    );
    const fn = Object.values(api.findResources('AWS::Lambda::Function') as Record<string, Resource>).find(
      (f) => f.Properties.Description === summarise.description,
    )!;
    expect(fn.Properties.Environment.Variables).toMatchObject({ SUMMARY_MODEL_ID: 'amazon.nova-lite-v1:0', SUMMARY_MONTHLY_TOKEN_BUDGET: '2000000' });
    // Nothing else may call Bedrock.
    expect(lambdaFunctions.filter((f) => f.grants.includes('bedrock:invoke')).map((f) => f.id)).toEqual(['summariseAnswer']);
  });

  it('defaults to a current small model and a budget of 2,000,000 tokens', () => {
    expect(DEFAULT_SUMMARY_MODEL_ID).toBe('amazon.nova-micro-v1:0');
    expect(stageConfigFromContext(() => undefined)).toMatchObject({ summaryModelId: DEFAULT_SUMMARY_MODEL_ID, summaryMonthlyTokenBudget: 2_000_000 });
    expect(() => stageConfigFromContext((key) => (key === 'summaryModelId' ? 'not a model' : undefined))).toThrow(/summaryModelId/);
  });

  it('summarises after Finalize only with a transcript, retries, and ends every failure in Succeed', () => {
    const states = mediaPipelineDefinition.States as Record<string, any>;
    expect(states.Finalize.Next).toBe('SummaryWanted');
    expect(states.SummaryWanted).toMatchObject({
      Type: 'Choice',
      Choices: [{ Variable: '$.hasTranscript', BooleanEquals: true, Next: 'Summarise' }],
      Default: 'Done',
    });
    const summarise = states.Summarise;
    expect(summarise.Parameters.FunctionName).toBe('${' + pipelineTasks.summariseAnswer.substitution + '}');
    expect(summarise.Retry[0].ErrorEquals).toEqual(
      expect.arrayContaining(['Lambda.TooManyRequestsException', 'Lambda.ServiceException', 'States.Timeout']),
    );
    expect(summarise.Catch).toEqual([expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: 'SummaryUnavailable' })]);
    // Every path out of the summary states ends in the Succeed state, never in RecordFailed or a Fail.
    const reachable = new Set<string>();
    const walk = (name: string) => {
      if (reachable.has(name)) return;
      reachable.add(name);
      const state = states[name];
      for (const next of [
        state.Next,
        state.Default,
        ...(state.Catch ?? []).map((c: any) => c.Next),
        ...(state.Choices ?? []).map((c: any) => c.Next),
      ])
        if (next) walk(next);
    };
    walk('SummaryWanted');
    expect([...reachable].sort()).toEqual(['Done', 'Summarise', 'SummaryUnavailable', 'SummaryWanted']);
    expect(states.Done.Type).toBe('Succeed');
    expect(states.SummaryUnavailable.Catch).toEqual([expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: 'Done' })]);
  });

  it('alarms on any failed summary and draws tokens per company and dropped points', () => {
    const monitoring = Template.fromStack(synth.api.monitoring);
    const alarm = Object.values(monitoring.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>).find(
      (a) => a.Properties.AlarmName === 'test-interviews-SummariesFailed',
    );
    expect(alarm).toBeDefined();
    expect(alarm!.Properties).toMatchObject({
      Threshold: ALARM_THRESHOLDS.summariesFailed,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(JSON.stringify(alarm!.Properties)).toContain('SummariesFailed');
    expect(ALARM_THRESHOLDS.summariesFailed).toBe(1);
    const dashboard = JSON.stringify(Object.values(monitoring.findResources('AWS::CloudWatch::Dashboard'))[0]);
    expect(dashboard).toContain('Summary tokens per company');
    expect(dashboard).toContain('MetricName=\\\\\\"SummaryInputTokens\\\\\\"');
    expect(dashboard).toContain('SummaryPointsDropped');
  });
});
