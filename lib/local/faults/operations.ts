import type { IncomingMessage } from 'node:http';
import { ATS_PREFIX } from '../ats/server';
import type { FaultService } from './rules';

/**
 * A call's operation, named as the service's API names it, from the request alone (what a rule's
 * `operation` is matched against): the AWS JSON services (DynamoDB, Step Functions, KMS, Secrets
 * Manager, EventBridge) by X-Amz-Target; S3 by method, path and query; SES v2 and IVS by their
 * REST paths, Bedrock Runtime's Converse by its path; Stripe and the ATS by method and path (`POST /v1/checkout/sessions`,
 * `GET /greenhouse/api/v1/candidates`).
 */
const targetOperation = (req: IncomingMessage) =>
  String(req.headers['x-amz-target'] ?? 'Unknown')
    .split('.')
    .pop()!;

/** S3, path-style (`/{bucket}/{key}`) as the local stack addresses it. */
export const s3Operation = (method: string, pathname: string, query: URLSearchParams, headers: IncomingMessage['headers']): string => {
  const onObject = pathname.replace(/^\/+/, '').includes('/');
  const copy = headers['x-amz-copy-source'] !== undefined;
  if (method === 'OPTIONS') return 'Preflight';
  if (!onObject) {
    if (method === 'POST' && query.has('delete')) return 'DeleteObjects';
    if (method === 'GET') return query.get('list-type') === '2' ? 'ListObjectsV2' : query.has('uploads') ? 'ListMultipartUploads' : 'ListObjects';
    return { HEAD: 'HeadBucket', PUT: 'CreateBucket', DELETE: 'DeleteBucket' }[method] ?? `${method} bucket`;
  }
  if (query.has('uploadId')) {
    if (method === 'PUT') return copy ? 'UploadPartCopy' : 'UploadPart';
    return { POST: 'CompleteMultipartUpload', DELETE: 'AbortMultipartUpload', GET: 'ListParts' }[method] ?? `${method} upload`;
  }
  if (method === 'POST' && query.has('uploads')) return 'CreateMultipartUpload';
  if (method === 'PUT') return copy ? 'CopyObject' : 'PutObject';
  return { GET: 'GetObject', HEAD: 'HeadObject', DELETE: 'DeleteObject' }[method] ?? `${method} object`;
};

/** SES v2's REST paths of the calls the product makes, by operation. */
const sesOperations: [RegExp, string, string][] = [
  [/^\/v2\/email\/outbound-emails$/, 'POST', 'SendEmail'],
  [/^\/v2\/email\/outbound-bulk-emails$/, 'POST', 'SendBulkEmail'],
  [/^\/v2\/email\/account$/, 'GET', 'GetAccount'],
  [/^\/v2\/email\/suppression\/addresses\/[^/]+$/, 'GET', 'GetSuppressedDestination'],
];

export const operationOf = (service: FaultService, req: IncomingMessage, url: URL): string => {
  const method = req.method ?? 'GET';
  switch (service) {
    case 's3':
      return s3Operation(method, url.pathname, url.searchParams, req.headers);
    case 'ses':
      return sesOperations.find(([path, verb]) => verb === method && path.test(url.pathname))?.[2] ?? `${method} ${url.pathname}`;
    case 'ivs':
      // IVS real-time's REST paths are its operations' names (`POST /CreateStage`).
      return url.pathname.replace(/^\/+/, '').split('/')[0] || `${method} /`;
    case 'bedrock':
      // Bedrock Runtime's REST paths: `POST /model/{modelId}/converse` is Converse.
      return (
        { converse: 'Converse', 'converse-stream': 'ConverseStream', invoke: 'InvokeModel' }[
          /^\/model\/[^/]+\/([a-z-]+)$/.exec(url.pathname)?.[1] ?? ''
        ] ?? `${method} ${url.pathname}`
      );
    case 'stripe':
      return `${method} ${url.pathname}`;
    case 'ats':
      // The stand-ins' own prefix left out: `GET /greenhouse/api/v1/candidates`.
      return `${method} /${url.pathname.startsWith(ATS_PREFIX) ? url.pathname.slice(ATS_PREFIX.length) : url.pathname.replace(/^\/+/, '')}`;
    default:
      return targetOperation(req);
  }
};
