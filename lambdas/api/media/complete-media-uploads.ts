import { ExecutionAlreadyExists, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { completeMediaUploads } from '../../contracts/media';
import { isVideo, mediaKeys } from '../../domain/media';
import { routes } from '../../routes';
import { getMembership } from '../../shared/db/memberships';
import { sfn } from '../../shared/clients/aws';
import { objectSize } from '../../shared/clients/storage';
import { getMedia, markUploaded } from '../../shared/db/media';
import { readEnv } from '../../shared/env';
import { badRequest, notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

/**
 * Completion: checks the object arrived whole, then videos go to the pipeline (execution name =
 * media id, so a second completion cannot start a second run) and images are ready at once.
 */
export const handler = apiHandler(routes.completeMediaUploads, completeMediaUploads, async ({ body, session }) => {
  const results: { mediaId: string; uploadStatus: string }[] = [];
  for (const mediaId of [...new Set(body.mediaIds)]) {
    const media = await getMedia(mediaId);
    if (!media || !(await getMembership(media.companyId, session!.userId))) throw notFound('Media not found.');
    if (media.uploadStatus !== 'uploading') {
      results.push({ mediaId, uploadStatus: media.uploadStatus });
      continue;
    }
    const key = mediaKeys(mediaId).source;
    const size = await objectSize(key);
    if (size === null) throw badRequest('Upload failure: the file has not arrived. Upload it again.', 'upload_missing');
    if (size === 0) throw badRequest('Empty file encountered', 'empty_file');
    if (isVideo(media.contentType)) {
      await markUploaded(mediaId, 'processing', { captionsStatus: 'preparing', transcriptStatus: 'submitted' });
      try {
        await sfn.send(
          new StartExecutionCommand({
            stateMachineArn: readEnv('STATE_MACHINE_ARN').STATE_MACHINE_ARN,
            name: mediaId,
            input: JSON.stringify({ mediaId, key, contentType: media.contentType }),
          }),
        );
      } catch (error) {
        if (!(error instanceof ExecutionAlreadyExists)) throw error;
      }
      results.push({ mediaId, uploadStatus: 'processing' });
    } else {
      await markUploaded(mediaId, 'ready', { variants: [{ key, contentType: media.contentType }] });
      results.push({ mediaId, uploadStatus: 'ready' });
    }
  }
  return { media: results };
});
