import { maxBytesFor } from '../../domain/media';
import { objectSize, presignUpload } from '../../adapters/storage';
import { newId } from '../../platform/crypto';
import { createMedia, getGroupCompany, getMedia, GroupOwnedElsewhere, latestMediaOfGroup } from '../../data/media';
import { getMembership, type Membership } from '../../data/memberships';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { mediaKeys } from '../../adapters/storage-layout';
import { alongside } from '../access/alongside';
import { callerId, type Caller } from '../access/caller';
import { requireMembership } from '../access/membership';
import { describeMedia, startProcessing } from './media';

/**
 * The team's uploads (intro, question and outro videos, logos). No file bytes pass through the
 * API: the browser PUTs straight to S3 with a presigned URL, then asks for completion.
 */

/** A new media item of the group and the URL to PUT its file to. */
export const createUpload = async (
  userId: string,
  upload: { companyId: string; size: number; contentType: string; mediaGroupId: string },
): Promise<{ mediaId: string; uploadUrl: string }> => {
  const { companyId, size, contentType } = upload;
  await requireMembership(companyId, userId);
  const limit = maxBytesFor(contentType);
  if (size > limit) throw badRequest(`The file is too large: the limit is ${Math.round(limit / 1024 / 1024)} MB.`, 'file_too_large');
  const mediaId = newId();
  try {
    await createMedia({ mediaId, mediaGroupId: upload.mediaGroupId, companyId, contentType, size });
  } catch (error) {
    if (error instanceof GroupOwnedElsewhere) throw conflict('That media group id is taken. Use a new one.', 'media_group_taken');
    throw error;
  }
  return { mediaId, uploadUrl: await presignUpload(mediaKeys(mediaId).source, contentType, size) };
};

/**
 * Completion: checks each object arrived whole, then starts its processing (once, however often it
 * is called). Every media item is read alongside the session check, then the caller's membership
 * of each company named, together; a foreign or unknown id refuses the whole call before anything starts.
 */
export const completeUploads = async (mediaIds: string[], caller: Caller) => {
  const ids = [...new Set(mediaIds)];
  const [userId, found] = await alongside(callerId(caller), Promise.all(ids.map((mediaId) => getMedia(mediaId))));
  const companies = [...new Set(found.flatMap((media) => (media ? [media.companyId] : [])))];
  const members = await Promise.all(companies.map((companyId) => getMembership(companyId, userId)));
  const results: { mediaId: string; uploadStatus: string }[] = [];
  const checked = found.map((media) => {
    if (!media || !members[companies.indexOf(media.companyId)]) throw notFound('Media not found.');
    return media;
  });
  for (const media of checked) {
    const { mediaId } = media;
    if (media.uploadStatus !== 'uploading') {
      results.push({ mediaId, uploadStatus: media.uploadStatus });
      continue;
    }
    const size = await objectSize(mediaKeys(mediaId).source);
    if (size === null) throw badRequest('Upload failure: the file has not arrived. Upload it again.', 'upload_missing');
    if (size === 0) throw badRequest('Empty file encountered', 'empty_file');
    results.push({ mediaId, uploadStatus: await startProcessing(media) });
  }
  return { media: results };
};

/**
 * The latest media of each group the caller's companies own; unknown or foreign ids are simply
 * absent (nothing leaks). A group's owner and its latest media are read together, alongside the
 * session check, then the caller's membership once per company.
 */
export const mediaGroups = async (mediaGroupIds: string[], caller: Caller) => {
  const userId = callerId(caller);
  const memberships = new Map<string, Promise<Membership | null>>();
  const memberOf = (companyId: string) => {
    if (!memberships.has(companyId))
      memberships.set(
        companyId,
        userId.then((id) => getMembership(companyId, id)),
      );
    return memberships.get(companyId)!;
  };
  const [, groups] = await alongside(
    userId,
    Promise.all(
      mediaGroupIds.map(async (id) => {
        const [companyId, media] = await Promise.all([getGroupCompany(id), latestMediaOfGroup(id)]);
        if (!companyId || !(await memberOf(companyId)) || !media) return null;
        return describeMedia(media);
      }),
    ),
  );
  return { mediaUploadGroups: groups.filter((g): g is NonNullable<typeof g> => g !== null) };
};
