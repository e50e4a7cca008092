import { describe, expect, it } from 'vitest';
import { dialogSource } from './video-source';

describe('video dialog: how it records', () => {
  it('records with MediaRecorder where it can, live where the choice is live, and otherwise offers an upload', () => {
    expect(dialogSource({ kind: 'media-recorder', format: 'video/webm' }, true)).toEqual({ mode: 'record', recorder: 'media-recorder' });
    expect(dialogSource({ kind: 'live' }, false)).toEqual({ mode: 'record', recorder: 'live' });
    // Forced, or no preferred format: live although MediaRecorder exists.
    expect(dialogSource({ kind: 'live' }, true)).toEqual({ mode: 'record', recorder: 'live' });
    expect(dialogSource({ kind: 'file' }, false)).toEqual({ mode: 'upload' });
    // MediaRecorder without a preferred format and no WebRTC: the recorder says which format is missing.
    expect(dialogSource({ kind: 'file' }, true)).toEqual({ mode: 'record', recorder: 'media-recorder' });
  });
});
