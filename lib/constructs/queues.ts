import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queueFunctionEntries, queues, type QueueId } from '../../lambdas/queues';
import type { StageConfig } from '../config';
import { queueFunction, queueNames } from '../functions';
import { acknowledge } from '../nag';
import type { DataResourceRefs } from './data';
import { bindGrants } from './grants';
import { AppFunction } from './lambda-function';

export interface QueuesProps {
  readonly config: StageConfig;
  readonly data: DataResourceRefs;
  /** The SPA's origin, for the links functions write (grant app:links). */
  readonly appOrigin: string;
}

/**
 * The queues of lambdas/queues.ts (the webhook deliveries, issue 38) and their consumers: each queue
 * under its fixed name (the producers, in the API's nested stacks and the event functions, address it
 * by name: lib/constructs/grants.ts), with a dead-letter queue after `maxReceiveCount` receives, and
 * an event source mapping to its function with ReportBatchItemFailures, so a failed message stays
 * (hidden for the backoff its function set) while the rest of the batch is deleted. The consumers'
 * errors and the dead-letter queues have alarms (lib/constructs/monitoring.ts).
 *
 * Why a queue and a function of our own rather than EventBridge API destinations: a destination signs
 * nothing with a per-endpoint secret (only an API key, basic auth or OAuth header of one connection),
 * cannot refuse a URL that resolves to a private address at delivery time, retries for at most 24 hours
 * without a log a company can read, and would need one connection and destination per endpoint.
 */
export class Queues extends Construct {
  readonly functions: ReadonlyMap<string, AppFunction>;
  readonly queues: ReadonlyMap<QueueId, Queue>;
  readonly deadLetterQueues: ReadonlyMap<QueueId, Queue>;

  constructor(scope: Construct, id: string, props: QueuesProps) {
    super(scope, id);
    const { config, data } = props;
    const made = new Map<QueueId, Queue>();
    const deadLetters = new Map<QueueId, Queue>();
    for (const [queueId, definition] of Object.entries(queues) as [QueueId, (typeof queues)[QueueId]][]) {
      const names = queueNames(config.stage, queueId);
      const deadLetterQueue = new Queue(this, `${queueId}DeadLetters`, {
        queueName: names.deadLetters,
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      acknowledge(deadLetterQueue, 'AwsSolutions-SQS3', `This is the dead-letter queue of ${names.queue}; its messages raise an alarm.`);
      const queue = new Queue(this, queueId, {
        queueName: names.queue,
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
        retentionPeriod: Duration.seconds(definition.retentionSeconds),
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: definition.maxReceiveCount },
      });
      made.set(queueId, queue);
      deadLetters.set(queueId, deadLetterQueue);
    }

    const functions = new Map<string, AppFunction>();
    for (const [functionId, definition] of queueFunctionEntries) {
      const fnDefinition = queueFunction(functionId, definition);
      const fn = new AppFunction(this, functionId, { config, ...fnDefinition });
      bindGrants(fn, fnDefinition.grants, { config, data, appOrigin: props.appOrigin });
      // Receiving and deleting are the mapping's (CDK grants them to the function's role with it).
      fn.addEventSource(new SqsEventSource(made.get(definition.queue)!, { batchSize: definition.batchSize, reportBatchItemFailures: true }));
      functions.set(functionId, fn);
    }
    this.functions = functions;
    this.queues = made;
    this.deadLetterQueues = deadLetters;
  }
}
