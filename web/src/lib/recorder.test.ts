import { describe, expect, it, vi } from 'vitest';
import { AUDIO_CONTENT_TYPES } from '../../../lambdas/contracts/media-types';
import {
  AUDIO_FORMATS,
  cameraConstraints,
  chooseAudioFormat,
  chooseAudioRecorder,
  chooseFormat,
  chooseRecorder,
  containerOf,
  FORCE_RECORDER_SERVICE_KEY,
  isRecorderServiceForced,
  listDevices,
  openCamera,
  PermissionDenied,
  PREFERRED_FORMATS,
  RECORDER_DEVICE_IDS_KEY,
  recorderMessages,
  rememberDevices,
  rememberedDevices,
  thumbnailTime,
  videoFileProblem,
  whenDeviceLost,
} from './recorder';

const accepted = ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska', 'video/ogg'];

describe('recorder helpers', () => {
  it('prefers mp4/matroska with h264, avc1 or av1, then webm or ogg', () => {
    expect(chooseFormat(() => true)).toBe(PREFERRED_FORMATS[0]);
    expect(chooseFormat((t) => t.startsWith('video/webm'))).toBe('video/webm;codecs=vp9,opus');
    expect(chooseFormat((t) => t.startsWith('video/x-matroska'))).toBe('video/x-matroska;codecs=avc1,opus');
    expect(chooseFormat(() => false)).toBeNull();
    expect(containerOf('video/webm;codecs=vp8,opus')).toBe('video/webm');
  });

  it('accepts only non-empty video files of a type the server takes', () => {
    expect(videoFileProblem({ type: 'video/mp4', size: 10 }, accepted)).toBeNull();
    expect(videoFileProblem({ type: 'video/webm;codecs=vp9', size: 10 }, accepted)).toBeNull();
    expect(videoFileProblem({ type: 'image/png', size: 10 }, accepted)).toBe('Must upload a video file');
    expect(videoFileProblem({ type: '', size: 10 }, accepted)).toBe(recorderMessages.mustBeVideo);
    expect(videoFileProblem({ type: 'video/x-msvideo', size: 10 }, accepted)).toBe(recorderMessages.mustBeVideo);
    expect(videoFileProblem({ type: 'video/mp4', size: 0 }, accepted)).toBe('Empty file encountered');
  });

  it('takes the thumbnail 200 ms in, or halfway through a shorter clip', () => {
    expect(thumbnailTime(10)).toBe(0.2);
    expect(thumbnailTime(0.1)).toBe(0.05);
    expect(thumbnailTime(Infinity)).toBe(0.2); // a fresh MediaRecorder WebM reports no duration
    expect(thumbnailTime(NaN)).toBe(0.2);
  });
});

describe('choosing the recorder', () => {
  const browser = { camera: true, peerConnection: true, forced: false };
  const webmOnly = (type: string) => type.startsWith('video/webm');

  it('records with MediaRecorder in a preferred format', () => {
    expect(chooseRecorder({ ...browser, isTypeSupported: webmOnly })).toEqual({ kind: 'media-recorder', format: 'video/webm;codecs=vp9,opus' });
  });

  it('goes live without MediaRecorder, without a preferred format, or when forced', () => {
    expect(chooseRecorder({ ...browser, isTypeSupported: null })).toEqual({ kind: 'live' });
    expect(chooseRecorder({ ...browser, isTypeSupported: () => false })).toEqual({ kind: 'live' });
    expect(chooseRecorder({ ...browser, isTypeSupported: webmOnly, forced: true })).toEqual({ kind: 'live' });
  });

  it('takes a file without a camera API, or when neither MediaRecorder nor WebRTC can record', () => {
    expect(chooseRecorder({ ...browser, camera: false, isTypeSupported: webmOnly, forced: true })).toEqual({ kind: 'file' });
    expect(chooseRecorder({ ...browser, peerConnection: false, isTypeSupported: null })).toEqual({ kind: 'file' });
    // Forced but without WebRTC: MediaRecorder still records.
    expect(chooseRecorder({ ...browser, peerConnection: false, isTypeSupported: webmOnly, forced: true })).toEqual({
      kind: 'media-recorder',
      format: 'video/webm;codecs=vp9,opus',
    });
  });

  it('reads the force-recorder-service flag from local storage', () => {
    const values = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => values.set(key, value) },
    });
    try {
      expect(isRecorderServiceForced()).toBe(false);
      values.set(FORCE_RECORDER_SERVICE_KEY, '1');
      expect(isRecorderServiceForced()).toBe(true);
      values.set(FORCE_RECORDER_SERVICE_KEY, 'true');
      expect(isRecorderServiceForced()).toBe(true);
      values.set(FORCE_RECORDER_SERVICE_KEY, '0');
      expect(isRecorderServiceForced()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/** A page's localStorage in Node: a Map behind the window the storage helper reads. */
const stubStorage = () => {
  const values = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => values.set(key, value) },
  });
  return values;
};

const namedError = (name: string) => Object.assign(new Error(name), { name });

describe('the camera and microphone chosen', () => {
  it('are remembered in local storage, and anything unreadable is the defaults', () => {
    const values = stubStorage();
    try {
      expect(rememberedDevices()).toEqual({ videoDeviceId: null, audioDeviceId: null });
      rememberDevices({ videoDeviceId: 'cam-2', audioDeviceId: 'mic-1' });
      expect(JSON.parse(values.get(RECORDER_DEVICE_IDS_KEY)!)).toEqual({ videoDeviceId: 'cam-2', audioDeviceId: 'mic-1' });
      expect(rememberedDevices()).toEqual({ videoDeviceId: 'cam-2', audioDeviceId: 'mic-1' });
      values.set(RECORDER_DEVICE_IDS_KEY, '{"videoDeviceId":42}');
      expect(rememberedDevices()).toEqual({ videoDeviceId: null, audioDeviceId: null });
      values.set(RECORDER_DEVICE_IDS_KEY, 'not json');
      expect(rememberedDevices()).toEqual({ videoDeviceId: null, audioDeviceId: null });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('are asked for exactly, at the ideal size; without a choice the defaults', () => {
    expect(cameraConstraints({ videoDeviceId: null, audioDeviceId: null })).toEqual({
      video: { width: { ideal: 852 }, height: { ideal: 480 } },
      audio: true,
    });
    expect(cameraConstraints({ videoDeviceId: 'cam-2', audioDeviceId: 'mic-1' })).toEqual({
      video: { width: { ideal: 852 }, height: { ideal: 480 }, deviceId: { exact: 'cam-2' } },
      audio: { deviceId: { exact: 'mic-1' } },
    });
  });

  it('open the remembered devices, or the defaults when one is gone; a refusal is PermissionDenied', async () => {
    const values = stubStorage();
    const asked: MediaStreamConstraints[] = [];
    let refuse: string | null = null;
    const stream = { id: 'stream' } as unknown as MediaStream;
    vi.stubGlobal('navigator', {
      mediaDevices: {
        getUserMedia: async (constraints: MediaStreamConstraints) => {
          asked.push(constraints);
          if (refuse) throw namedError(refuse);
          if (JSON.stringify(constraints).includes('gone')) throw namedError('OverconstrainedError');
          return stream;
        },
      },
    });
    try {
      values.set(RECORDER_DEVICE_IDS_KEY, JSON.stringify({ videoDeviceId: 'cam-2', audioDeviceId: null }));
      await expect(openCamera()).resolves.toBe(stream);
      expect(asked).toEqual([cameraConstraints({ videoDeviceId: 'cam-2', audioDeviceId: null })]);

      asked.length = 0;
      await expect(openCamera({ videoDeviceId: 'gone', audioDeviceId: 'mic-1' })).resolves.toBe(stream);
      expect(asked).toEqual([
        cameraConstraints({ videoDeviceId: 'gone', audioDeviceId: 'mic-1' }),
        cameraConstraints({ videoDeviceId: null, audioDeviceId: null }),
      ]);

      refuse = 'NotAllowedError';
      await expect(openCamera()).rejects.toBeInstanceOf(PermissionDenied);
      refuse = 'NotFoundError';
      asked.length = 0;
      await expect(openCamera({ videoDeviceId: null, audioDeviceId: null })).rejects.toThrow('NotFoundError');
      expect(asked).toHaveLength(1); // nothing chosen: no second try
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('are listed by kind, named where the browser gives no name', async () => {
    vi.stubGlobal('navigator', {
      mediaDevices: {
        enumerateDevices: async () => [
          { kind: 'videoinput', deviceId: 'cam-1', label: 'Front camera' },
          { kind: 'videoinput', deviceId: 'cam-2', label: '' },
          { kind: 'audioinput', deviceId: 'default', label: 'Default microphone' },
          { kind: 'audiooutput', deviceId: 'speaker', label: 'Speaker' },
          { kind: 'audioinput', deviceId: '', label: '' }, // before the permission: no id
        ],
      },
    });
    try {
      await expect(listDevices()).resolves.toEqual({
        cameras: [
          { deviceId: 'cam-1', label: 'Front camera' },
          { deviceId: 'cam-2', label: 'Camera 2' },
        ],
        microphones: [{ deviceId: 'default', label: 'Default microphone' }],
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('tell once when a device of the stream goes away', () => {
    const tracks = [new EventTarget(), new EventTarget()];
    const stream = { getTracks: () => tracks } as unknown as MediaStream;
    let lost = 0;
    const unsubscribe = whenDeviceLost(stream, () => lost++);
    tracks[0]!.dispatchEvent(new Event('ended'));
    tracks[1]!.dispatchEvent(new Event('ended'));
    expect(lost).toBe(1);
    unsubscribe();
    const again = whenDeviceLost(stream, () => lost++);
    again();
    tracks[0]!.dispatchEvent(new Event('ended'));
    expect(lost).toBe(1);
  });
});

describe('an audio-only answer (issue 39)', () => {
  it('is recorded in the first audio format the browser takes, Opus in WebM first, and sent as its container', () => {
    expect(chooseAudioFormat(() => true)).toBe('audio/webm;codecs=opus');
    // Firefox takes both Opus containers; a browser with Ogg alone gets Ogg; Safari AAC in MP4.
    expect(chooseAudioFormat((type) => type.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(chooseAudioFormat((type) => type.startsWith('audio/mp4'))).toBe('audio/mp4;codecs=mp4a.40.2');
    expect(chooseAudioFormat((type) => type === 'audio/webm')).toBe('audio/webm');
    expect(chooseAudioFormat((type) => type.startsWith('video/'))).toBeNull();
    for (const format of AUDIO_FORMATS) expect((AUDIO_CONTENT_TYPES as readonly string[]).includes(containerOf(format))).toBe(true);
  });

  it('stays on the browser recorder (never live), and is a file without one', () => {
    const anything = () => true;
    expect(chooseAudioRecorder({ microphone: true, isTypeSupported: anything })).toEqual({
      kind: 'media-recorder',
      format: 'audio/webm;codecs=opus',
    });
    expect(chooseAudioRecorder({ microphone: true, isTypeSupported: (type) => type.startsWith('video/') })).toEqual({ kind: 'file' });
    expect(chooseAudioRecorder({ microphone: true, isTypeSupported: null })).toEqual({ kind: 'file' });
    expect(chooseAudioRecorder({ microphone: false, isTypeSupported: anything })).toEqual({ kind: 'file' });
  });

  it('asks getUserMedia for the microphone alone', async () => {
    expect(cameraConstraints({ videoDeviceId: 'cam-2', audioDeviceId: 'mic-1' }, false)).toEqual({
      video: false,
      audio: { deviceId: { exact: 'mic-1' } },
    });
    expect(cameraConstraints({ videoDeviceId: null, audioDeviceId: null }, false)).toEqual({ video: false, audio: true });
    const asked: MediaStreamConstraints[] = [];
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: async (c: MediaStreamConstraints) => (asked.push(c), {} as MediaStream) } });
    try {
      await openCamera({ videoDeviceId: null, audioDeviceId: 'mic-1' }, false);
      expect(asked).toEqual([{ video: false, audio: { deviceId: { exact: 'mic-1' } } }]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
