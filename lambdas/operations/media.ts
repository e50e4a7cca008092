import * as z from 'zod/mini';
import { idSchema, singleLineText } from '../contracts/common';
import { groupIdSchema, mediaGroupSchema } from '../contracts/media';
import { MEDIA_CONTENT_TYPES } from '../contracts/media-types';
import { defineOperation } from './operation';

export const createUserMediaUpload = defineOperation({
  method: 'POST',
  path: '/user-media-uploads',
  auth: 'session',
  grants: ['table:write', 'media:write'],
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

export const completeMediaUploads = defineOperation({
  method: 'PUT',
  path: '/media-uploads/complete',
  auth: 'session',
  grants: ['table:write', 'media:read', 'workflow:start'],
  summary: 'Marks uploads as complete and starts their processing (idempotent: a repeated call does not process twice).',
  query: z.object({ transcoder: z.optional(z.string().check(z.maxLength(40))) }),
  body: z.object({ mediaIds: z.array(idSchema).check(z.minLength(1), z.maxLength(20)) }),
  response: z.object({ media: z.array(z.object({ mediaId: z.string(), uploadStatus: z.string() })) }),
});

export const getMediaUploadGroups = defineOperation({
  method: 'GET',
  path: '/media-upload-groups/{mediaGroupIds}',
  auth: 'session',
  grants: ['table:read', 'media:read'],
  summary: 'The latest media of each group (comma-separated ids, up to 20): status, playable variants, thumbnail, captions.',
  params: z.object({ mediaGroupIds: z.string().check(z.minLength(1), z.maxLength(1400)) }),
  response: z.object({ mediaUploadGroups: z.array(mediaGroupSchema) }),
});
