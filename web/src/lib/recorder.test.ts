import { describe, expect, it, vi } from 'vitest';
import {
  chooseFormat,
  chooseRecorder,
  containerOf,
  FORCE_RECORDER_SERVICE_KEY,
  isRecorderServiceForced,
  PREFERRED_FORMATS,
  recorderMessages,
  thumbnailTime,
  videoFileProblem,
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
