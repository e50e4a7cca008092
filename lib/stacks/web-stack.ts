import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { createHttpApi } from '../constructs/api';
import { Web } from '../constructs/web';

export interface WebStackProps extends StackProps {
  readonly config: StageConfig;
  readonly spaDistPath?: string;
}

/**
 * The site's front door: the HTTP API (without stage or routes), CloudFront in front of the SPA
 * bucket and that API, and the SPA. The API stack comes after it and gives the API its stage and
 * routes, so the route functions get the site's origin from here as a plain environment variable.
 */
export class WebStack extends Stack {
  readonly httpApi: HttpApi;
  readonly web: Web;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    this.httpApi = createHttpApi(this, 'HttpApi', props.config);
    this.web = new Web(this, 'Web', { config: props.config, apiId: this.httpApi.apiId, spaDistPath: props.spaDistPath });
    new CfnOutput(this, 'AppOrigin', { value: this.web.appOrigin });
    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'SiteBucketName', { value: this.web.siteBucket.bucketName });
  }
}
