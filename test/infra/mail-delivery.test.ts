import { beforeAll, describe, expect, it } from 'vitest';
import { SES_MAIL_EVENT } from '../../lambdas/contracts/mail-events';
import { eventFunctions } from '../../lambdas/event-rules';
import { lambdaFunctions, mailConfigurationSetName } from '../../lib/functions';
import { actionsOf, allTemplates, fakeSpaDist, synthApp, type Resource, type Statement } from './synth';

/** Mail delivery is seen (issue 26): the configuration set, its events on the default bus, the rule and the function that records them. */
describe('mail delivery in AWS (issue 26)', () => {
  let synth: ReturnType<typeof synthApp>;
  beforeAll(() => {
    synth = synthApp({ spaDistPath: fakeSpaDist() });
  }, 120_000);

  const templates = () => allTemplates(synth.app);
  const resourcesOf = (type: string) =>
    templates().flatMap(({ path, template }) =>
      Object.values(template.findResources(type) as Record<string, Resource>).map((resource) => ({ path, ...resource })),
    );

  it('has one SES configuration set per stage, in the data stack, named as the mail-sending functions name it', () => {
    const sets = resourcesOf('AWS::SES::ConfigurationSet');
    expect(sets).toHaveLength(1);
    expect(sets[0]!.path).toBe(synth.data.node.path);
    expect(sets[0]!.Properties.Name).toBe(mailConfigurationSetName('test'));
    expect(sets[0]!.Properties.ReputationOptions).toEqual({ ReputationMetricsEnabled: true });
    // Every function granted mail:send (and only those) sends with it.
    const senders = resourcesOf('AWS::Lambda::Function').filter((fn) => fn.Properties.Environment?.Variables?.MAIL_CONFIGURATION_SET !== undefined);
    expect(senders.length).toBe(lambdaFunctions.filter((fn) => fn.grants.includes('mail:send')).length);
    expect(senders.length).toBeGreaterThan(5);
    for (const fn of senders) expect(fn.Properties.Environment.Variables.MAIL_CONFIGURATION_SET).toBe('test-mail');
  });

  it('sends deliveries, bounces and complaints to the default EventBridge bus', () => {
    const destinations = resourcesOf('AWS::SES::ConfigurationSetEventDestination');
    expect(destinations).toHaveLength(1);
    const { ConfigurationSetName, EventDestination } = destinations[0]!.Properties;
    expect(JSON.stringify(ConfigurationSetName)).toMatch(/ConfigurationSet|-mail/);
    expect(EventDestination.Enabled).toBe(true);
    expect([...EventDestination.MatchingEventTypes].sort()).toEqual(['bounce', 'complaint', 'delivery']);
    expect(JSON.stringify(EventDestination.EventBridgeDestination.EventBusArn)).toContain(':event-bus/default');
  });

  it("has a rule for SES's events to the function that records them, retried and then dead-lettered, writing only the table", () => {
    const rules = resourcesOf('AWS::Events::Rule').filter((rule) => rule.Properties.EventPattern?.source?.includes(SES_MAIL_EVENT.source));
    expect(rules).toHaveLength(1);
    const rule = rules[0]!.Properties;
    expect(rule.EventPattern).toEqual({ source: ['aws.ses'], 'detail-type': ['Email Delivered', 'Email Bounced', 'Email Complaint Received'] });
    expect(rule.EventPattern).toEqual({
      source: [...eventFunctions.mailEventReceived.pattern.source],
      'detail-type': [...eventFunctions.mailEventReceived.pattern['detail-type']],
    });
    expect(rule.Targets[0].RetryPolicy.MaximumRetryAttempts).toBeGreaterThan(0);
    expect(rule.Targets[0].DeadLetterConfig.Arn).toBeDefined();
    const functions = resourcesOf('AWS::Lambda::Function').filter((fn) =>
      String(fn.Properties.Description).includes('lambdas/events/mail-event-received'),
    );
    expect(functions).toHaveLength(1);
    expect(Object.keys(functions[0]!.Properties.Environment.Variables).sort()).toEqual(['NODE_OPTIONS', 'STAGE', 'TABLE_NAME']);
  });

  it('lets mail-sending functions send only from the sender identities and with the configuration set', () => {
    const statements = templates()
      .flatMap(({ template }) => Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[])
      .filter((statement) => actionsOf(statement).includes('ses:SendEmail'));
    expect(statements.length).toBe(lambdaFunctions.filter((fn) => fn.grants.includes('mail:send')).length);
    for (const statement of statements) {
      const resources = JSON.stringify(statement.Resource);
      expect(resources).toContain(`:configuration-set/${mailConfigurationSetName('test')}`);
      expect(resources).not.toContain('"*"');
    }
  });
});
