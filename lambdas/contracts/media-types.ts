/**
 * What may be uploaded, defined once: the contracts validate it, the media rules size and sniff
 * it, and the SPA's recorders and file pickers offer it. Plain data, no imports.
 */
export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska', 'video/ogg'] as const;
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MEDIA_CONTENT_TYPES = [...VIDEO_CONTENT_TYPES, ...IMAGE_CONTENT_TYPES] as const;
export type MediaContentType = (typeof MEDIA_CONTENT_TYPES)[number];
