import { Duration } from 'aws-cdk-lib';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { streamFunctionEntries, type StreamFunctionId } from '../../lambdas/streams';
import type { StageConfig } from '../config';
import { streamFunction } from '../functions';
import { acknowledge, iam5Resource } from '../nag';
import { tableStreamParameterName, type DataResourceRefs } from './data';
import { bindGrants } from './grants';
import { AppFunction } from './lambda-function';

export interface StreamsProps {
  readonly config: StageConfig;
  readonly data: DataResourceRefs;
  /** The SPA's origin, for the links functions write (grant app:links). */
  readonly appOrigin: string;
}

/** A stream function's dead-letter queue, by name (`<stage>-aggregate-reports-dlq`). */
export const streamDeadLetterQueueName = (stage: string, functionId: StreamFunctionId): string =>
  `${stage}-${functionId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}-dlq`;

/**
 * The functions of lambdas/streams.ts and their event source mappings from the table's stream
 * (NEW_AND_OLD_IMAGES, turned on by the data stack, whose ARN it publishes in SSM: see
 * tableStreamParameterName). Each mapping starts at TRIM_HORIZON (nothing the stream still holds is
 * skipped when a mapping is made), passes only what the function's filter matches (Lambda's
 * FilterCriteria from the same pattern the local poller applies), reports batch item failures (a
 * failed record is retried, in order, with those after it), halves a batch that keeps failing to
 * find the record at fault, and after `retryAttempts` retries or `maxRecordAgeSeconds` sends a
 * description of the records (shard and sequence numbers, not their data) to the function's
 * dead-letter queue, so one poison record cannot hold up its shard. The function's role may read
 * the stream (the mapping's, granted by CDK with it), use the table as its grants say, and send to
 * its dead-letter queue (the mapping's on-failure destination), nothing more. The iterator age, the
 * errors and the dead-letter queue have alarms (lib/constructs/monitoring.ts).
 */
export class Streams extends Construct {
  readonly functions: ReadonlyMap<StreamFunctionId, AppFunction>;
  readonly deadLetterQueues: ReadonlyMap<StreamFunctionId, Queue>;

  constructor(scope: Construct, id: string, props: StreamsProps) {
    super(scope, id);
    const { config, data } = props;
    // Resolved at each deploy (an SSM parameter type of the template), so a re-enabled stream is followed.
    const tableStreamArn = StringParameter.valueForStringParameter(this, tableStreamParameterName(config.stage));
    const table = Table.fromTableAttributes(this, 'Table', { tableArn: data.tableArn, tableStreamArn });

    const functions = new Map<StreamFunctionId, AppFunction>();
    const deadLetters = new Map<StreamFunctionId, Queue>();
    for (const [functionId, definition] of streamFunctionEntries) {
      const queueName = streamDeadLetterQueueName(config.stage, functionId);
      const deadLetterQueue = new Queue(this, `${functionId}DeadLetters`, {
        queueName,
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      acknowledge(deadLetterQueue, 'AwsSolutions-SQS3', `This is the dead-letter queue of the ${functionId} stream mapping; its messages raise an alarm.`);
      const fnDefinition = streamFunction(functionId, definition);
      const fn = new AppFunction(this, functionId, { config, ...fnDefinition });
      bindGrants(fn, fnDefinition.grants, { config, data, appOrigin: props.appOrigin });
      fn.addEventSource(
        new DynamoEventSource(table, {
          startingPosition: StartingPosition.TRIM_HORIZON,
          batchSize: definition.batchSize,
          maxBatchingWindow: Duration.seconds(definition.batchingWindowSeconds),
          filters: [FilterCriteria.filter(definition.filter)],
          bisectBatchOnError: true,
          retryAttempts: definition.retryAttempts,
          maxRecordAge: Duration.seconds(definition.maxRecordAgeSeconds),
          reportBatchItemFailures: true,
          onFailure: new SqsDlq(deadLetterQueue),
        }),
      );
      // CDK's grantStreamRead allows dynamodb:ListStreams on `*`: that action has no resource of its own.
      acknowledge(
        fn.role ?? fn,
        iam5Resource(fn, '*'),
        'dynamodb:ListStreams (the event source mapping lists the streams to find its shards) takes no resource; the stream itself (DescribeStream, GetRecords, GetShardIterator) is named exactly.',
      );
      functions.set(functionId, fn);
      deadLetters.set(functionId, deadLetterQueue);
    }
    this.functions = functions;
    this.deadLetterQueues = deadLetters;
  }
}
