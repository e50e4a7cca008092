import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeEntries } from '../../lambdas/operations/index';
import { synthApp } from './synth';

/** The app for production with a custom domain: what changes from the test stage. */
describe('the CDK app for production with a custom domain', () => {
  let synth: ReturnType<typeof synthApp>;

  beforeAll(() => {
    synth = synthApp({
      spaDistPath: '/nonexistent/web/dist',
      context: {
        stage: 'prod',
        mailFrom: 'Video Interviews <no-reply@mail.example.org>',
        domainName: 'interviews.example.org',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
      },
    });
  });

  it('retains and protects the data, and keeps it when the stack goes', () => {
    const data = Template.fromStack(synth.data);
    data.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', Properties: Match.objectLike({ DeletionProtectionEnabled: true }) });
    data.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
    data.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
    expect(synth.data.terminationProtection).toBe(true);
  });

  it('serves the custom domain with TLS 1.2+ and pins media CORS to it', () => {
    Template.fromStack(synth.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['interviews.example.org'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }),
      }),
    });
    Template.fromStack(synth.data).hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://interviews.example.org'] })] },
    });
  });

  it('gives mail-sending functions the origin directly, and SES rights on the sender address and its domain', () => {
    const [operationId] = routeEntries.find(([, route]) => (route.grants as readonly string[]).includes('mail:send')) ?? [];
    expect(operationId).toBeDefined();
    const chunk = synth.api.api.chunkStacks.find((stack) => stack.functions.has(operationId!))!;
    const template = Template.fromStack(chunk);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          APP_ORIGIN: 'https://interviews.example.org',
          MAIL_FROM: 'Video Interviews <no-reply@mail.example.org>',
        }),
      },
    });
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(policies).toContain(':identity/no-reply@mail.example.org');
    expect(policies).toContain(':identity/mail.example.org');
    Template.fromStack(synth.web).resourceCountIs('AWS::SSM::Parameter', 0);
  });
});
