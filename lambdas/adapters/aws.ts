import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SFNClient } from '@aws-sdk/client-sfn';
import { readEnv } from '../platform/env';
import { sdkClientSettings } from '../platform/sdk-config';

/**
 * SDK clients, created once per module instance. Endpoints come from the SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> variables, which the local stack sets to its stand-ins.
 * Each is marked pure, so a bundle keeps only the clients its code uses: a function that sends
 * mail through `ses` does not carry the S3 and Step Functions clients too (a plain `new` at the
 * top of a module counts as a side effect, and esbuild would keep all three). An argument that
 * reads the environment would count as one too, hence S3's options come from a pure call. Retries
 * and timeouts are the ones chosen for every client (lambdas/platform/sdk-config.ts).
 */
const s3Options = (): S3ClientConfig => ({
  ...sdkClientSettings('s3'),
  forcePathStyle: readEnv('S3_FORCE_PATH_STYLE').S3_FORCE_PATH_STYLE === 'true',
});

export const s3 = /* @__PURE__ */ new S3Client(/* @__PURE__ */ s3Options());
export const ses = /* @__PURE__ */ new SESv2Client(/* @__PURE__ */ sdkClientSettings('ses'));
export const sfn = /* @__PURE__ */ new SFNClient(/* @__PURE__ */ sdkClientSettings('sfn'));

export const mediaBucket = (): string => readEnv('MEDIA_BUCKET').MEDIA_BUCKET;
