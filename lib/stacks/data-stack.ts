import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { Data } from '../constructs/data';
import { MailDelivery } from '../constructs/mail-delivery';

export interface DataStackProps extends StackProps {
  readonly config: StageConfig;
}

/**
 * The stage's data: the table and the media bucket (with its access-log bucket), and the SES
 * configuration set its mail is sent with. Kept apart from
 * the API and the site so those can be replaced or destroyed without touching data.
 */
export class DataStack extends Stack {
  readonly data: Data;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    // An explicit CORS origin only when the site's origin is known up front (custom domain).
    this.data = new Data(this, 'Data', { config, mediaCorsOrigins: config.appOrigin ? [config.appOrigin] : undefined });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: this.data.mediaBucket.bucketName });
    // The SES configuration set every mail goes with, reporting deliveries, bounces and complaints (issue 26).
    new MailDelivery(this, 'MailDelivery', { config });
  }
}
