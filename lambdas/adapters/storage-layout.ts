/**
 * Buckets the product uses, defined once for CDK and for the local S3 stand-in.
 * `media` holds uploads (team videos, candidate answers, logos) and their processed variants;
 * browsers PUT to it directly with presigned URLs, hence the CORS rule.
 */
export const bucketDefinitions = {
  media: { baseName: 'media' },
  /** What IVS records of live takes (issue 30), until it is joined into the media bucket; objects expire after days. */
  liveRecordings: { baseName: 'live-recordings' },
} as const;

export type BucketId = keyof typeof bucketDefinitions;

/** Physical bucket names must be globally unique in AWS; CDK adds account and region there. */
export const localBucketName = (stage: string, id: BucketId): string => `${stage}-${bucketDefinitions[id].baseName}`;

/** CORS for browser uploads straight to S3 (presigned PUT and multipart parts; ETag is read back). */
export const uploadCorsRule = {
  allowedMethods: ['GET', 'PUT', 'HEAD'] as const,
  allowedHeaders: ['*'],
  exposedHeaders: ['ETag'],
  maxAgeSeconds: 3000,
};

/**
 * The media bucket's object layout, defined once: the handlers, the pipeline's ASL, the IAM grants
 * (per prefix) and the tests all build keys here. Uploads (what browsers PUT) live under
 * `uploads/`, everything derived from them (the pipeline's outputs, answer packages) under
 * `processed/`.
 */
export const mediaPrefixes = {
  uploads: 'uploads/',
  processed: 'processed/',
} as const;

/**
 * What IVS records of a live take, in the live-recordings bucket (HLS under `<stage id>/<session>/
 * <participant>/<recording>/`, at the root: an IVS storage configuration names a bucket, never a
 * prefix). The stage id is the recording's id; everything under it is deleted once the take's video
 * is joined from it into the media bucket.
 */
export const liveRecordingPrefix = (recordingId: string) => `${recordingId}/`;

/** Object keys of one media item: the upload and everything the pipeline derives from it. */
export const mediaKeys = (mediaId: string) => {
  const upload = `${mediaPrefixes.uploads}${mediaId}/`;
  const processed = `${mediaPrefixes.processed}${mediaId}/`;
  return {
    source: `${upload}source`,
    /** MediaConvert's destinations: it appends `.mp4`, and `.0000000.jpg` to frame captures. */
    videoDestination: `${processed}video`,
    thumbnailDestination: `${processed}thumbnail`,
    video: `${processed}video.mp4`,
    /** An audio-only answer's (issue 39): MediaConvert's destination, and its file with the output's `m4a` extension. */
    audioDestination: `${processed}audio`,
    audio: `${processed}audio.m4a`,
    thumbnail: `${processed}thumbnail.png`,
    /** MediaConvert's frame capture output (it names the file itself). */
    frameCapture: `${processed}thumbnail.0000000.jpg`,
    captions: `${processed}captions.vtt`,
    transcriptSource: `${processed}transcribe.json`,
    transcript: `${processed}transcript.json`,
    prefix: processed,
    uploadPrefix: upload,
  };
};

/**
 * Where a candidate's answer packages live: each build its own object, so a build that was replaced
 * while it ran never overwrites the zip of the one that replaced it (packages stored before builds
 * were tracked are at `answers.zip`; their records name their key).
 */
export const packagePrefix = (candidateId: string) => `${mediaPrefixes.processed}candidates/${candidateId}/`;
export const packageKey = (candidateId: string, buildId: string) => `${packagePrefix(candidateId)}package-${buildId}.zip`;
