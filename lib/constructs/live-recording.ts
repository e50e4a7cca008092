import { Duration } from 'aws-cdk-lib';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { CfnStorageConfiguration } from 'aws-cdk-lib/aws-ivs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { eventFunctionEntries } from '../../lambdas/event-rules';
import type { StageConfig } from '../config';
import { eventFunction } from '../functions';
import { acknowledge } from '../nag';
import type { DataResourceRefs } from './data';
import { bindGrants } from './grants';
import { AppFunction } from './lambda-function';

export interface LiveRecordingProps {
  readonly config: StageConfig;
  readonly data: DataResourceRefs;
  /** The SPA's origin, for the links functions write (grant app:links). */
  readonly appOrigin: string;
  readonly stateMachineArn: string;
}

/**
 * The live-recording service (issue 30): an IVS storage configuration that lets IVS real-time stages
 * record into the data stack's live-recordings bucket (stages themselves are made per take, at run
 * time, by the API), and each function of lambdas/event-rules.ts behind an EventBridge rule with its
 * pattern: retried, then kept in a dead-letter queue that has an alarm (lib/constructs/monitoring.ts).
 */
export class LiveRecording extends Construct {
  readonly storageConfigurationArn: string;
  readonly functions: ReadonlyMap<string, AppFunction>;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: LiveRecordingProps) {
    super(scope, id);
    const { config, data } = props;
    const storage = new CfnStorageConfiguration(this, 'StorageConfiguration', {
      name: `${config.stage}-live-recordings`,
      s3: { bucketName: data.liveRecordingsBucketName },
    });
    this.storageConfigurationArn = storage.attrArn;

    this.deadLetterQueue = new Queue(this, 'EventsDeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.deadLetterQueue, 'AwsSolutions-SQS3', 'This is the dead-letter queue of the event rules; its messages raise an alarm.');

    const functions = new Map<string, AppFunction>();
    for (const [functionId, definition] of eventFunctionEntries) {
      const fnDefinition = eventFunction(functionId, definition);
      const fn = new AppFunction(this, functionId, { config, ...fnDefinition });
      bindGrants(fn, fnDefinition.grants, {
        config,
        data,
        appOrigin: props.appOrigin,
        stateMachineArn: props.stateMachineArn,
        liveStorageConfigurationArn: this.storageConfigurationArn,
      });
      new Rule(this, `${functionId}Rule`, {
        description: `${config.stage}: ${definition.description}`.slice(0, 512),
        eventPattern: {
          source: [...definition.pattern.source],
          detailType: [...definition.pattern['detail-type']],
          ...(definition.pattern.detail
            ? { detail: Object.fromEntries(Object.entries(definition.pattern.detail).map(([field, values]) => [field, [...values]])) }
            : {}),
        },
        targets: [new LambdaFunction(fn, { retryAttempts: 8, maxEventAge: Duration.hours(6), deadLetterQueue: this.deadLetterQueue })],
      });
      functions.set(functionId, fn);
    }
    this.functions = functions;
  }
}
