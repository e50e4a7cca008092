import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { Policy } from 'aws-cdk-lib/aws-iam';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { API_PREFIX } from '../../lambdas/operations/path';
import { type StageConfig } from '../config';
import { acknowledge, iam4ManagedPolicy, iam5Findings } from '../nag';
import { securityHeaders } from '../security-headers';
import { createLogBucket, privateBucketProps } from './buckets';
import { REPO_ROOT } from './lambda-function';

/** `/api/*`: the first segment of API_PREFIX, every API path. */
export const API_PATH_PATTERN = `/${API_PREFIX.split('/')[1]}/*`;

export const DEFAULT_SPA_DIST = path.join(REPO_ROOT, 'web', 'dist');

export interface WebProps {
  readonly config: StageConfig;
  /** The HTTP API's id; CloudFront forwards /api/* to its execute-api endpoint. */
  readonly apiId: string;
  /** The built SPA (default web/dist). Skipped with a warning when it has no index.html. */
  readonly spaDistPath?: string;
}

/**
 * BucketDeployment runs a CDK-owned custom-resource Lambda (one per stack) during deployments only.
 * Its role, policy and runtime are aws-cdk-lib's; acknowledge exactly the findings its policy has.
 */
const acknowledgeBucketDeploymentHandler = (deployment: BucketDeployment): void => {
  const role = deployment.handlerRole;
  const handler = role.node.scope;
  const policy = role.node.tryFindChild('DefaultPolicy') as Policy | undefined;
  if (!handler || !policy) throw new Error('BucketDeployment handler role or policy not found; has aws-cdk-lib changed its structure?');
  const owner = "CDK's BucketDeployment handler (aws-cdk-lib code that runs only while deploying the SPA)";
  acknowledge(
    handler,
    iam4ManagedPolicy('service-role/AWSLambdaBasicExecutionRole'),
    `${owner} writes its logs through the AWSLambdaBasicExecutionRole managed policy.`,
  );
  acknowledge(handler, 'AwsSolutions-L1', `${owner}: aws-cdk-lib chooses and updates its Python runtime.`);
  const findings = iam5Findings(policy);
  for (const id of findings.actions) {
    acknowledge(handler, id, `${owner}: CDK grants read on the zipped SPA asset and read/write on the site bucket as S3 action groups.`);
  }
  for (const id of findings.resources) {
    const reason =
      id === 'AwsSolutions-IAM5[Resource::*]'
        ? `${owner}: cloudfront:CreateInvalidation/GetInvalidation after the upload, granted by CDK on all distributions.`
        : `${owner}: the objects of the SPA asset in the CDK bootstrap bucket, or of the site bucket it syncs into.`;
    acknowledge(handler, id, reason);
  }
};

/** The response headers policy's security headers, from the one definition in lib/security-headers.ts. */
const hsts = (() => {
  const value = securityHeaders['strict-transport-security'];
  const maxAge = Number(/max-age=(\d+)/.exec(value)?.[1]);
  if (!Number.isFinite(maxAge)) throw new Error(`strict-transport-security without max-age: ${value}`);
  return { maxAge: Duration.seconds(maxAge), includeSubdomains: /includeSubDomains/i.test(value), preload: /preload/i.test(value) };
})();

const referrerPolicy = (() => {
  const value = securityHeaders['referrer-policy'];
  const policy = Object.values(HeadersReferrerPolicy).find((candidate) => candidate === value);
  if (!policy) throw new Error(`Unknown referrer-policy for CloudFront: ${value}`);
  return policy;
})();

/**
 * The site: a private S3 bucket with the built SPA behind CloudFront (Origin Access Control), and
 * `/api/*` on the same distribution forwarded to the HTTP API, so the browser sees one origin in AWS
 * exactly as locally (no CORS, same-origin session header).
 *
 * No error-page mapping (403/404 → /index.html): CloudFront's custom error responses apply to the
 * whole distribution, so they would also turn the API's JSON 403/404 into the SPA's HTML. The SPA
 * routes with the hash (`/#/interview/...`), so every page load requests `/` (defaultRootObject)
 * and no deep path ever reaches S3.
 */
export class Web extends Construct {
  readonly siteBucket: Bucket;
  readonly logBucket: Bucket;
  readonly distribution: Distribution;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;
  readonly appOrigin: string;
  readonly deployments: readonly BucketDeployment[];

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { config } = props;
    const stack = Stack.of(this);

    this.logBucket = createLogBucket(this, 'Logs', config, { forCloudFront: true });
    this.siteBucket = new Bucket(this, 'Site', {
      ...privateBucketProps(config),
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3-site/',
    });

    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `${config.stage} video interviews: security headers (lib/security-headers.ts)`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: securityHeaders['content-security-policy'], override: true },
        strictTransportSecurity: {
          accessControlMaxAge: hsts.maxAge,
          includeSubdomains: hsts.includeSubdomains,
          preload: hsts.preload,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy, override: true },
      },
      customHeadersBehavior: {
        // Recording needs camera and microphone on the site's own origin.
        customHeaders: [{ header: 'Permissions-Policy', value: securityHeaders['permissions-policy'], override: true }],
      },
    });

    const apiOrigin = new HttpOrigin(`${props.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    });

    const customDomain =
      config.domainName && config.certificateArn ? { domainName: config.domainName, certificateArn: config.certificateArn } : undefined;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${config.stage} video interviews`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
      },
      additionalBehaviors: {
        [API_PATH_PATTERN]: {
          origin: apiOrigin,
          // An API client must not be redirected (a POST would turn into a GET): plain HTTP is refused.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything the handlers read (X-Session-Id, query strings, cookies) except Host, which
          // must be the execute-api domain for API Gateway to find the API.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.responseHeadersPolicy,
          compress: true,
        },
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: config.isProduction ? PriceClass.PRICE_CLASS_ALL : PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      ...(customDomain
        ? {
            domainNames: [customDomain.domainName],
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
            certificate: Certificate.fromCertificateArn(this, 'Certificate', customDomain.certificateArn),
          }
        : {}),
    });

    acknowledge(this.distribution, 'AwsSolutions-CFR1', 'Hiring teams and candidates are anywhere; the product has no country restrictions.');
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR2',
      'No WAF by default (a web ACL costs per month and per rule). The API stage is throttled, every input is validated, and sign-in codes lock after 5 tries. A web ACL can be attached per deployment.',
    );
    if (!customDomain) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain the distribution uses the default *.cloudfront.net certificate, for which CloudFront does not allow choosing the minimum TLS version. With -c domainName/-c certificateArn it uses TLSv1.2_2021.',
      );
    }

    // The SPA's origin for links in e-mails: the custom domain when given, else CloudFront's domain.
    this.appOrigin = config.appOrigin ?? `https://${this.distribution.distributionDomainName}`;

    this.deployments = this.deploySpa(props.spaDistPath ?? DEFAULT_SPA_DIST);
    if (this.deployments.length > 0) acknowledgeBucketDeploymentHandler(this.deployments[0]!);
  }

  /**
   * Uploads the built SPA when it exists, so `cdk synth` works without a web build. Hashed files
   * under assets/ are cached for a year; everything else (index.html) is revalidated on every load
   * so a deploy takes effect at once. Neither deployment prunes: a browser still holding the old
   * index.html can load the old chunks until the next deploy.
   */
  private deploySpa(distPath: string): BucketDeployment[] {
    if (!existsSync(path.join(distPath, 'index.html'))) {
      Annotations.of(this).addWarningV2(
        'interviews:spa-not-built',
        `${path.relative(REPO_ROOT, distPath) || distPath}/index.html not found: the SPA is not uploaded. Run \`npm run build:web\` before deploying.`,
      );
      return [];
    }
    const deployments: BucketDeployment[] = [];
    const assetsPath = path.join(distPath, 'assets');
    if (existsSync(assetsPath)) {
      deployments.push(
        new BucketDeployment(this, 'DeployAssets', {
          sources: [Source.asset(assetsPath)],
          destinationBucket: this.siteBucket,
          destinationKeyPrefix: 'assets/',
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
          prune: false,
          memoryLimit: 512,
        }),
      );
    }
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [Source.asset(distPath, { exclude: ['assets', 'assets/**'] })],
      destinationBucket: this.siteBucket,
      cacheControl: [CacheControl.noCache()],
      prune: false,
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // index.html must never reference chunks that are not uploaded yet.
    for (const deployment of deployments) pages.node.addDependency(deployment);
    deployments.push(pages);
    return deployments;
  }
}
