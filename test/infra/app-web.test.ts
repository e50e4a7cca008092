import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../lib/security-headers';
import { synthTestStage, type Resource, type TestStage } from './synth';

/** The web stack: CloudFront, the security headers, the site origin parameter and the SPA upload. */

// CloudFront managed policies (fixed ids across all accounts).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

describe('the web stack (stage "test", SPA built)', () => {
  let web: TestStage['web'];

  beforeAll(() => {
    ({ web } = synthTestStage());
  });

  describe('web', () => {
    it('serves the SPA bucket through Origin Access Control and /api/* from the HTTP API, uncached', () => {
      web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
      web.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultRootObject: 'index.html',
          DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https', ResponseHeadersPolicyId: Match.anyValue() }),
          CacheBehaviors: [
            Match.objectLike({
              PathPattern: '/api/*',
              CachePolicyId: CACHING_DISABLED,
              OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
              AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
              ViewerProtocolPolicy: 'https-only',
              ResponseHeadersPolicyId: Match.anyValue(),
            }),
          ],
          Origins: [
            Match.objectLike({ S3OriginConfig: Match.anyValue(), OriginAccessControlId: Match.anyValue() }),
            Match.objectLike({
              DomainName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith(['.execute-api.'])] }),
              CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
            }),
          ],
          Logging: Match.objectLike({ Bucket: Match.anyValue() }),
        }),
      });
      const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>);
      // No error mapping: it would turn the API's JSON 403/404 into index.html.
      expect(distribution!.Properties.DistributionConfig.CustomErrorResponses).toBeUndefined();
    });

    it('sends the security headers, CSP included, from lib/security-headers.ts', () => {
      const csp = securityHeaders['content-security-policy'];
      for (const directive of [
        "default-src 'self'",
        "img-src 'self' data: blob: https://*.amazonaws.com",
        "media-src 'self' blob: https://*.amazonaws.com",
        "connect-src 'self' https://*.amazonaws.com",
        "style-src 'self' 'unsafe-inline'",
        "script-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
        ResponseHeadersPolicyConfig: Match.objectLike({
          SecurityHeadersConfig: {
            ContentSecurityPolicy: { ContentSecurityPolicy: csp, Override: true },
            StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: true, Override: true },
            ContentTypeOptions: { Override: true },
            FrameOptions: { FrameOption: 'DENY', Override: true },
            ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          },
          CustomHeadersConfig: { Items: [{ Header: 'Permissions-Policy', Value: securityHeaders['permissions-policy'], Override: true }] },
        }),
      });
    });

    it("exports the site's origin (CloudFront's domain) to the API stack, whose functions get it as a plain variable: no SSM parameter", () => {
      web.hasOutput('*', { Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('Distribution'), 'DomainName'] }, Export: Match.anyValue() });
      web.resourceCountIs('AWS::SSM::Parameter', 0);
      web.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    });

    it('uploads the built SPA: hashed assets cached for a year, pages revalidated, CloudFront invalidated', () => {
      web.hasResourceProperties('Custom::CDKBucketDeployment', {
        DestinationBucketKeyPrefix: 'assets/',
        SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
        Prune: false,
      });
      web.hasResourceProperties('Custom::CDKBucketDeployment', {
        SystemMetadata: { 'cache-control': 'no-cache' },
        DistributionPaths: ['/*'],
        Prune: false,
      });
    });
  });
});
