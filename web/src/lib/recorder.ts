/**
 * The browser side of recording (DESIGN.md §4, spec §9): the format preference, the camera and
 * microphone, and a MediaRecorder that hands over a chunk every 250 ms. Framework-free.
 */
import { storage } from './storage';

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

/**
 * An audio-only answer's formats (issue 39), in order: Opus in WebM (Chromium, Firefox), in Ogg
 * (Firefox), AAC in MP4 (Safari). Their containers are the server's AUDIO_CONTENT_TYPES.
 */
export const AUDIO_FORMATS = [
  'audio/webm;codecs=opus',
  'audio/ogg;codecs=opus',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
  'audio/webm',
  'audio/ogg',
] as const;

export const chooseAudioFormat = (isSupported: (type: string) => boolean): string | null => AUDIO_FORMATS.find((type) => isSupported(type)) ?? null;

/** The container type the server takes (`video/webm;codecs=…` → `video/webm`). */
export const containerOf = (mimeType: string) => mimeType.split(';')[0]!.trim();

/**
 * Spec §3 "Other local storage": set to `1` (or `true`), the candidate records through the
 * live-recording service even where MediaRecorder works.
 */
export const FORCE_RECORDER_SERVICE_KEY = 'force_recorder_service';

export const isRecorderServiceForced = () => ['1', 'true'].includes(storage.get(FORCE_RECORDER_SERVICE_KEY)?.trim().toLowerCase() ?? '');

/** How the candidate answers: MediaRecorder with a format, the live-recording service, or a video file. */
export type RecorderChoice = { kind: 'media-recorder'; format: string } | { kind: 'live' } | { kind: 'file' };

/**
 * Spec §9: "The live-recording service is used when the browser cannot record, or when forced by a
 * local setting." Without a camera API (getUserMedia) or WebRTC there is no live take either, and the
 * answer is a file; without MediaRecorder or any of the preferred formats, or when forced, it is live.
 */
export const chooseRecorder = ({
  camera,
  peerConnection,
  isTypeSupported,
  forced,
}: {
  /** navigator.mediaDevices.getUserMedia exists. */
  camera: boolean;
  /** RTCPeerConnection exists. */
  peerConnection: boolean;
  /** MediaRecorder.isTypeSupported, or null without MediaRecorder. */
  isTypeSupported: ((type: string) => boolean) | null;
  /** The force-recorder-service flag. */
  forced: boolean;
}): RecorderChoice => {
  if (!camera) return { kind: 'file' };
  const format = isTypeSupported ? chooseFormat(isTypeSupported) : null;
  if (peerConnection && (forced || !format)) return { kind: 'live' };
  return format ? { kind: 'media-recorder', format } : { kind: 'file' };
};

/**
 * How an audio-only answer is recorded (issue 39): MediaRecorder with an audio format, else a file.
 * Never live: the live-recording service records the camera's picture (IVS, H.264 + AAC), so an audio
 * answer stays on the browser's recorder even where the force-recorder-service flag is set.
 */
export const chooseAudioRecorder = ({
  microphone,
  isTypeSupported,
}: {
  /** navigator.mediaDevices.getUserMedia exists. */
  microphone: boolean;
  /** MediaRecorder.isTypeSupported, or null without MediaRecorder. */
  isTypeSupported: ((type: string) => boolean) | null;
}): RecorderChoice => {
  const format = microphone && isTypeSupported ? chooseAudioFormat(isTypeSupported) : null;
  return format ? { kind: 'media-recorder', format } : { kind: 'file' };
};

const isTypeSupportedHere = () =>
  typeof window.MediaRecorder !== 'undefined' && typeof window.MediaRecorder.isTypeSupported === 'function'
    ? (type: string) => window.MediaRecorder.isTypeSupported(type)
    : null;

/** This browser's choice for an audio-only answer. */
export const audioRecorderChoiceHere = (): RecorderChoice =>
  typeof window === 'undefined'
    ? { kind: 'file' }
    : chooseAudioRecorder({ microphone: Boolean(navigator.mediaDevices?.getUserMedia), isTypeSupported: isTypeSupportedHere() });

/** The audio of a stream alone (an audio question in an interview with the camera on): what an audio take records. */
export const audioTracksOf = (stream: MediaStream): MediaStream =>
  stream.getVideoTracks().length === 0 ? stream : new MediaStream(stream.getAudioTracks());

/** This browser's choice. */
export const recorderChoiceHere = (): RecorderChoice =>
  typeof window === 'undefined'
    ? { kind: 'file' }
    : chooseRecorder({
        camera: Boolean(navigator.mediaDevices?.getUserMedia),
        peerConnection: typeof window.RTCPeerConnection !== 'undefined',
        isTypeSupported: isTypeSupportedHere(),
        forced: isRecorderServiceForced(),
      });

export const canRecord = () =>
  typeof window !== 'undefined' && typeof window.MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

export class PermissionDenied extends Error {}

/**
 * Spec §3 "recorder device ids": the camera and microphone the person chose (null: the browser's
 * default), remembered in this browser and used by every recorder of the app.
 */
export const RECORDER_DEVICE_IDS_KEY = 'recorder_device_ids';

export interface DeviceChoice {
  videoDeviceId: string | null;
  audioDeviceId: string | null;
}

export const DEFAULT_DEVICES: DeviceChoice = { videoDeviceId: null, audioDeviceId: null };

const idOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The remembered choice; anything unreadable is the defaults. */
export const rememberedDevices = (): DeviceChoice => {
  const stored = storage.getJson<Partial<Record<keyof DeviceChoice, unknown>>>(RECORDER_DEVICE_IDS_KEY);
  return { videoDeviceId: idOrNull(stored?.videoDeviceId), audioDeviceId: idOrNull(stored?.audioDeviceId) };
};

export const rememberDevices = (choice: DeviceChoice) => storage.setJson(RECORDER_DEVICE_IDS_KEY, choice);

/**
 * What getUserMedia is asked for: the desktop's ideal 852×480, on the chosen devices (exactly) where
 * there is a choice; with `video` false (an interview recording audio only, issue 39) the microphone alone.
 */
export const cameraConstraints = ({ videoDeviceId, audioDeviceId }: DeviceChoice, video = true): MediaStreamConstraints => ({
  video: video ? { width: { ideal: 852 }, height: { ideal: 480 }, ...(videoDeviceId ? { deviceId: { exact: videoDeviceId } } : {}) } : false,
  audio: audioDeviceId ? { deviceId: { exact: audioDeviceId } } : true,
});

/** The devices a stream records from (what the device selects show). */
export const devicesOf = (stream: MediaStream): DeviceChoice => ({
  videoDeviceId: idOrNull(stream.getVideoTracks()[0]?.getSettings().deviceId),
  audioDeviceId: idOrNull(stream.getAudioTracks()[0]?.getSettings().deviceId),
});

/** A device that is gone (unplugged, or another browser's id): getUserMedia cannot satisfy `exact`. */
const isMissingDevice = (error: unknown) => ['OverconstrainedError', 'NotFoundError', 'NotReadableError'].includes((error as Error)?.name);

/**
 * Camera and microphone, on `choice` (by default the remembered one). When a chosen device is gone
 * the browser's defaults are opened instead (and the remembered choice, no longer valid, is left as
 * it is: the device may come back). A refused permission is PermissionDenied. `video` false: the microphone only.
 */
export const openCamera = async (choice: DeviceChoice = rememberedDevices(), video = true): Promise<MediaStream> => {
  const open = (wanted: DeviceChoice) => navigator.mediaDevices.getUserMedia(cameraConstraints(wanted, video));
  try {
    try {
      return await open(choice);
    } catch (error) {
      if ((choice.videoDeviceId || choice.audioDeviceId) && isMissingDevice(error)) return await open(DEFAULT_DEVICES);
      throw error;
    }
  } catch (error) {
    if ((error as Error).name === 'NotAllowedError' || (error as Error).name === 'SecurityError') throw new PermissionDenied();
    throw error;
  }
};

/** A camera or microphone to choose from: its id and its name (or "Camera 2" where the browser gives none). */
export interface DeviceOption {
  deviceId: string;
  label: string;
}

/** The cameras and microphones of this device (named once the permission is given). */
export const listDevices = async (): Promise<{ cameras: DeviceOption[]; microphones: DeviceOption[] }> => {
  const devices = await navigator.mediaDevices.enumerateDevices();
  const of = (kind: MediaDeviceKind, name: string) =>
    devices
      .filter((device) => device.kind === kind && device.deviceId !== '')
      .map((device, i) => ({ deviceId: device.deviceId, label: device.label || `${name} ${i + 1}` }));
  return { cameras: of('videoinput', 'Camera'), microphones: of('audioinput', 'Microphone') };
};

/** Calls `onLost` once when a track of the stream ends by itself (a device unplugged); returns the unsubscribe. */
export const whenDeviceLost = (stream: MediaStream, onLost: () => void): (() => void) => {
  let lost = false;
  const ended = () => {
    if (lost) return;
    lost = true;
    onLost();
  };
  const tracks = stream.getTracks();
  tracks.forEach((track) => track.addEventListener('ended', ended));
  return () => tracks.forEach((track) => track.removeEventListener('ended', ended));
};

/** Ends a stream's tracks (the camera light goes off). */
export const closeStream = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

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

/** Spec §8's recorder and upload messages, word for word. */
export const recorderMessages = {
  recordMedia: 'Unable to record media.',
  oldSafari: 'Unable to record media on this version of Safari.',
  unsupportedFormat: 'Unable to record a supported video format.',
  permissionDenied:
    'Camera or microphone access was denied. Allow this site to use your camera and microphone in your browser’s settings (the camera icon in the address bar), then try again. If it still does not work, please contact support.',
  connectRecorder: 'Unable to connect to recorder',
  startRecording: 'Unable to start recording',
  mustBeVideo: 'Must upload a video file',
  extractThumbnail: 'Unable to extract a thumbnail',
  emptyFile: 'Empty file encountered',
  uploadThumbnail: 'Unable to upload thumbnail',
  captureThumbnail: 'Unable to capture thumbnail',
  uploadFailure: 'Upload failure',
  recordVideo: 'Unable to record video',
  saveVideo: 'Unable to save video',
} as const;

/** Spec §5 Upload: a chosen file must be a video of a type the server takes, and not empty. */
export const videoFileProblem = (file: { type: string; size: number }, acceptedTypes: readonly string[]): string | null => {
  const type = containerOf(file.type).toLowerCase();
  if (!type.startsWith('video/') || !acceptedTypes.includes(type)) return recorderMessages.mustBeVideo;
  if (file.size === 0) return recorderMessages.emptyFile;
  return null;
};

/** Spec §9: the thumbnail is taken 200 ms in (or halfway through a shorter clip). */
export const THUMBNAIL_SEEK_SECONDS = 0.2;
export const thumbnailTime = (durationSeconds: number) =>
  Number.isFinite(durationSeconds) && durationSeconds > 0 ? Math.min(THUMBNAIL_SEEK_SECONDS, durationSeconds / 2) : THUMBNAIL_SEEK_SECONDS;

/**
 * A PNG of the video 200 ms in: a detached <video> loads the blob, seeks, and a canvas draws the
 * frame. Rejects when the browser cannot decode it or it takes more than `timeoutMs`.
 */
export const extractThumbnail = (video: Blob, timeoutMs = 15_000): Promise<Blob> =>
  new Promise<Blob>((resolve, reject) => {
    const url = URL.createObjectURL(video);
    const element = document.createElement('video');
    let done = false;
    const finish = (result: Blob | Error) => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      element.removeAttribute('src');
      element.load();
      URL.revokeObjectURL(url);
      if (result instanceof Blob) resolve(result);
      else reject(result);
    };
    const timer = window.setTimeout(() => finish(new Error('thumbnail timeout')), timeoutMs);
    element.muted = true;
    element.playsInline = true;
    element.preload = 'auto';
    element.onerror = () => finish(new Error('video not decodable'));
    element.onloadeddata = () => {
      element.currentTime = thumbnailTime(element.duration);
    };
    element.onseeked = () => {
      const width = element.videoWidth;
      const height = element.videoHeight;
      if (!width || !height) return finish(new Error('no video frame'));
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) return finish(new Error('no canvas'));
      context.drawImage(element, 0, 0, width, height);
      canvas.toBlob((png) => finish(png && png.size > 0 ? png : new Error('empty thumbnail')), 'image/png');
    };
    element.src = url;
  });
