import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { Web } from '../constructs/web';

export interface WebStackProps extends StackProps {
  readonly config: StageConfig;
  /** The HTTP API's id (a reference into the API stack). */
  readonly apiId: string;
  readonly spaDistPath?: string;
}

/**
 * The site: CloudFront in front of the SPA bucket and the API, and the SSM parameter naming the
 * site's origin. It depends on the API stack (the API's domain); the API reads the origin from SSM
 * at run time instead of referencing this stack, which would be a cycle.
 */
export class WebStack extends Stack {
  readonly web: Web;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    this.web = new Web(this, 'Web', { config: props.config, apiId: props.apiId, spaDistPath: props.spaDistPath });
    new CfnOutput(this, 'AppOrigin', { value: this.web.appOrigin });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'SiteBucketName', { value: this.web.siteBucket.bucketName });
  }
}
