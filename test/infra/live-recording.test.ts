import { beforeAll, describe, expect, it } from 'vitest';
import { eventFunctions } from '../../lambdas/event-rules';
import { LIVE_RECORDINGS_EXPIRE_DAYS } from '../../lib/constructs/data';
import { lambdaFunctions } from '../../lib/functions';
import { allTemplates, fakeSpaDist, synthApp } from './synth';

type Resource = { Type: string; Properties: Record<string, any> };

const statementsOf = (resources: Record<string, Resource>) =>
  Object.values(resources).flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
const actionsOf = (statement: { Action: string | string[] }) => [statement.Action].flat();

describe('live recording in AWS (issue 30)', () => {
  let synth: ReturnType<typeof synthApp>;
  beforeAll(() => {
    synth = synthApp({ spaDistPath: fakeSpaDist() });
  }, 120_000);

  const templates = () => allTemplates(synth.app);
  const resourcesOf = (type: string) =>
    templates().flatMap(({ template }) => Object.values(template.findResources(type) as Record<string, Resource>));

  it('records into a bucket of its own: SSE-S3, bucket owner enforced, no public access, raw recordings expiring', () => {
    const buckets = resourcesOf('AWS::S3::Bucket').filter((bucket) => JSON.stringify(bucket.Properties.BucketName ?? '').includes('live-recordings'));
    expect(buckets).toHaveLength(1);
    const bucket = buckets[0]!.Properties;
    expect(bucket.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    expect(bucket.OwnershipControls.Rules[0].ObjectOwnership).toBe('BucketOwnerEnforced');
    expect(bucket.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, BlockPublicPolicy: true, RestrictPublicBuckets: true });
    expect(bucket.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ ExpirationInDays: LIVE_RECORDINGS_EXPIRE_DAYS, Status: 'Enabled' }),
    );
  });

  it('has an IVS storage configuration on that bucket', () => {
    const storage = resourcesOf('AWS::IVS::StorageConfiguration');
    expect(storage).toHaveLength(1);
    expect(JSON.stringify(storage[0]!.Properties.S3.BucketName)).toContain('live-recordings');
  });

  it("sends IVS's Recording End events to the function that joins the recording, retried and then dead-lettered", () => {
    const rules = resourcesOf('AWS::Events::Rule').filter((rule) => rule.Properties.EventPattern?.source?.includes('aws.ivs'));
    expect(rules).toHaveLength(1);
    const rule = rules[0]!.Properties;
    const { pattern } = eventFunctions.liveRecordingEnded;
    expect(rule.EventPattern).toEqual({
      source: [...pattern.source],
      'detail-type': [...pattern['detail-type']],
      detail: { event_name: [...pattern.detail.event_name] },
    });
    expect(rule.Targets).toHaveLength(1);
    expect(rule.Targets[0].RetryPolicy.MaximumRetryAttempts).toBeGreaterThan(0);
    expect(rule.Targets[0].DeadLetterConfig.Arn).toBeDefined();
    const functions = resourcesOf('AWS::Lambda::Function').filter((fn) =>
      String(fn.Properties.Description).includes('lambdas/events/live-recording-ended'),
    );
    expect(functions).toHaveLength(1);
    expect(Object.keys(functions[0]!.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining(['IVS_STORAGE_CONFIGURATION_ARN', 'LIVE_RECORDINGS_BUCKET', 'MEDIA_BUCKET', 'STATE_MACHINE_ARN', 'TABLE_NAME']),
    );
  });

  it('raises an alarm when an event lands in the dead-letter queue', () => {
    const alarms = resourcesOf('AWS::CloudWatch::Alarm').filter((alarm) => /EventFunctions/.test(JSON.stringify(alarm.Properties.AlarmName ?? '')));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(JSON.stringify(alarms[0]!.Properties)).toContain('ApproximateNumberOfMessagesVisible');
  });

  it('lets only the live-recording functions call IVS, and only the calls a take needs, on stages', () => {
    const ivsStatements = statementsOf(Object.assign({}, ...templates().map(({ template }) => template.findResources('AWS::IAM::Policy')))).filter(
      (statement) => actionsOf(statement).some((action) => action.startsWith('ivs:')),
    );
    expect(ivsStatements.length).toBeGreaterThan(0);
    const actions = new Set(ivsStatements.flatMap(actionsOf));
    expect([...actions].sort()).toEqual(
      ['ivs:CreateParticipantToken', 'ivs:CreateStage', 'ivs:DeleteStage', 'ivs:DisconnectParticipant', 'ivs:GetStorageConfiguration'].sort(),
    );
    expect(ivsStatements.map((statement) => JSON.stringify(statement.Resource))).not.toContain('"*"');
    const stageStatements = ivsStatements.filter((statement) => actionsOf(statement).includes('ivs:CreateStage'));
    expect(stageStatements.length).toBeGreaterThan(0);
    for (const statement of stageStatements) expect(JSON.stringify(statement.Resource)).toContain(':stage/*');
    // The functions holding them: those granted live:record (the recording routes and the event function).
    const holders = templates().flatMap(({ template }) =>
      Object.entries(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
        .filter(([, policy]) => JSON.stringify(policy.Properties.PolicyDocument).includes('ivs:CreateParticipantToken'))
        .map(([id]) => id),
    );
    expect(holders).toHaveLength(lambdaFunctions.filter((fn) => fn.grants.includes('live:record')).length);
    expect(holders.length).toBeGreaterThanOrEqual(7);
  });
});
