import type { createUserMediaUpload } from '../../../lambdas/operations/media';
import type * as z from 'zod/mini';
import type { mediaGroupSchema } from '../../../lambdas/contracts/media';
import { callApi } from './client';

/**
 * Team uploads (spec §7 Media): register an upload, PUT the bytes straight to S3 with the presigned
 * URL, complete it (which starts processing), then read the group's status and variants.
 */
export type MediaGroup = z.infer<typeof mediaGroupSchema>;
export type MediaUpload = z.infer<typeof createUserMediaUpload.response>;
type UploadBody = z.input<NonNullable<typeof createUserMediaUpload.body>>;

/** A new client-made media group id (the server takes 8 to 64 of [A-Za-z0-9_-]). */
export const newMediaGroupId = () => crypto.randomUUID();

export const createUserMediaUploadCall = (body: UploadBody) => callApi('createUserMediaUpload', { body });

/** The query prefers the video service's transcoder (spec §7); the server picks the one it has. */
export const completeMediaUploadsCall = (mediaIds: string[]) =>
  callApi('completeMediaUploads', { query: { transcoder: 'default' }, body: { mediaIds } });

export class UploadFailed extends Error {}

/** The browser's PUT to S3, with the Content-Type the URL was signed for. */
export const putToStorage = async (uploadUrl: string, blob: Blob, contentType: string) => {
  let response: Response;
  try {
    response = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': contentType }, body: blob });
  } catch {
    throw new UploadFailed('network');
  }
  if (!response.ok) throw new UploadFailed(String(response.status));
};

/** Registers and sends one file into a (new) group; returns its media id, for completion. */
export const uploadToGroup = async (companyId: string, mediaGroupId: string, blob: Blob, contentType: string, fileName?: string) => {
  const { mediaId, uploadUrl } = await createUserMediaUploadCall({
    mediaGroupId,
    contentType: contentType as UploadBody['contentType'],
    properties: { companyId, size: blob.size, ...(fileName ? { fileName: fileName.slice(0, 255) } : {}) },
  });
  await putToStorage(uploadUrl, blob, contentType);
  return mediaId;
};

/** The server takes up to 20 ids a call. */
export const MEDIA_GROUPS_PER_CALL = 20;

export const getMediaUploadGroupsCall = async (ids: string[]): Promise<MediaGroup[]> => {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += MEDIA_GROUPS_PER_CALL) batches.push(ids.slice(i, i + MEDIA_GROUPS_PER_CALL));
  const pages = await Promise.all(batches.map((batch) => callApi('getMediaUploadGroups', { params: { mediaGroupIds: batch } })));
  return pages.flatMap((page) => page.mediaUploadGroups);
};
