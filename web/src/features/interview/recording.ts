/**
 * The browser side of recording (DESIGN.md §4, spec §9): the format preference, the camera and
 * microphone, and a MediaRecorder that hands over a chunk every 250 ms. Framework-free.
 */
export const CHUNK_MS = 250;
export const COUNTDOWN_SECONDS = 3;

/** Spec §9: mp4 or matroska with h264, avc1 or av1 first, then webm or ogg with vp8 or vp9. */
export const PREFERRED_FORMATS = [
  'video/mp4;codecs=avc1,mp4a',
  'video/mp4;codecs=h264,aac',
  'video/mp4;codecs=av1,opus',
  'video/mp4',
  'video/x-matroska;codecs=avc1,opus',
  'video/x-matroska;codecs=h264,opus',
  'video/x-matroska;codecs=av1,opus',
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/ogg;codecs=vp8,opus',
  'video/ogg',
] as const;

export const chooseFormat = (isSupported: (type: string) => boolean): string | null => PREFERRED_FORMATS.find((type) => isSupported(type)) ?? null;

/** The container type the server takes (`video/webm;codecs=…` → `video/webm`). */
export const containerOf = (mimeType: string) => mimeType.split(';')[0]!.trim();

export const canRecord = () =>
  typeof window !== 'undefined' && typeof window.MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

export class PermissionDenied extends Error {}

/** Camera and microphone at the desktop's ideal 852×480. */
export const openCamera = async (): Promise<MediaStream> => {
  try {
    return await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 852 }, height: { ideal: 480 } }, audio: true });
  } catch (error) {
    if ((error as Error).name === 'NotAllowedError' || (error as Error).name === 'SecurityError') throw new PermissionDenied();
    throw error;
  }
};

export interface Recording {
  mimeType: string;
  stop(): Promise<Blob>;
}

/** Starts recording a stream; every chunk goes to `onChunk` as it arrives, and `stop` resolves with the whole video. */
export const startRecording = (stream: MediaStream, mimeType: string, onChunk: (chunk: Blob) => void): Recording => {
  const recorder = new MediaRecorder(stream, { mimeType });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size === 0) return;
    chunks.push(event.data);
    onChunk(event.data);
  };
  const stopped = new Promise<Blob>((resolve, reject) => {
    recorder.onstop = () => resolve(new Blob(chunks, { type: containerOf(recorder.mimeType || mimeType) }));
    recorder.onerror = () => reject(new Error('recorder error'));
  });
  recorder.start(CHUNK_MS);
  return {
    mimeType: recorder.mimeType || mimeType,
    stop: () => {
      if (recorder.state !== 'inactive') recorder.stop();
      return stopped;
    },
  };
};
