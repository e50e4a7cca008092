import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { queueFunctionEntries } from '../../lambdas/queues';
import { invokeHandler } from './lambda-runtime';
import { sleep } from './net';
import { createPollingLoops, type Poller } from './poller';

/**
 * Lambda's SQS event source mapping, locally: pollers long-poll each queue of lambdas/queues.ts on the
 * SQS stand-in (through the official SDK, as the mapping is a client of SQS), invoke the consuming
 * function through the local Lambda runtime with SQS's event shape, and delete what the invocation
 * did not report in `batchItemFailures` (ReportBatchItemFailures). A failed invocation (an error, a
 * timeout) deletes nothing: the batch comes back after its visibility timeout, as in AWS. Messages a
 * function reported failed stay, with whatever visibility the function gave them.
 */
export type SqsPoller = Poller;

/** Pollers per queue (Lambda starts five and scales; locally the runtime's concurrency bounds the work anyway). */
const POLLERS_PER_QUEUE = 3;

export const startSqsPoller = (options: {
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  queueUrl: (queue: string) => string;
  queueArn: (queue: string) => string;
  log: (msg: string, fields?: Record<string, unknown>) => void;
}): SqsPoller => {
  const sqs = new SQSClient({ endpoint: options.endpoint, region: options.region, credentials: options.credentials, maxAttempts: 2 });
  const loops = createPollingLoops(() => sqs.destroy());

  const poll = async (stopping: AbortSignal, functionId: string, handler: string, queue: string, batchSize: number) => {
    const QueueUrl = options.queueUrl(queue);
    while (!stopping.aborted) {
      let messages;
      try {
        ({ Messages: messages } = await sqs.send(
          new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: batchSize, WaitTimeSeconds: 20, MessageSystemAttributeNames: ['All'] }),
          { abortSignal: stopping },
        ));
      } catch (error) {
        if (stopping.aborted) return;
        options.log('sqs poll failed', { queue, error: String(error) });
        await sleep(1000);
        continue;
      }
      if (!messages || messages.length === 0) continue;
      await loops.invoking(async () => {
        try {
          const event: SQSEvent = {
            Records: messages.map((message) => ({
              messageId: message.MessageId!,
              receiptHandle: message.ReceiptHandle!,
              body: message.Body ?? '',
              attributes: {
                ApproximateReceiveCount: message.Attributes?.ApproximateReceiveCount ?? '1',
                SentTimestamp: message.Attributes?.SentTimestamp ?? String(Date.now()),
                SenderId: message.Attributes?.SenderId ?? '000000000000',
                ApproximateFirstReceiveTimestamp: message.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
              },
              messageAttributes: {},
              md5OfBody: message.MD5OfBody ?? '',
              eventSource: 'aws:sqs',
              eventSourceARN: options.queueArn(queue),
              awsRegion: options.region,
            })),
          };
          let response: SQSBatchResponse | undefined;
          try {
            response = (await invokeHandler(handler, event)) as SQSBatchResponse | undefined;
          } catch (error) {
            options.log('sqs batch failed', { function: functionId, queue, messages: messages.length, error: String(error) });
            return;
          }
          const failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
          const done = messages.filter((message) => !failed.has(message.MessageId!));
          if (done.length > 0) {
            const { Failed } = await sqs.send(
              new DeleteMessageBatchCommand({
                QueueUrl,
                Entries: done.map((message, index) => ({ Id: String(index), ReceiptHandle: message.ReceiptHandle! })),
              }),
            );
            if (Failed?.length) options.log('sqs delete failed', { queue, failed: Failed.length });
          }
        } catch (error) {
          options.log('sqs delivery failed', { queue, error: String(error) });
        }
      });
    }
  };

  for (const [functionId, definition] of queueFunctionEntries) {
    for (let i = 0; i < POLLERS_PER_QUEUE; i += 1)
      loops.run((stopping) => poll(stopping, functionId, definition.handler, definition.queue, definition.batchSize));
  }
  return { idle: loops.idle, stop: loops.stop };
};
