import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { allTemplates, nagViolations, synthApp, synthTestStage, type TestStage } from './synth';

/** The CDK app's three stacks together: names, order, size limits, and cdk-nag over all of them. */
describe('the CDK app (stage "test", SPA built)', () => {
  let synth: TestStage['synth'];
  let api: TestStage['api'];

  beforeAll(() => {
    ({ synth, api } = synthTestStage());
  });

  describe('stacks', () => {
    it('names three stacks by stage and orders them data, web (the HTTP API and CloudFront), api (its stage and routes), without cycles', () => {
      expect([synth.data.stackName, synth.web.stackName, synth.api.stackName]).toEqual([
        'test-interviews-data',
        'test-interviews-web',
        'test-interviews-api',
      ]);
      const dependencies = (id: string) =>
        synth.assembly
          .getStackArtifact(id)
          .dependencies.map((artifact) => artifact.id)
          .filter((name) => name.endsWith('-interviews-data') || name.endsWith('-interviews-api') || name.endsWith('-interviews-web'));
      expect(dependencies(synth.data.artifactId)).toEqual([]);
      expect(dependencies(synth.web.artifactId)).toEqual([]);
      expect(dependencies(synth.api.artifactId).sort()).toEqual([synth.data.artifactId, synth.web.artifactId].sort());
    });

    it('keeps every template, nested stacks included, under 400 resources', () => {
      const counts = allTemplates(synth.app).map(({ path, template }) => [path, Object.keys(template.toJSON().Resources ?? {}).length] as const);
      expect(counts.length).toBeGreaterThan(3);
      for (const [path, count] of counts) expect(count, path).toBeLessThan(400);
    });

    it('puts route resources in nested stacks, leaving the parent only the stage and one resource per chunk (and the monitoring)', () => {
      api.resourceCountIs('AWS::ApiGatewayV2::Route', 0);
      api.resourceCountIs('AWS::CloudFormation::Stack', synth.api.api.chunkStacks.length + 1);
    });
  });

  describe('cdk-nag (AwsSolutions)', () => {
    it('reports no unacknowledged finding, error or warning, in any stack', () => {
      expect(nagViolations(synth.app)).toEqual([]);
    });

    it('leaves no other error or warning annotations', () => {
      for (const stack of [synth.data, synth.api, synth.web]) {
        expect(Annotations.fromStack(stack).findError('*', Match.anyValue()), stack.stackName).toEqual([]);
        expect(Annotations.fromStack(stack).findWarning('*', Match.anyValue()), stack.stackName).toEqual([]);
      }
    });

    it('records a reason with every acknowledgment in the templates', () => {
      const reasons = allTemplates(synth.app).flatMap(({ template }) =>
        Object.values(
          template.toJSON().Resources as Record<string, { Metadata?: { cdk_nag?: { rules_to_suppress: { id: string; reason: string }[] } } }>,
        ).flatMap((resource) => resource.Metadata?.cdk_nag?.rules_to_suppress ?? []),
      );
      expect(reasons.length).toBeGreaterThan(0);
      for (const { id, reason } of reasons) expect(reason.length, id).toBeGreaterThan(40);
    });
  });
});

describe('the cdk-nag check itself', () => {
  it('reports a finding when one is introduced (the zero above is not vacuous)', () => {
    const app = new App();
    const stack = new Stack(app, 'Probe');
    new Bucket(stack, 'Plain');
    expect(nagViolations(app)).toEqual(expect.arrayContaining([expect.stringMatching(/^error AwsSolutions-S10 at Probe\/Plain/)]));
  });
});

describe('the CDK app without a web build', () => {
  it('synthesizes, skips the SPA upload and says so', () => {
    const synth = synthApp({ spaDistPath: '/nonexistent/web/dist' });
    const web = Template.fromStack(synth.web);
    web.resourceCountIs('Custom::CDKBucketDeployment', 0);
    web.resourceCountIs('AWS::CloudFront::Distribution', 1);
    Annotations.fromStack(synth.web).hasWarning('/test-interviews-web/Web', Match.stringLikeRegexp('index.html not found'));
    expect(nagViolations(synth.app)).toEqual([]);
  });
});
