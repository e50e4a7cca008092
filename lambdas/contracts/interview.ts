import * as z from 'zod/mini';
import { VIDEO_CONTENT_TYPES } from './media-types';
import { urlSafeIdSchema } from './common';
import { themeSchema } from './company';

/**
 * The candidate's side (DESIGN.md §4): no session, the unguessable interview token in the path
 * authorizes exactly one candidate. Public apply links create a candidate and hand back a token.
 */
export const interviewTokenSchema = urlSafeIdSchema(32, 64, 'Not a valid interview link.');

/** The containers an answer may come in (a recording or an uploaded file). */
export const ANSWER_CONTENT_TYPES = VIDEO_CONTENT_TYPES;

/** S3's multipart rules: every part but the last at least 5 MiB, part numbers 1..10000. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
export const MAX_PART_NUMBER = 10_000;
export const partNumberSchema = z.int().check(z.minimum(1), z.maximum(MAX_PART_NUMBER));

/** A team video the candidate watches, once processed, with its WebVTT captions once they are ready (null until then, or without speech recognised). */
export const playableSchema = z.nullable(
  z.object({ contentHref: z.string(), contentType: z.string(), thumbnailHref: z.nullable(z.string()), captionsHref: z.nullable(z.string()) }),
);

export const brandingSchema = z.object({
  companyName: z.string(),
  jobTitle: z.string(),
  theme: themeSchema,
  logoHref: z.nullable(z.string()),
});
