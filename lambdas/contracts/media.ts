import * as z from 'zod/mini';
import { MEDIA_CONTENT_TYPES } from './media-types';
import { idSchema, singleLineText, urlSafeIdSchema } from './common';
import { defineContract } from './contract';

const groupIdSchema = urlSafeIdSchema(8, 64, 'Not a valid media group id.');

export const createUserMediaUpload = defineContract({
  summary: 'Registers a team upload (video or image) and returns a short-lived presigned URL to PUT the file to, with its Content-Type.',
  body: z.object({
    mediaGroupId: groupIdSchema,
    contentType: z.enum(MEDIA_CONTENT_TYPES, 'Must upload a video file or an image (PNG, JPEG or WebP).'),
    properties: z.object({
      companyId: idSchema,
      size: z.int().check(z.positive('Empty file encountered')),
      fileName: z.optional(singleLineText(z.maxLength(255))),
    }),
  }),
  response: z.object({ mediaId: z.string(), uploadUrl: z.string() }),
  successStatus: 201,
});

export const completeMediaUploads = defineContract({
  summary: 'Marks uploads as complete and starts their processing (idempotent: a repeated call does not process twice).',
  query: z.object({ transcoder: z.optional(z.string().check(z.maxLength(40))) }),
  body: z.object({ mediaIds: z.array(idSchema).check(z.minLength(1), z.maxLength(20)) }),
  response: z.object({ media: z.array(z.object({ mediaId: z.string(), uploadStatus: z.string() })) }),
});

const variantSchema = z.object({ contentHref: z.string(), contentType: z.string() });

export const mediaGroupSchema = z.object({
  mediaGroupId: z.string(),
  mediaId: z.string(),
  contentType: z.string(),
  uploadStatus: z.enum(['uploading', 'processing', 'ready', 'failed']),
  variants: z.array(variantSchema),
  thumbnail: z.nullable(z.object({ variants: z.array(variantSchema) })),
  captions: z.object({ captionsStatus: z.enum(['none', 'preparing', 'ready', 'failed']), variants: z.array(variantSchema) }),
  transcriptStatus: z.enum(['none', 'created', 'submitted', 'completed', 'failed']),
  durationMillis: z.nullable(z.int()),
  failureReason: z.nullable(z.string()),
});

export const getMediaUploadGroups = defineContract({
  summary: 'The latest media of each group (comma-separated ids, up to 20): status, playable variants, thumbnail, captions.',
  params: z.object({ mediaGroupIds: z.string().check(z.minLength(1), z.maxLength(1400)) }),
  response: z.object({ mediaUploadGroups: z.array(mediaGroupSchema) }),
});
