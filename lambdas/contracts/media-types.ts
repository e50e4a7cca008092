/**
 * What may be uploaded, defined once: the contracts validate it, the media rules size and sniff
 * it, and the SPA's recorders and file pickers offer it. Plain data, no imports.
 */
export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska', 'video/ogg'] as const;
/** What an audio-only answer (issue 39) is recorded in: the recorder's audio containers, in its order of preference. */
export const AUDIO_CONTENT_TYPES = ['audio/mp4', 'audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/wav'] as const;
/** What a recorded answer may be started with: a video question takes the video types, an audio question the audio ones. */
export const RECORDED_CONTENT_TYPES = [...VIDEO_CONTENT_TYPES, ...AUDIO_CONTENT_TYPES] as const;
/** What the media pipeline makes of an audio answer: AAC in an MP4 (M4A) file, every browser plays it. */
export const AUDIO_OUTPUT_CONTENT_TYPE = 'audio/mp4';
/** What a take of the other kind is told (the recorder sends the question's kind; another client may not). */
export const AUDIO_ONLY_MESSAGE = 'This question is answered with audio only: record it without video.';
export const VIDEO_ONLY_MESSAGE = 'This question is answered with a video: record it with your camera.';
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MEDIA_CONTENT_TYPES = [...VIDEO_CONTENT_TYPES, ...IMAGE_CONTENT_TYPES] as const;
export type MediaContentType = (typeof MEDIA_CONTENT_TYPES)[number];

/**
 * What a file answer (issue 39) may be, read from its bytes on upload (never the name or the claimed
 * type): PDF, Word (DOCX), PNG and JPEG, at most FILE_ANSWER_MAX_BYTES. The extensions are what the
 * picker offers and what the download is named with.
 */
export const FILE_ANSWER_TYPES = [
  { contentType: 'application/pdf', extension: 'pdf', label: 'PDF' },
  { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx', label: 'Word (DOCX)' },
  { contentType: 'image/png', extension: 'png', label: 'PNG' },
  { contentType: 'image/jpeg', extension: 'jpg', label: 'JPEG' },
] as const;
export const FILE_ANSWER_CONTENT_TYPES = FILE_ANSWER_TYPES.map((t) => t.contentType);
export const FILE_ANSWER_MAX_BYTES = 10 * 1024 * 1024;
/** The types as people read them: "PDF, Word (DOCX), PNG or JPEG". */
export const FILE_ANSWER_TYPES_TEXT = `${FILE_ANSWER_TYPES.slice(0, -1)
  .map((t) => t.label)
  .join(', ')} or ${FILE_ANSWER_TYPES[FILE_ANSWER_TYPES.length - 1].label}`;
/** What a file answer too large or of another type is told, the same in the browser's check and the server's. */
export const FILE_TOO_LARGE_MESSAGE = `The file is larger than ${FILE_ANSWER_MAX_BYTES / 1024 / 1024} MB. Choose a smaller file.`;
export const WRONG_FILE_TYPE_MESSAGE = `This file is not a ${FILE_ANSWER_TYPES_TEXT} file. Choose a file of one of those types.`;
