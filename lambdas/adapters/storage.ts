import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  NoSuchKey,
  NoSuchUpload,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DOWNLOAD_URL_TTL_SECONDS, UPLOAD_URL_TTL_SECONDS } from '../domain/media';
import { mediaBucket, s3 } from './aws';
import { presignGet } from './presign';

/** Presigned URLs scoped to one object of the media bucket, short-lived. */
export const presignUpload = (key: string, contentType: string, size: number) =>
  getSignedUrl(s3, new PutObjectCommand({ Bucket: mediaBucket(), Key: key, ContentType: contentType, ContentLength: size }), {
    expiresIn: UPLOAD_URL_TTL_SECONDS,
    signableHeaders: new Set(['content-type', 'content-length']),
  });

/** A short-lived link to an object of the media bucket; with `fileName`, it downloads as an attachment of that name. */
export const presignDownload = (key: string, fileName?: string, contentType?: string) =>
  presignGet(mediaBucket(), key, DOWNLOAD_URL_TTL_SECONDS, fileName, undefined, contentType);

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

/** S3 multipart for answers uploaded while they are recorded: the browser PUTs each part to a presigned URL. */
export const createMultipartUpload = async (key: string, contentType: string): Promise<string> => {
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: mediaBucket(), Key: key, ContentType: contentType }));
  if (!UploadId) throw new Error('S3 returned no UploadId');
  return UploadId;
};

export const presignUploadPart = (key: string, uploadId: string, partNumber: number) =>
  getSignedUrl(s3, new UploadPartCommand({ Bucket: mediaBucket(), Key: key, UploadId: uploadId, PartNumber: partNumber }), {
    expiresIn: UPLOAD_URL_TTL_SECONDS,
  });

export class UploadIncomplete extends Error {}

/** Joins the parts the browser sent; a missing or wrong part (or an upload already gone) is UploadIncomplete. */
export const completeMultipartUpload = async (key: string, uploadId: string, parts: { partNumber: number; etag: string }[]) => {
  try {
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: mediaBucket(),
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: [...parts].sort((a, b) => a.partNumber - b.partNumber).map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
      }),
    );
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (error instanceof NoSuchUpload || status === 400 || status === 404) throw new UploadIncomplete((error as Error).message);
    throw error;
  }
};

/** Aborts an upload (a retake, a refused start); one already gone is fine. The bucket's lifecycle rule sweeps any left behind. */
export const abortMultipartUpload = async (key: string, uploadId: string) => {
  try {
    await s3.send(new AbortMultipartUploadCommand({ Bucket: mediaBucket(), Key: key, UploadId: uploadId }));
  } catch (error) {
    if (!(error instanceof NoSuchUpload) && (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404) throw error;
  }
};

/**
 * Deletes every object under the given key prefixes (a media item's upload and what was derived
 * from it), but for the keys in `keep`; in the media bucket unless another is named.
 */
export const deletePrefixes = async (prefixes: string[], keep: readonly string[] = [], bucket = mediaBucket()) => {
  for (const prefix of prefixes) {
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      const objects = (page.Contents ?? []).flatMap((o) => (o.Key && !keep.includes(o.Key) ? [{ Key: o.Key }] : []));
      if (objects.length > 0) await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
};

/** Deletes one object (nothing happens when there is none). */
export const deleteObject = async (key: string) => {
  await s3.send(new DeleteObjectCommand({ Bucket: mediaBucket(), Key: key }));
};

/** A JSON object of the media bucket, or null when there is none. */
export const readJson = async (key: string): Promise<unknown | null> => {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: mediaBucket(), Key: key }));
    return JSON.parse((await object.Body?.transformToString()) ?? 'null');
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
};

/** Sends one part of a multipart upload from here (a live recording joined by the server); returns its ETag. */
export const uploadPart = async (key: string, uploadId: string, partNumber: number, body: Uint8Array): Promise<string> => {
  const { ETag } = await s3.send(new UploadPartCommand({ Bucket: mediaBucket(), Key: key, UploadId: uploadId, PartNumber: partNumber, Body: body }));
  if (!ETag) throw new Error('S3 returned no ETag');
  return ETag;
};
