import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { streamFunctions } from '../../lambdas/streams';
import { tableStreamParameterName } from '../../lib/constructs/data';
import { ALARM_THRESHOLDS } from '../../lib/constructs/alarm-thresholds';
import { streamDeadLetterQueueName } from '../../lib/constructs/streams';
import { actionsOf, allTemplates, fakeSpaDist, synthApp, type Resource, type Statement } from './synth';

/**
 * The table's stream in AWS (issue 40): the data stack turns it on (NEW_AND_OLD_IMAGES) and publishes
 * its ARN in SSM; the API stack maps it to the report aggregates' function with the filter of
 * lambdas/streams.ts, from TRIM_HORIZON, bisecting, with batch item failures and a dead-letter queue;
 * the function's role may read the stream, use the table and send to that queue, nothing more; and the
 * iterator age, the dead letters and the function's errors have alarms. The synth runs cdk-nag
 * (test/infra/synth.ts): any unacknowledged finding fails it.
 */
describe('the table stream and its functions in AWS (issue 40)', () => {
  let synth: ReturnType<typeof synthApp>;
  beforeAll(() => {
    synth = synthApp({ spaDistPath: fakeSpaDist() });
  }, 180_000);

  const resourcesOf = (type: string) =>
    allTemplates(synth.app).flatMap(({ template }) =>
      Object.entries(template.findResources(type) as Record<string, Resource>).map(([logicalId, resource]) => ({ logicalId, template, ...resource })),
    );
  const definition = streamFunctions.aggregateReports;
  const streamFunction = () => {
    const functions = resourcesOf('AWS::Lambda::Function').filter((fn) => String(fn.Properties.Description).includes(`lambdas/${definition.handler}`));
    expect(functions).toHaveLength(1);
    return functions[0]!;
  };
  const streamMappings = () => resourcesOf('AWS::Lambda::EventSourceMapping').filter((mapping) => mapping.Properties.StartingPosition !== undefined);

  it('turns the stream on with both images, and publishes its ARN for the API stack', () => {
    const data = Template.fromStack(synth.data);
    data.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' } });
    const tables = data.findResources('AWS::DynamoDB::Table') as Record<string, Resource>;
    const [tableId] = Object.keys(tables);
    data.hasResourceProperties('AWS::SSM::Parameter', {
      Name: tableStreamParameterName('test'),
      Value: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
    });
    // The API stack reads it at deploy time: no export between the stacks.
    const api = Template.fromStack(synth.api).toJSON() as { Parameters?: Record<string, { Type: string; Default?: string }> };
    expect(Object.values(api.Parameters ?? {})).toContainEqual(
      expect.objectContaining({ Type: 'AWS::SSM::Parameter::Value<String>', Default: tableStreamParameterName('test') }),
    );
    expect(JSON.stringify(Template.fromStack(synth.data).toJSON().Outputs ?? {})).not.toContain('Export');
  });

  it('maps the stream to the report aggregates with the candidate-profile filter, from TRIM_HORIZON, with retries and a dead-letter queue', () => {
    const mappings = streamMappings();
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!;
    expect(JSON.stringify(mapping.Properties.FunctionName)).toContain(streamFunction().logicalId);
    expect(mapping.Properties).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: definition.batchSize,
      MaximumBatchingWindowInSeconds: definition.batchingWindowSeconds,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: definition.retryAttempts,
      MaximumRecordAgeInSeconds: definition.maxRecordAgeSeconds,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    // The one filter, as Lambda reads it: SK exactly CANDIDATE, PK beginning with CANDIDATE#.
    const filters = mapping.Properties.FilterCriteria.Filters as { Pattern: string }[];
    expect(filters.map((filter) => JSON.parse(filter.Pattern))).toEqual([
      { dynamodb: { Keys: { SK: { S: ['CANDIDATE'] }, PK: { S: [{ prefix: 'CANDIDATE#' }] } } } },
    ]);
    expect(JSON.stringify(mapping.Properties.EventSourceArn)).toContain('Ref');
    // Failures go to an encrypted, SSL-only dead-letter queue.
    const queue = resourcesOf('AWS::SQS::Queue').find((q) => q.Properties.QueueName === streamDeadLetterQueueName('test', 'aggregateReports'));
    expect(queue).toBeDefined();
    expect(queue!.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    expect(JSON.stringify(mapping.Properties.DestinationConfig.OnFailure.Destination)).toContain(queue!.logicalId);
    const policies = resourcesOf('AWS::SQS::QueuePolicy').map((policy) => JSON.stringify(policy.Properties));
    expect(policies.some((text) => text.includes(queue!.logicalId) && text.includes('aws:SecureTransport'))).toBe(true);
  });

  it('gives the function the table environment only, and a role that reads the stream, uses the table and sends to its dead-letter queue', () => {
    const fn = streamFunction();
    expect(Object.keys(fn.Properties.Environment.Variables).sort()).toEqual(['NODE_OPTIONS', 'STAGE', 'TABLE_NAME']);
    expect(fn.Properties).toMatchObject({ Timeout: definition.timeoutSeconds, MemorySize: definition.memoryMb });
    const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = resourcesOf('AWS::IAM::Policy')
      .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some(({ Ref }) => Ref === roleId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
    const actions = [...new Set(statements.flatMap(actionsOf))].sort();
    expect(actions).toEqual(
      [
        // The stream (the mapping's).
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:ListStreams',
        // The table (grant table:write).
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:ConditionCheckItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
        // The dead-letter queue (the mapping's on-failure destination).
        'sqs:SendMessage',
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        // Its own log group.
        'logs:CreateLogStream',
        'logs:PutLogEvents',
      ].sort(),
    );
    // The stream's actions name the stream only.
    for (const statement of statements.filter((s) => actionsOf(s).includes('dynamodb:GetRecords'))) {
      expect(JSON.stringify(statement.Resource)).toContain('Ref');
      expect(JSON.stringify(statement.Resource)).not.toContain('*');
    }
    // No other function reads the stream.
    const readers = resourcesOf('AWS::IAM::Policy').filter((policy) =>
      (policy.Properties.PolicyDocument.Statement as Statement[]).some((s) => actionsOf(s).includes('dynamodb:GetRecords')),
    );
    expect(readers).toHaveLength(1);
  });

  it('alarms on the iterator age, the dead letters and the function’s errors, and draws them on the dashboard', () => {
    const alarms = resourcesOf('AWS::CloudWatch::Alarm');
    const named = (suffix: string) => alarms.find((alarm) => String(alarm.Properties.AlarmName).endsWith(suffix));
    const iteratorAge = named('AggregateReportsIteratorAge');
    expect(iteratorAge).toBeDefined();
    // Metric math form or not, the function's Maximum IteratorAge at the threshold.
    const metricOf = (alarm: Resource) => JSON.stringify(alarm.Properties.Metrics ?? alarm.Properties);
    expect(metricOf(iteratorAge!)).toMatch(/"MetricName":"IteratorAge","Namespace":"AWS\/Lambda"/);
    expect(metricOf(iteratorAge!)).toMatch(/"Stat(istic)?":"Maximum"/);
    expect(iteratorAge!.Properties.Threshold).toBe(ALARM_THRESHOLDS.streamIteratorAgeMs);
    const deadLetters = named('AggregateReportsDeadLetters');
    expect(deadLetters).toBeDefined();
    expect(metricOf(deadLetters!)).toContain('"MetricName":"ApproximateNumberOfMessagesVisible"');
    expect(metricOf(deadLetters!)).toContain('StreamsaggregateReportsDeadLetters');
    const streamErrors = alarms.filter((alarm) => /streams/i.test(String(alarm.Properties.AlarmName)) && /Errors/i.test(String(alarm.Properties.AlarmName)));
    expect(streamErrors.length).toBeGreaterThan(0);
    for (const alarm of [iteratorAge!, deadLetters!, ...streamErrors]) expect(alarm.Properties.AlarmActions).toHaveLength(1);
    const dashboards = resourcesOf('AWS::CloudWatch::Dashboard').map((dashboard) => JSON.stringify(dashboard.Properties.DashboardBody));
    expect(dashboards.some((body) => body.includes('aggregateReports: iterator age') && body.includes('IteratorAge'))).toBe(true);
  });
});
