import * as z from 'zod/mini';
import { urlSafeIdSchema } from './common';
import { CAPTIONS_STATUSES, TRANSCRIPT_STATUSES, UPLOAD_STATUSES } from './vocabulary';

export const groupIdSchema = urlSafeIdSchema(8, 64, 'Not a valid media group id.');

const variantSchema = z.object({ contentHref: z.string(), contentType: z.string() });

export const mediaGroupSchema = z.object({
  mediaGroupId: z.string(),
  mediaId: z.string(),
  contentType: z.string(),
  uploadStatus: z.enum(UPLOAD_STATUSES),
  variants: z.array(variantSchema),
  thumbnail: z.nullable(z.object({ variants: z.array(variantSchema) })),
  captions: z.object({ captionsStatus: z.enum(CAPTIONS_STATUSES), variants: z.array(variantSchema) }),
  transcriptStatus: z.enum(TRANSCRIPT_STATUSES),
  durationMillis: z.nullable(z.int()),
  failureReason: z.nullable(z.string()),
});
