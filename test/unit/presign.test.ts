import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { presignGet } from '../../lambdas/adapters/presign';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session-token' };
const signingDate = new Date('2026-11-26T10:00:00Z');

/**
 * The SDK's own link for the same object, time and credentials. Checksums only when required: by
 * default the client also signs x-amz-checksum-mode=ENABLED (asking S3 for checksum headers a browser
 * does not check) and an x-amz-checksum-crc32 of the empty request body.
 */
const sdkLink = async (client: S3Client, bucket: string, key: string, fileName?: string) =>
  new URL(
    await getSignedUrl(
      client,
      new GetObjectCommand({ Bucket: bucket, Key: key, ...(fileName ? { ResponseContentDisposition: `attachment; filename="${fileName}"` } : {}) }),
      { expiresIn: 3600, signingDate },
    ),
  );

describe('presigned download links without the S3 client', () => {
  beforeAll(() => {
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', credentials.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', credentials.secretAccessKey);
    vi.stubEnv('AWS_SESSION_TOKEN', credentials.sessionToken);
  });
  afterAll(() => vi.unstubAllEnvs());

  const cases = [
    ['a media key', 'media/01JABC/variants/answer-720p.mp4', undefined],
    ['a key with spaces and reserved characters', "uploads/a b/it's (1)*+=.webm", undefined],
    ['a download named as an attachment', 'packages/01JPKG/answers.zip', 'Ada Lovelace - Engineer.zip'],
  ] as const;

  it.each(cases)('signs %s exactly as getSignedUrl does, virtual-hosted on AWS', async (_, key, fileName) => {
    vi.stubEnv('S3_FORCE_PATH_STYLE', 'false');
    vi.stubEnv('AWS_ENDPOINT_URL_S3', undefined);
    const ours = new URL(await presignGet('media-bucket-1', key, 3600, fileName, signingDate));
    expect(ours.host).toBe('media-bucket-1.s3.eu-west-1.amazonaws.com');
    const theirs = await sdkLink(
      new S3Client({ region: 'eu-west-1', credentials, responseChecksumValidation: 'WHEN_REQUIRED', requestChecksumCalculation: 'WHEN_REQUIRED' }),
      'media-bucket-1',
      key,
      fileName,
    );
    expect(ours.pathname).toBe(theirs.pathname);
    expect(Object.fromEntries(ours.searchParams)).toEqual(Object.fromEntries(theirs.searchParams));
    expect(ours.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each(cases)('signs %s exactly as getSignedUrl does, path-style on a local endpoint', async (_, key, fileName) => {
    vi.stubEnv('S3_FORCE_PATH_STYLE', 'true');
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://127.0.0.1:4569');
    const ours = new URL(await presignGet('media-bucket-1', key, 3600, fileName, signingDate));
    expect(ours.origin).toBe('http://127.0.0.1:4569');
    const client = new S3Client({
      region: 'eu-west-1',
      credentials,
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestChecksumCalculation: 'WHEN_REQUIRED',
      forcePathStyle: true,
      endpoint: 'http://127.0.0.1:4569',
    });
    const theirs = await sdkLink(client, 'media-bucket-1', key, fileName);
    expect(ours.pathname).toBe(theirs.pathname);
    expect(Object.fromEntries(ours.searchParams)).toEqual(Object.fromEntries(theirs.searchParams));
  });

  it('expires when asked', async () => {
    const url = new URL(await presignGet('media-bucket-1', 'media/x.mp4', 900, undefined, signingDate));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Date')).toBe('20261126T100000Z');
  });
});
