import { AUDIO_CONTENT_TYPES, VIDEO_CONTENT_TYPES } from '../contracts/media-types';
import { type CaptionsStatus, type TranscriptStatus, type UploadStatus } from '../contracts/vocabulary';
/**
 * Media rules: what may be uploaded, how big, where its objects live, and how processing
 * statuses read (spec §3, §4: upload_status `processing` until ready, captions `preparing`,
 * transcript `created`/`submitted`).
 */

export const MAX_VIDEO_BYTES = 500 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_TTL_SECONDS = 60 * 60;

export const isVideo = (contentType: string) => (VIDEO_CONTENT_TYPES as readonly string[]).includes(contentType);
/** An audio-only recording (issue 39): processed as a video is, into an audio file instead of video renditions. */
export const isAudio = (contentType: string) => (AUDIO_CONTENT_TYPES as readonly string[]).includes(contentType);
/** What goes through the media pipeline (transcoded, transcribed, captioned): videos and audio recordings. */
export const isProcessed = (contentType: string) => isVideo(contentType) || isAudio(contentType);
export const maxBytesFor = (contentType: string) => (isProcessed(contentType) ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES);
/** Whether a recording of this type answers a question of this kind: a video question takes a video, an audio question audio. */
export const recordingFits = (answerType: string, contentType: string) => (answerType === 'audio' ? isAudio(contentType) : isVideo(contentType));

export const imageContentTypeOf = (key: string) => (key.endsWith('.png') ? 'image/png' : key.endsWith('.webp') ? 'image/webp' : 'image/jpeg');

export type { CaptionsStatus, TranscriptStatus, UploadStatus };

/** A whole number of seconds as a timecode (HH:MM:SS:FF, frame 0), as MediaConvert's input clipping takes it. */
export const timecodeOf = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}:00`;
};

/**
 * What the media pipeline's input carries to cut a video at `maxSeconds` (lambdas/pipeline/media-pipeline.asl.ts):
 * the limit in milliseconds (to compare with the transcoded duration) and the clip's end timecode. Nothing without a limit.
 */
export const pipelineClip = (maxSeconds: number | null | undefined): { clip?: { maxMillis: number; endTimecode: string } } =>
  typeof maxSeconds === 'number' && maxSeconds > 0 ? { clip: { maxMillis: Math.floor(maxSeconds) * 1000, endTimecode: timecodeOf(maxSeconds) } } : {};

/**
 * Container signatures of the first bytes: a video must really be one (an ISO-BMFF `ftyp` box, a
 * Matroska/WebM EBML header or an Ogg page), an audio recording one of those or a WAV or MP3 file,
 * an image a PNG, JPEG or WebP.
 */
export const sniffContainer = (head: Uint8Array): 'mp4' | 'matroska' | 'ogg' | 'mp3' | 'wav' | 'png' | 'jpeg' | 'webp' | null => {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(4, 8) === 'ftyp') return 'mp4';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'matroska';
  if (head.length >= 4 && ascii(0, 4) === 'OggS') return 'ogg';
  if (head.length >= 8 && head[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  // Audio only (issue 39): WAV (RIFF/WAVE), MP3 (an ID3 tag or an MPEG audio frame's sync bits).
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if ((head.length >= 3 && ascii(0, 3) === 'ID3') || (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)) return 'mp3';
  return null;
};

export interface TranscriptParagraph {
  startMillis: number;
  content: string;
}

/** A word with its start and end in seconds, as Amazon Transcribe (and the local recognizer) report them. */
export interface TimedWord {
  start: number;
  end: number;
  content: string;
}

/** Words → paragraphs: a new paragraph after a pause of 1.5 s or 40 words, so the transcript reads and seeks well. */
export const toParagraphs = (words: TimedWord[], pauseSeconds = 1.5, maxWords = 40): TranscriptParagraph[] => {
  const paragraphs: { startMillis: number; words: string[] }[] = [];
  let lastEnd = -Infinity;
  for (const word of words) {
    const current = paragraphs[paragraphs.length - 1];
    if (!current || word.start - lastEnd >= pauseSeconds || current.words.length >= maxWords) {
      paragraphs.push({ startMillis: Math.round(word.start * 1000), words: [word.content] });
    } else {
      current.words.push(word.content);
    }
    lastEnd = word.end;
  }
  return paragraphs.map((p) => ({ startMillis: p.startMillis, content: p.words.join(' ').replace(/\s+([.,?!])/g, '$1') }));
};

const vttTime = (seconds: number) => {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
};

/** Words → WebVTT captions: cues of up to 8 words or 4 seconds, split at pauses. */
export const toWebVtt = (words: TimedWord[], maxWords = 8, maxSeconds = 4): string => {
  const cues: TimedWord[][] = [];
  for (const word of words) {
    const cue = cues[cues.length - 1];
    const last = cue?.[cue.length - 1];
    if (!cue || cue.length >= maxWords || word.end - cue[0]!.start > maxSeconds || (last && word.start - last.end > 1)) cues.push([word]);
    else cue.push(word);
  }
  const body = cues.map(
    (cue, i) => `${i + 1}\n${vttTime(cue[0]!.start)} --> ${vttTime(cue[cue.length - 1]!.end)}\n${cue.map((w) => w.content).join(' ')}`,
  );
  return `WEBVTT\n\n${body.join('\n\n')}${body.length ? '\n' : ''}`;
};

/** Amazon Transcribe's output JSON → timed words (punctuation attached to the word before it). */
export const wordsFromTranscribe = (output: {
  results?: { items?: { type: string; start_time?: string; end_time?: string; alternatives?: { content: string }[] }[] };
}): TimedWord[] => {
  const words: TimedWord[] = [];
  for (const item of output.results?.items ?? []) {
    const content = item.alternatives?.[0]?.content ?? '';
    if (item.type === 'punctuation') {
      const last = words[words.length - 1];
      if (last) last.content += content;
    } else if (content) {
      words.push({ start: Number(item.start_time ?? 0), end: Number(item.end_time ?? 0), content });
    }
  }
  return words;
};
