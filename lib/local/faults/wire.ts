import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FaultRule, FaultService } from './rules';

/**
 * An injected error as the real service puts it on the wire, so the SDK (or Stripe's, or an ATS
 * adapter's client) classifies it as it would in AWS: throttling and 5xx retried, the rest thrown.
 * - AWS JSON 1.0/1.1 (DynamoDB, Step Functions, KMS, Secrets Manager, EventBridge, SQS): `{__type, message}`.
 * - REST-XML (S3): `<Error><Code>…</Code><Message>…</Message></Error>`.
 * - REST-JSON (SES v2, IVS, Bedrock Runtime): the code in `x-amzn-ErrorType`, `{message}` as the body.
 * - Stripe: `{error: {type, message}}`; an ATS: `{message}` (a 429 with Retry-After).
 */
export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What each fault is called and answered with by default; codes not here need the rule's `status`. */
const defaults: Record<string, { status: number; message: string }> = {
  ProvisionedThroughputExceededException: {
    status: 400,
    message:
      'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.',
  },
  ThrottlingException: { status: 400, message: 'Rate of requests exceeds the allowed throughput.' },
  RequestLimitExceeded: { status: 400, message: 'Throughput exceeds the current throughput limit for your account.' },
  TransactionCanceledException: { status: 400, message: 'Transaction cancelled, please refer cancellation reasons for specific reasons' },
  InternalServerError: { status: 500, message: 'Internal server error' },
  InternalFailure: { status: 500, message: 'The request processing has failed because of an unknown error, exception or failure.' },
  ServiceUnavailable: { status: 503, message: 'The service is unavailable. Please try again later.' },
  KMSInternalException: { status: 500, message: 'An internal error occurred.' },
  InternalServiceError: { status: 500, message: 'An error occurred on the server side.' },
  SlowDown: { status: 503, message: 'Please reduce your request rate.' },
  InternalError: { status: 500, message: 'We encountered an internal error. Please try again.' },
  TooManyRequestsException: { status: 429, message: 'Too many requests have been made to the operation.' },
  api_error: { status: 500, message: 'An unknown error occurred' },
  rate_limit_error: { status: 429, message: 'Too many requests hit the API too quickly.' },
  TooManyRequests: { status: 429, message: 'Too Many Requests' },
};

const awsJson = (version: '1.0' | '1.1', namespace = '') => ({ version, namespace });
const protocols: Record<
  Exclude<FaultService, 'mediaconvert' | 'transcribe'>,
  ReturnType<typeof awsJson> | 'rest-xml' | 'rest-json' | 'stripe' | 'http'
> = {
  dynamodb: awsJson('1.0', 'com.amazonaws.dynamodb.v20120810#'),
  sfn: awsJson('1.0'),
  kms: awsJson('1.1'),
  secretsmanager: awsJson('1.1'),
  eventbridge: awsJson('1.1'),
  sqs: awsJson('1.0', 'com.amazonaws.sqs#'),
  s3: 'rest-xml',
  ses: 'rest-json',
  ivs: 'rest-json',
  bedrock: 'rest-json',
  stripe: 'stripe',
  ats: 'http',
};

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** DynamoDB's reasons for a cancelled transaction of `items` items (the rule's, or a conflict on the first). */
const cancellationReasons = (rule: FaultRule, items: number) =>
  Array.from({ length: Math.max(1, items) }, (_, i) => {
    const code = rule.reasons?.[i] ?? (i === 0 && !rule.reasons ? 'TransactionConflict' : 'None');
    return code === 'None'
      ? { Code: 'None' }
      : { Code: code, Message: code === 'TransactionConflict' ? 'Transaction is ongoing for the item' : code };
  });

/**
 * The answer to a call that meets `rule`. `requestBody` is the call's JSON body where the fault
 * depends on it (the items of a cancelled transaction). A browser's call (with an Origin) gets
 * the CORS headers S3 puts on its errors too, so the page sees the 503 and not a network error.
 */
export const faultResponse = (service: FaultService, rule: FaultRule, req: IncomingMessage, requestBody?: unknown): WireResponse => {
  const known = defaults[rule.fault];
  const status = rule.status ?? known?.status ?? 500;
  const message = rule.message ?? known?.message ?? rule.fault;
  const requestId = randomUUID();
  const protocol = protocols[service as keyof typeof protocols] ?? 'http';
  const cors: Record<string, string> = req.headers.origin
    ? { 'access-control-allow-origin': String(req.headers.origin), 'access-control-expose-headers': 'ETag, x-amz-request-id' }
    : {};
  if (typeof protocol === 'object') {
    const body: Record<string, unknown> = { __type: `${protocol.namespace}${rule.fault}`, message };
    if (rule.fault === 'TransactionCanceledException') {
      const items = (requestBody as { TransactItems?: unknown[] } | undefined)?.TransactItems?.length ?? 1;
      const reasons = cancellationReasons(rule, items);
      body.message = `${message} [${reasons.map((reason) => reason.Code).join(', ')}]`;
      body.CancellationReasons = reasons;
    }
    return {
      status,
      headers: { 'content-type': `application/x-amz-json-${protocol.version}`, 'x-amzn-requestid': requestId },
      body: JSON.stringify(body),
    };
  }
  if (protocol === 'rest-xml') {
    const body =
      req.method === 'HEAD'
        ? ''
        : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${xmlEscape(rule.fault)}</Code><Message>${xmlEscape(message)}</Message><RequestId>${requestId}</RequestId><HostId>local</HostId></Error>`;
    return { status, headers: { 'content-type': 'application/xml', 'x-amz-request-id': requestId, ...cors }, body };
  }
  if (protocol === 'rest-json') {
    return {
      status,
      headers: { 'content-type': 'application/json', 'x-amzn-errortype': rule.fault, 'x-amzn-requestid': requestId },
      body: JSON.stringify({ message }),
    };
  }
  const retryAfter: Record<string, string> = status === 429 ? { 'retry-after': String(rule.retryAfterSeconds ?? 1) } : {};
  if (protocol === 'stripe') {
    return {
      status,
      headers: { 'content-type': 'application/json', 'request-id': `req_${requestId.replace(/-/g, '').slice(0, 14)}`, ...retryAfter },
      body: JSON.stringify({ error: { type: rule.fault, message } }),
    };
  }
  return { status, headers: { 'content-type': 'application/json', ...retryAfter, ...cors }, body: JSON.stringify({ message }) };
};
