import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ServiceError, startAwsJsonService, type AwsJsonService } from './aws-json-service';

/**
 * SQS, locally: the service's AWS JSON 1.0 protocol (`X-Amz-Target: AmazonSQS.<Operation>`, what
 * `@aws-sdk/client-sqs` speaks), so the functions' SQS client reaches it through AWS_ENDPOINT_URL_SQS
 * unchanged, with the semantics the webhook deliveries rely on: a received message is hidden for its
 * visibility timeout and comes back unless deleted; ChangeMessageVisibility moves that (0 to 12 h);
 * ApproximateReceiveCount counts receives; DelaySeconds hides a new message; a queue with a redrive
 * policy moves a message received maxReceiveCount times to its dead-letter queue instead of handing
 * it out again; messages expire after the retention period; ReceiveMessage long-polls (WaitTimeSeconds).
 * Batch operations answer per entry (Successful / Failed) as SQS does. MD5s of bodies are SQS's (the
 * SDK checks them). Queues are made by the stack from lambdas/queues.ts (CreateQueue works too);
 * messages persist in `dataFile`, so a restart keeps what was queued.
 */
export interface SqsQueueConfig {
  name: string;
  visibilityTimeoutSeconds: number;
  retentionSeconds: number;
  /** The dead-letter queue's name and after how many receives a message goes there. */
  redrive?: { deadLetterQueue: string; maxReceiveCount: number };
}

export interface SqsLocal extends AwsJsonService {
  /** A queue's URL on this endpoint (`<endpoint>/<account>/<name>`). */
  queueUrl(name: string): string;
  queueArn(name: string): string;
  /** What a queue holds now (for the local pages and tests): visible, in flight, delayed. */
  counts(name: string): { visible: number; inFlight: number; delayed: number };
}

interface StoredMessage {
  messageId: string;
  body: string;
  md5OfBody: string;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt: number | null;
  /** The receipt handle of the latest receive (only it deletes or changes visibility). */
  receiptHandle: string | null;
  messageAttributes: Record<string, unknown>;
}

interface LocalQueue {
  config: SqsQueueConfig;
  messages: StoredMessage[];
}

const ACCOUNT = '000000000000';
const MAX_VISIBILITY_SECONDS = 12 * 60 * 60;
const MAX_BATCH = 10;
const MAX_MESSAGE_BYTES = 256 * 1024;

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

const int = (value: unknown, name: string, min: number, max: number, fallback?: number): number => {
  if (value === undefined || value === null) {
    if (fallback === undefined) throw new ServiceError('MissingParameter', `The request must contain the parameter ${name}.`);
    return fallback;
  }
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ServiceError('InvalidParameterValue', `Value ${String(value)} for parameter ${name} is invalid. Reason: must be between ${min} and ${max}.`);
  }
  return n;
};

export const startSqsLocal = async (options: { region: string; queues: readonly SqsQueueConfig[]; dataFile: string }): Promise<SqsLocal> => {
  const queues = new Map<string, LocalQueue>();
  const saved: Record<string, StoredMessage[]> = existsSync(options.dataFile)
    ? (JSON.parse(readFileSync(options.dataFile, 'utf8')) as Record<string, StoredMessage[]>)
    : {};
  const addQueue = (config: SqsQueueConfig) => {
    if (!queues.has(config.name)) queues.set(config.name, { config, messages: saved[config.name] ?? [] });
  };
  for (const config of options.queues) {
    addQueue(config);
    if (config.redrive) addQueue({ name: config.redrive.deadLetterQueue, visibilityTimeoutSeconds: 30, retentionSeconds: 14 * 24 * 60 * 60 });
  }

  // What is queued persists, written at most every 100 ms.
  let saveTimer: NodeJS.Timeout | null = null;
  const persist = () => {
    saveTimer ??= setTimeout(() => {
      saveTimer = null;
      mkdirSync(path.dirname(options.dataFile), { recursive: true });
      writeFileSync(options.dataFile, JSON.stringify(Object.fromEntries([...queues].map(([name, queue]) => [name, queue.messages]))));
    }, 100);
  };

  // Long polls waiting for a message: woken by a send, a visibility change, or the next message's time.
  const waiters = new Set<() => void>();
  let stopped = false;
  let wakeTimer: NodeJS.Timeout | null = null;
  /** A timer for when the next hidden message shows, while a poll waits. */
  const scheduleWake = () => {
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeTimer = null;
    if (waiters.size === 0) return;
    const now = Date.now();
    const next = Math.min(
      ...[...queues.values()].flatMap((queue) => queue.messages.filter((message) => message.visibleAt > now).map((message) => message.visibleAt)),
    );
    if (Number.isFinite(next)) {
      wakeTimer = setTimeout(wake, Math.max(5, next - now));
      wakeTimer.unref();
    }
  };
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
    scheduleWake();
  };

  let endpoint = '';
  const queueOf = (input: Record<string, unknown>): LocalQueue => {
    const url = input.QueueUrl;
    if (typeof url !== 'string' || !url) throw new ServiceError('MissingParameter', 'The request must contain the parameter QueueUrl.');
    // By its name (the URL's last segment), whatever host the caller reached this stand-in by (the fault proxy's).
    const name = url.replace(/\/+$/, '').split('/').pop()!;
    const queue = queues.get(name);
    if (!queue) throw new ServiceError('QueueDoesNotExist', 'The specified queue does not exist.');
    return queue;
  };

  const expire = (queue: LocalQueue, now: number) => {
    const before = queue.messages.length;
    queue.messages = queue.messages.filter((message) => message.sentAt + queue.config.retentionSeconds * 1000 > now);
    if (queue.messages.length !== before) persist();
  };

  const enqueue = (queue: LocalQueue, entry: Record<string, unknown>) => {
    const body = entry.MessageBody;
    if (typeof body !== 'string' || body === '') throw new ServiceError('MissingParameter', 'The request must contain the parameter MessageBody.');
    if (Buffer.byteLength(body) > MAX_MESSAGE_BYTES) {
      throw new ServiceError('InvalidParameterValue', `One or more parameters are invalid. Reason: Message must be shorter than ${MAX_MESSAGE_BYTES} bytes.`);
    }
    const delay = int(entry.DelaySeconds, 'DelaySeconds', 0, 900, 0);
    const now = Date.now();
    const message: StoredMessage = {
      messageId: randomUUID(),
      body,
      md5OfBody: md5(body),
      sentAt: now,
      visibleAt: now + delay * 1000,
      receiveCount: 0,
      firstReceivedAt: null,
      receiptHandle: null,
      messageAttributes: (entry.MessageAttributes as Record<string, unknown> | undefined) ?? {},
    };
    queue.messages.push(message);
    persist();
    return message;
  };

  const inFlight = (queue: LocalQueue, handle: unknown): StoredMessage => {
    if (typeof handle !== 'string' || !handle) throw new ServiceError('MissingParameter', 'The request must contain the parameter ReceiptHandle.');
    const message = queue.messages.find((candidate) => candidate.receiptHandle === handle);
    if (!message) throw new ServiceError('ReceiptHandleIsInvalid', `The input receipt handle "${handle}" is not a valid receipt handle.`);
    return message;
  };

  const changeVisibility = (queue: LocalQueue, handle: unknown, seconds: unknown) => {
    const message = inFlight(queue, handle);
    const timeout = int(seconds, 'VisibilityTimeout', 0, MAX_VISIBILITY_SECONDS);
    if (message.visibleAt <= Date.now()) {
      throw new ServiceError('MessageNotInflight', 'The message referred to is not in flight.');
    }
    message.visibleAt = Date.now() + timeout * 1000;
    persist();
    wake();
  };

  const deleteMessage = (queue: LocalQueue, handle: unknown) => {
    const message = inFlight(queue, handle);
    queue.messages = queue.messages.filter((candidate) => candidate !== message);
    persist();
  };

  /** Hands out up to `max` visible messages, moving those past their redrive count to the dead-letter queue. */
  const take = (queue: LocalQueue, max: number, visibilitySeconds: number): StoredMessage[] => {
    const now = Date.now();
    expire(queue, now);
    const taken: StoredMessage[] = [];
    for (const message of queue.messages.filter((candidate) => candidate.visibleAt <= now)) {
      if (taken.length >= max) break;
      const redrive = queue.config.redrive;
      if (redrive && message.receiveCount >= redrive.maxReceiveCount) {
        queue.messages = queue.messages.filter((candidate) => candidate !== message);
        queues.get(redrive.deadLetterQueue)?.messages.push({ ...message, visibleAt: now, receiptHandle: null });
        continue;
      }
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      message.receiptHandle = randomBytes(24).toString('base64url');
      message.visibleAt = now + visibilitySeconds * 1000;
      taken.push(message);
    }
    if (taken.length > 0 || queue.messages.length === 0) persist();
    return taken;
  };

  const batch = <T>(input: Record<string, unknown>, each: (entry: Record<string, unknown>) => T) => {
    const entries = input.Entries;
    if (!Array.isArray(entries) || entries.length === 0) throw new ServiceError('EmptyBatchRequest', 'There should be at least one entry in the request.');
    if (entries.length > MAX_BATCH) throw new ServiceError('TooManyEntriesInBatchRequest', `Maximum number of entries per request are ${MAX_BATCH}.`);
    const ids = entries.map((entry: Record<string, unknown>) => entry.Id);
    if (new Set(ids).size !== ids.length) throw new ServiceError('BatchEntryIdsNotDistinct', 'Two or more batch entries in the request have the same Id.');
    const Successful: (T & { Id: unknown })[] = [];
    const Failed: { Id: unknown; Code: string; Message: string; SenderFault: boolean }[] = [];
    for (const entry of entries as Record<string, unknown>[]) {
      try {
        Successful.push({ Id: entry.Id, ...each(entry) });
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        Failed.push({ Id: entry.Id, Code: error.type, Message: error.message, SenderFault: true });
      }
    }
    return { Successful, Failed };
  };

  const attributesOf = (queue: LocalQueue) => {
    const now = Date.now();
    expire(queue, now);
    const { config } = queue;
    return {
      QueueArn: `arn:aws:sqs:${options.region}:${ACCOUNT}:${config.name}`,
      VisibilityTimeout: String(config.visibilityTimeoutSeconds),
      MessageRetentionPeriod: String(config.retentionSeconds),
      ApproximateNumberOfMessages: String(queue.messages.filter((m) => m.visibleAt <= now).length),
      ApproximateNumberOfMessagesNotVisible: String(queue.messages.filter((m) => m.visibleAt > now && m.receiveCount > 0).length),
      ApproximateNumberOfMessagesDelayed: String(queue.messages.filter((m) => m.visibleAt > now && m.receiveCount === 0).length),
      ...(config.redrive
        ? {
            RedrivePolicy: JSON.stringify({
              deadLetterTargetArn: `arn:aws:sqs:${options.region}:${ACCOUNT}:${config.redrive.deadLetterQueue}`,
              maxReceiveCount: config.redrive.maxReceiveCount,
            }),
          }
        : {}),
    };
  };

  const service = await startAwsJsonService({
    targetPrefix: 'AmazonSQS',
    name: 'SQS',
    protocolVersion: '1.0',
    errorNamespace: 'com.amazonaws.sqs#',
    internalErrorType: 'InternalError',
    operations: {
      CreateQueue: (input) => {
        const name = input.QueueName;
        if (typeof name !== 'string' || !/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw new ServiceError('InvalidParameterValue', 'Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length');
        const attributes = (input.Attributes ?? {}) as Record<string, string>;
        addQueue({
          name,
          visibilityTimeoutSeconds: int(attributes.VisibilityTimeout, 'VisibilityTimeout', 0, MAX_VISIBILITY_SECONDS, 30),
          retentionSeconds: int(attributes.MessageRetentionPeriod, 'MessageRetentionPeriod', 60, 1_209_600, 345_600),
        });
        return { QueueUrl: `${endpoint}/${ACCOUNT}/${name}` };
      },
      GetQueueUrl: (input) => {
        const name = String(input.QueueName ?? '');
        if (!queues.has(name)) throw new ServiceError('QueueDoesNotExist', 'The specified queue does not exist.');
        return { QueueUrl: `${endpoint}/${ACCOUNT}/${name}` };
      },
      GetQueueAttributes: (input) => ({ Attributes: attributesOf(queueOf(input)) }),
      SendMessage: (input) => {
        const message = enqueue(queueOf(input), input);
        wake();
        return { MessageId: message.messageId, MD5OfMessageBody: message.md5OfBody };
      },
      SendMessageBatch: (input) => {
        const queue = queueOf(input);
        const result = batch(input, (entry) => {
          const message = enqueue(queue, entry);
          return { MessageId: message.messageId, MD5OfMessageBody: message.md5OfBody };
        });
        wake();
        return result;
      },
      ReceiveMessage: async (input) => {
        const queue = queueOf(input);
        const max = int(input.MaxNumberOfMessages, 'MaxNumberOfMessages', 1, MAX_BATCH, 1);
        const wait = int(input.WaitTimeSeconds, 'WaitTimeSeconds', 0, 20, 0);
        const visibility = int(input.VisibilityTimeout, 'VisibilityTimeout', 0, MAX_VISIBILITY_SECONDS, queue.config.visibilityTimeoutSeconds);
        const deadline = Date.now() + wait * 1000;
        let taken = take(queue, max, visibility);
        while (taken.length === 0 && Date.now() < deadline && !stopped) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, deadline - Date.now());
            timer.unref();
            function done() {
              clearTimeout(timer);
              waiters.delete(done);
              resolve();
            }
            waiters.add(done);
            scheduleWake();
          });
          taken = take(queue, max, visibility);
        }
        return {
          Messages: taken.map((message) => ({
            MessageId: message.messageId,
            ReceiptHandle: message.receiptHandle,
            MD5OfBody: message.md5OfBody,
            Body: message.body,
            Attributes: {
              ApproximateReceiveCount: String(message.receiveCount),
              SentTimestamp: String(message.sentAt),
              ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt),
              SenderId: ACCOUNT,
            },
          })),
        };
      },
      DeleteMessage: (input) => {
        deleteMessage(queueOf(input), input.ReceiptHandle);
        return {};
      },
      DeleteMessageBatch: (input) => {
        const queue = queueOf(input);
        return batch(input, (entry) => {
          deleteMessage(queue, entry.ReceiptHandle);
          return {};
        });
      },
      ChangeMessageVisibility: (input) => {
        changeVisibility(queueOf(input), input.ReceiptHandle, input.VisibilityTimeout);
        return {};
      },
      ChangeMessageVisibilityBatch: (input) => {
        const queue = queueOf(input);
        return batch(input, (entry) => {
          changeVisibility(queue, entry.ReceiptHandle, entry.VisibilityTimeout);
          return {};
        });
      },
      PurgeQueue: (input) => {
        queueOf(input).messages = [];
        persist();
        return {};
      },
    },
  });
  endpoint = service.endpoint;
  return {
    ...service,
    queueUrl: (name) => `${service.endpoint}/${ACCOUNT}/${name}`,
    queueArn: (name) => `arn:aws:sqs:${options.region}:${ACCOUNT}:${name}`,
    counts: (name) => {
      const queue = queues.get(name);
      if (!queue) return { visible: 0, inFlight: 0, delayed: 0 };
      const attributes = attributesOf(queue);
      return {
        visible: Number(attributes.ApproximateNumberOfMessages),
        inFlight: Number(attributes.ApproximateNumberOfMessagesNotVisible),
        delayed: Number(attributes.ApproximateNumberOfMessagesDelayed),
      };
    },
    stop: async () => {
      stopped = true;
      for (const waiter of [...waiters]) waiter();
      if (wakeTimer) clearTimeout(wakeTimer);
      if (saveTimer) {
        clearTimeout(saveTimer);
        saveTimer = null;
        mkdirSync(path.dirname(options.dataFile), { recursive: true });
        writeFileSync(options.dataFile, JSON.stringify(Object.fromEntries([...queues].map(([name, queue]) => [name, queue.messages]))));
      }
      await service.stop();
    },
  };
};
