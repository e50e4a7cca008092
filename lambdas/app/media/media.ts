import { ExecutionAlreadyExists, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { imageContentTypeOf, isProcessed, pipelineClip } from '../../domain/media';
import { mediaKeys } from '../../adapters/storage-layout';
import { sfn } from '../../adapters/aws';
import { deletePrefixes, presignDownload } from '../../adapters/storage';
import { deleteMediaItems, getMediaItems, markUploaded, type MediaItem } from '../../data/media';
import { readEnv } from '../../platform/env';

/**
 * Media use cases shared by the team's uploads and the candidates' answers: starting processing
 * once an upload is whole, describing media with short-lived links, and deleting it without orphans.
 */

/**
 * Videos and audio recordings go to the pipeline (execution name = media id, so a second start cannot
 * process twice), audio into an audio file (issue 39); images are ready at once.
 * `maxSeconds`: where the video is cut (a candidate's answer: their answer time plus the grace); the
 * pipeline clips a video that runs longer (lambdas/pipeline/media-pipeline.asl.ts). None: kept whole.
 */
export const startProcessing = async (
  media: Pick<MediaItem, 'mediaId' | 'contentType'> & { maxSeconds?: number | null },
): Promise<'processing' | 'ready'> => {
  const key = mediaKeys(media.mediaId).source;
  if (!isProcessed(media.contentType)) {
    await markUploaded(media.mediaId, 'ready', { variants: [{ key, contentType: media.contentType }] });
    return 'ready';
  }
  await markUploaded(media.mediaId, 'processing', { captionsStatus: 'preparing', transcriptStatus: 'submitted' });
  await startPipelineRun(media, media.mediaId);
  return 'processing';
};

/**
 * Starts the media pipeline on a video's stored upload, as the execution `name` (the media id for its
 * first run, one per run after it: lambdas/app/media/process-again.ts). Step Functions refuses a name
 * it has run, so a repeated start of the same run processes nothing twice.
 */
export const startPipelineRun = async (media: Pick<MediaItem, 'mediaId' | 'contentType'> & { maxSeconds?: number | null }, name: string) => {
  try {
    await sfn.send(
      new StartExecutionCommand({
        stateMachineArn: readEnv('STATE_MACHINE_ARN').STATE_MACHINE_ARN,
        name,
        input: JSON.stringify({
          mediaId: media.mediaId,
          key: mediaKeys(media.mediaId).source,
          contentType: media.contentType,
          ...pipelineClip(media.maxSeconds),
        }),
      }),
    );
  } catch (error) {
    if (!(error instanceof ExecutionAlreadyExists)) throw error;
  }
};

const link = async (key: string, contentType: string) => ({ contentHref: await presignDownload(key), contentType });

export const thumbnailOf = async (media: Pick<MediaItem, 'thumbnailKey'> | undefined | null) =>
  media?.thumbnailKey ? { variants: [await link(media.thumbnailKey, imageContentTypeOf(media.thumbnailKey))] } : null;

/** A media item as the API describes it: status, playable variants, thumbnail and captions, with presigned links. */
export const describeMedia = async (media: MediaItem) => ({
  mediaGroupId: media.mediaGroupId,
  mediaId: media.mediaId,
  contentType: media.contentType,
  uploadStatus: media.uploadStatus,
  variants: await Promise.all(media.variants.map((v) => link(v.key, v.contentType))),
  thumbnail: await thumbnailOf(media),
  captions: {
    captionsStatus: media.captionsStatus,
    variants: media.captionsKey ? [await link(media.captionsKey, 'text/vtt')] : [],
  },
  transcriptStatus: media.transcriptStatus,
  durationMillis: media.durationMillis,
  failureReason: media.uploadStatus === 'failed' ? (media.failureReason ?? 'Processing failed') : null,
});

/** Deletes media: its objects (the upload and everything derived from it) and its items. */
export const deleteMedia = async (mediaIds: string[]) => {
  if (mediaIds.length === 0) return;
  await deletePrefixes(mediaIds.flatMap((id) => [mediaKeys(id).uploadPrefix, mediaKeys(id).prefix]));
  for (let i = 0; i < mediaIds.length; i += 100) {
    const items = await getMediaItems(mediaIds.slice(i, i + 100));
    await deleteMediaItems([...items.values()]);
  }
};
