import { formatUrl } from '@aws-sdk/core/util';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest, parseUrl } from '@smithy/core/protocols';
import { readEnv } from '../platform/env';

/**
 * Presigned GET links to the media bucket without the S3 client. `getSignedUrl` needs a whole
 * S3Client (about 140 KB of bundle, half a function's import time) only to learn the bucket's
 * URL; most functions that answer with media do nothing else with S3. The SDK's own
 * `S3RequestPresigner` signs a request built here the way the client builds it: virtual-hosted
 * `https://{bucket}.s3.{region}.amazonaws.com/{key}`, or path-style on the endpoint the SDK's
 * AWS_ENDPOINT_URL_S3 names (the local stand-in). test/unit/presign.test.ts checks the link
 * against `getSignedUrl`'s for the same key, time and credentials.
 */
let presigner: S3RequestPresigner | undefined;
const signer = () => {
  presigner ??= new S3RequestPresigner({ credentials: defaultProvider(), region: readEnv('AWS_REGION').AWS_REGION, sha256: Sha256 });
  return presigner;
};

/** A key's path as S3 expects it: each segment percent-encoded (RFC 3986, as the SDK does), slashes kept. */
const keyPath = (key: string) =>
  key
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

/** Where an object of the bucket is, unsigned: its host and path. */
const objectRequest = (bucket: string, key: string, query: Record<string, string>) => {
  const { AWS_REGION, AWS_ENDPOINT_URL_S3, S3_FORCE_PATH_STYLE } = readEnv('AWS_REGION', 'AWS_ENDPOINT_URL_S3', 'S3_FORCE_PATH_STYLE');
  const endpoint = parseUrl(AWS_ENDPOINT_URL_S3 ?? `https://s3.${AWS_REGION}.amazonaws.com`);
  const base = endpoint.path.replace(/\/$/, '');
  const pathStyle = S3_FORCE_PATH_STYLE === 'true';
  const hostname = pathStyle ? endpoint.hostname : `${bucket}.${endpoint.hostname}`;
  return new HttpRequest({
    ...endpoint,
    method: 'GET',
    hostname,
    path: `${base}${pathStyle ? `/${bucket}` : ''}/${keyPath(key)}`,
    query,
    headers: { host: `${hostname}${endpoint.port ? `:${endpoint.port}` : ''}` },
  });
};

/** A link that downloads an object for `expiresIn` seconds; with `fileName`, as an attachment of that name; with `contentType`, served as that type. */
export const presignGet = async (
  bucket: string,
  key: string,
  expiresIn: number,
  fileName?: string,
  signingDate?: Date,
  /** The type the link answers with, whatever the object was stored as (a file answer's, read from its bytes: issue 39). */
  contentType?: string,
): Promise<string> => {
  // x-id names the operation, as the S3 client does: the same link as getSignedUrl's.
  const query: Record<string, string> = {
    'x-id': 'GetObject',
    ...(fileName ? { 'response-content-disposition': `attachment; filename="${fileName.replace(/"/g, '')}"` } : {}),
    ...(contentType ? { 'response-content-type': contentType } : {}),
  };
  return formatUrl(await signer().presign(objectRequest(bucket, key, query), { expiresIn, ...(signingDate ? { signingDate } : {}) }));
};
