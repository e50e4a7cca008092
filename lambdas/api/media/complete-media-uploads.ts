import { completeMediaUploads } from '../../contracts/media';
import { mediaKeys } from '../../shared/storage-definition';
import { routes } from '../../routes';
import { getMembership } from '../../shared/db/memberships';
import { objectSize } from '../../shared/clients/storage';
import { getMedia } from '../../shared/db/media';
import { badRequest, notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';
import { startProcessing } from '../../app/media/media';

/** Completion: checks the object arrived whole, then starts its processing (once, however often it is called). */
export const handler = apiHandler(routes.completeMediaUploads, completeMediaUploads, async ({ body, session }) => {
  const results: { mediaId: string; uploadStatus: string }[] = [];
  for (const mediaId of [...new Set(body.mediaIds)]) {
    const media = await getMedia(mediaId);
    if (!media || !(await getMembership(media.companyId, session.userId))) throw notFound('Media not found.');
    if (media.uploadStatus !== 'uploading') {
      results.push({ mediaId, uploadStatus: media.uploadStatus });
      continue;
    }
    const key = mediaKeys(mediaId).source;
    const size = await objectSize(key);
    if (size === null) throw badRequest('Upload failure: the file has not arrived. Upload it again.', 'upload_missing');
    if (size === 0) throw badRequest('Empty file encountered', 'empty_file');
    results.push({ mediaId, uploadStatus: await startProcessing(media) });
  }
  return { media: results };
});
