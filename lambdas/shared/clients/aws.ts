import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SFNClient } from '@aws-sdk/client-sfn';
import { readEnv } from '../env';

/**
 * SDK clients, created once per module instance. Endpoints come from the SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> variables, which the local stack sets to its stand-ins.
 * Import the specific client you need; esbuild drops the rest.
 */
export const s3 = new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true' });
export const ses = new SESv2Client({});
export const sfn = new SFNClient({});

export const mediaBucket = (): string => readEnv('MEDIA_BUCKET').MEDIA_BUCKET;
