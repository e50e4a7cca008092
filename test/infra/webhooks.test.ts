import { beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_SECRET_SEAL_PURPOSE } from '../../lambdas/contracts/webhooks';
import { WEBHOOK_MAX_ATTEMPTS } from '../../lambdas/domain/webhook-retries';
import { queues } from '../../lambdas/queues';
import { lambdaFunctions, queueNames } from '../../lib/functions';
import { actionsOf, allTemplates, fakeSpaDist, synthApp, type Resource, type Statement } from './synth';

/**
 * Outgoing webhooks in AWS (issue 38): the deliveries queue with its dead-letter queue and alarms, the
 * consumer's event source mapping, and least privilege: only the producers may send to the queue, only
 * the consumer receive, delete and change visibility, and the signing secrets' key is usable only under
 * the webhook-secret encryption context (sealing by the two routes that make secrets, opening by the
 * consumer). The synth runs cdk-nag (test/infra/synth.ts): any unacknowledged finding fails it.
 */
describe('webhook deliveries in AWS (issue 38)', () => {
  let synth: ReturnType<typeof synthApp>;
  beforeAll(() => {
    synth = synthApp({ spaDistPath: fakeSpaDist() });
  }, 180_000);

  const resourcesOf = (type: string) =>
    allTemplates(synth.app).flatMap(({ template }) =>
      Object.entries(template.findResources(type) as Record<string, Resource>).map(([logicalId, resource]) => ({ logicalId, template, ...resource })),
    );
  const names = queueNames('test', 'webhookDeliveries');

  /** Each IAM policy statement with the handler module of the function whose role it is attached to. */
  const grantsByHandler = () =>
    allTemplates(synth.app).flatMap(({ template }) => {
      const roles = template.findResources('AWS::IAM::Role') as Record<string, Resource>;
      return Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>).flatMap((policy) =>
        (policy.Properties.Roles as { Ref: string }[]).flatMap(({ Ref }) => {
          const handler = String(roles[Ref]?.Properties.Description ?? '').replace(/^Runs lambdas\//, '');
          return (policy.Properties.PolicyDocument.Statement as Statement[]).map((statement) => ({ handler, statement }));
        }),
      );
    });
  const handlersAllowed = (action: string) =>
    [...new Set(grantsByHandler().filter(({ statement }) => actionsOf(statement).includes(action)).map(({ handler }) => handler))].sort();

  it('has the deliveries queue, encrypted, with a redrive to its dead-letter queue after the whole schedule', () => {
    const all = resourcesOf('AWS::SQS::Queue');
    const queue = all.find((q) => q.Properties.QueueName === names.queue);
    const deadLetters = all.find((q) => q.Properties.QueueName === names.deadLetters);
    expect(queue).toBeDefined();
    expect(deadLetters).toBeDefined();
    expect(queue!.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: queues.webhookDeliveries.visibilityTimeoutSeconds,
      MessageRetentionPeriod: queues.webhookDeliveries.retentionSeconds,
    });
    expect(queue!.Properties.RedrivePolicy.maxReceiveCount).toBe(WEBHOOK_MAX_ATTEMPTS);
    expect(JSON.stringify(queue!.Properties.RedrivePolicy.deadLetterTargetArn)).toContain(deadLetters!.logicalId);
    expect(deadLetters!.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    // Messages outlive their schedule (~29 h), and the visibility is six times the consumer's timeout.
    expect(queues.webhookDeliveries.retentionSeconds).toBeGreaterThan(30 * 3600);
    const consumer = lambdaFunctions.find((fn) => fn.handler === 'queues/deliver-webhook')!;
    expect(queues.webhookDeliveries.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * consumer.timeoutSeconds);
    // SSL only, on both.
    const policies = resourcesOf('AWS::SQS::QueuePolicy').map((policy) => JSON.stringify(policy.Properties));
    for (const q of [queue!, deadLetters!]) expect(policies.some((text) => text.includes(q.logicalId) && text.includes('aws:SecureTransport'))).toBe(true);
  });

  it('maps the queue to the delivery function, reporting batch item failures', () => {
    // The queue's mapping (the table's stream has its own: test/infra/streams.test.ts).
    const mappings = resourcesOf('AWS::Lambda::EventSourceMapping').filter((mapping) => mapping.Properties.StartingPosition === undefined);
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.Properties).toMatchObject({ BatchSize: 10, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    const functions = resourcesOf('AWS::Lambda::Function').filter((fn) => String(fn.Properties.Description).includes('lambdas/queues/deliver-webhook'));
    expect(functions).toHaveLength(1);
    expect(JSON.stringify(mappings[0]!.Properties.FunctionName)).toContain(functions[0]!.logicalId);
    expect(Object.keys(functions[0]!.Properties.Environment.Variables).sort()).toEqual(
      [
        'APP_ORIGIN',
        'INTEGRATIONS_KEY_ID',
        'MAIL_CONFIGURATION_SET',
        'MAIL_FROM',
        'NODE_OPTIONS',
        'STAGE',
        'TABLE_NAME',
        'WEBHOOK_ALLOWED_ORIGINS',
        'WEBHOOK_DELIVERIES_QUEUE_URL',
        'WEBHOOK_RETRY_SCALE',
      ].sort(),
    );
    // In AWS no origin is exempt from the target rules, and the schedule is not scaled.
    expect(functions[0]!.Properties.Environment.Variables).toMatchObject({ WEBHOOK_ALLOWED_ORIGINS: '', WEBHOOK_RETRY_SCALE: '1' });
  });

  it('alarms on the dead-letter queue and on the delivery function’s errors, on the stage’s alarm topic', () => {
    const alarms = resourcesOf('AWS::CloudWatch::Alarm');
    const deadLetters = alarms.find((alarm) => String(alarm.Properties.AlarmName).endsWith('WebhookDeliveriesDeadLetters'));
    expect(deadLetters).toBeDefined();
    expect(deadLetters!.Properties.AlarmActions).toHaveLength(1);
    expect(JSON.stringify(deadLetters!.Properties.Dimensions ?? deadLetters!.Properties.Metrics)).toContain('QueueName');
    const queueErrors = alarms.filter((alarm) => /queues/i.test(String(alarm.Properties.AlarmName)) && /Errors/i.test(String(alarm.Properties.AlarmName)));
    expect(queueErrors.length).toBeGreaterThan(0);
    for (const alarm of queueErrors) expect(alarm.Properties.AlarmActions).toHaveLength(1);
  });

  it('grants the queue least privilege: producers send, only the consumer receives, deletes and delays', () => {
    // Stream functions send to their own mapping's dead-letter queue only (test/infra/streams.test.ts).
    expect(handlersAllowed('sqs:SendMessage').filter((handler) => !handler.startsWith('streams/'))).toEqual(
      ['api/webhooks/resend-webhook-delivery', 'api/webhooks/send-webhook-test-event', 'events/webhook-event'].sort(),
    );
    for (const action of ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility']) {
      expect(handlersAllowed(action), action).toEqual(['queues/deliver-webhook']);
    }
    // The producers' grant names the queue itself, by its name (no wildcard).
    const sends = grantsByHandler().filter(({ handler, statement }) => !handler.startsWith('streams/') && actionsOf(statement).includes('sqs:SendMessage'));
    for (const { statement } of sends) {
      expect(actionsOf(statement)).toEqual(['sqs:SendMessage']);
      expect(JSON.stringify(statement.Resource)).toContain(`:${names.queue}`);
    }
  });

  it('lets only the secret-making routes seal and only the consumer open signing secrets, under their encryption context', () => {
    const withContext = (action: string) =>
      grantsByHandler().filter(
        ({ statement }) => actionsOf(statement).includes(action) && JSON.stringify(statement.Condition ?? {}).includes(WEBHOOK_SECRET_SEAL_PURPOSE),
      );
    expect([...new Set(withContext('kms:Encrypt').map(({ handler }) => handler))].sort()).toEqual(
      ['api/webhooks/create-webhook-endpoint', 'api/webhooks/rotate-webhook-secret'].sort(),
    );
    expect([...new Set(withContext('kms:Decrypt').map(({ handler }) => handler))]).toEqual(['queues/deliver-webhook']);
    for (const { statement } of [...withContext('kms:Encrypt'), ...withContext('kms:Decrypt')]) {
      expect(actionsOf(statement)).toHaveLength(1);
      expect(statement.Condition).toMatchObject({ StringEquals: { 'kms:EncryptionContext:purpose': WEBHOOK_SECRET_SEAL_PURPOSE } });
    }
    // No webhook function may use the key outside that context (it would open ATS credentials).
    const webhookHandlers = new Set(['api/webhooks/create-webhook-endpoint', 'api/webhooks/rotate-webhook-secret', 'queues/deliver-webhook', 'events/webhook-event']);
    const unconditioned = grantsByHandler().filter(
      ({ handler, statement }) =>
        webhookHandlers.has(handler) &&
        actionsOf(statement).some((action) => action.startsWith('kms:')) &&
        !JSON.stringify(statement.Condition ?? {}).includes(WEBHOOK_SECRET_SEAL_PURPOSE),
    );
    expect(unconditioned).toEqual([]);
  });
});
