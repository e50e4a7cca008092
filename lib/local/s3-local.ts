import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { uploadCorsRule } from '../../lambdas/adapters/storage-layout';
import { freePort } from './net';
import { multipartFidelity } from './s3-multipart';

/**
 * s3rver stands in for S3: presigned URLs, multipart uploads and CORS for browser uploads.
 * It checks request signatures against its fixed credentials (S3RVER / S3RVER).
 */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

const corsXml = (): string => {
  const rule = uploadCorsRule;
  return [
    '<CORSConfiguration>',
    '<CORSRule>',
    '<AllowedOrigin>*</AllowedOrigin>',
    ...rule.allowedMethods.map((method) => `<AllowedMethod>${method}</AllowedMethod>`),
    ...rule.allowedHeaders.map((header) => `<AllowedHeader>${header}</AllowedHeader>`),
    ...rule.exposedHeaders.map((header) => `<ExposeHeader>${header}</ExposeHeader>`),
    `<MaxAgeSeconds>${rule.maxAgeSeconds}</MaxAgeSeconds>`,
    '</CORSRule>',
    '</CORSConfiguration>',
  ].join('');
};

export interface S3Local {
  endpoint: string;
  server: S3rver;
  stop(): Promise<void>;
}

export const startS3Local = async (options: { directory: string; buckets: string[] }): Promise<S3Local> => {
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: await freePort(),
    silent: true,
    directory: options.directory,
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [corsXml()] })),
  });
  server.middleware.unshift(multipartFidelity(options.directory));
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, server, stop: () => server.close() };
};
