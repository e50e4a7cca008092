import { GetObjectCommand, HeadObjectCommand, NotFound, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DOWNLOAD_URL_TTL_SECONDS, UPLOAD_URL_TTL_SECONDS } from '../../domain/media';
import { mediaBucket, s3 } from './aws';

/** Presigned URLs scoped to one object of the media bucket, short-lived. */
export const presignUpload = (key: string, contentType: string, size: number) =>
  getSignedUrl(s3, new PutObjectCommand({ Bucket: mediaBucket(), Key: key, ContentType: contentType, ContentLength: size }), {
    expiresIn: UPLOAD_URL_TTL_SECONDS,
    signableHeaders: new Set(['content-type', 'content-length']),
  });

export const presignDownload = (key: string, fileName?: string) =>
  getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: mediaBucket(),
      Key: key,
      ...(fileName ? { ResponseContentDisposition: `attachment; filename="${fileName.replace(/"/g, '')}"` } : {}),
    }),
    { expiresIn: DOWNLOAD_URL_TTL_SECONDS },
  );

export const objectSize = async (key: string): Promise<number | null> => {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: mediaBucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (error instanceof NotFound || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
};

/** The first bytes of an object (container sniffing). */
export const objectHead = async (key: string, bytes = 64): Promise<Uint8Array> => {
  const object = await s3.send(new GetObjectCommand({ Bucket: mediaBucket(), Key: key, Range: `bytes=0-${bytes - 1}` }));
  return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
};
