import { describe, expect, it } from 'vitest';
import {
  isDropped,
  isSafariUpTo14_3,
  nextLiveState,
  preferredAudioCodecs,
  preferredVideoCodecs,
  withinReconnectWindow,
  type LiveEvent,
  type LiveState,
} from './live-publisher';

// What Chromium's RTCRtpSender.getCapabilities('video') lists, in its order (trimmed).
const chromiumVideo = [
  { mimeType: 'video/VP8', clockRate: 90000 },
  { mimeType: 'video/rtx', clockRate: 90000 },
  { mimeType: 'video/VP9', clockRate: 90000, sdpFmtpLine: 'profile-id=0' },
  { mimeType: 'video/H264', clockRate: 90000, sdpFmtpLine: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=640034' },
  { mimeType: 'video/H264', clockRate: 90000, sdpFmtpLine: 'level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42e01f' },
  { mimeType: 'video/H264', clockRate: 90000, sdpFmtpLine: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f' },
  { mimeType: 'video/AV1', clockRate: 90000 },
  { mimeType: 'video/red', clockRate: 90000 },
  { mimeType: 'video/ulpfec', clockRate: 90000 },
];

describe('live publisher: codecs', () => {
  it('offers H.264 first (packetization mode 1, constrained baseline best), then VP8, then rtx/red/ulpfec; no VP9 or AV1', () => {
    const ordered = preferredVideoCodecs(chromiumVideo);
    expect(ordered?.map((c) => `${c.mimeType} ${c.sdpFmtpLine ?? ''}`.trim())).toEqual([
      'video/H264 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
      'video/H264 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=640034',
      'video/H264 level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42e01f',
      'video/VP8',
      'video/rtx',
      'video/red',
      'video/ulpfec',
    ]);
  });

  it('falls back to VP8 without H.264, and keeps the browser order without either', () => {
    const noH264 = chromiumVideo.filter((c) => c.mimeType !== 'video/H264');
    expect(preferredVideoCodecs(noH264)?.map((c) => c.mimeType)).toEqual(['video/VP8', 'video/rtx', 'video/red', 'video/ulpfec']);
    expect(preferredVideoCodecs([{ mimeType: 'video/VP9' }, { mimeType: 'video/rtx' }])).toBeNull();
  });

  it('offers Opus first for audio, and leaves the order alone without it', () => {
    const audio = [{ mimeType: 'audio/red' }, { mimeType: 'audio/opus', sdpFmtpLine: 'minptime=10;useinbandfec=1' }, { mimeType: 'audio/G722' }];
    expect(preferredAudioCodecs(audio)?.map((c) => c.mimeType)).toEqual(['audio/opus', 'audio/red', 'audio/G722']);
    expect(preferredAudioCodecs([{ mimeType: 'audio/PCMU' }])).toBeNull();
  });
});

describe('live publisher: states', () => {
  const run = (events: LiveEvent[], from: LiveState = 'connecting') => events.reduce(nextLiveState, from);

  it('goes live when connected, reconnects after a drop, and comes back live', () => {
    expect(run(['connected'])).toBe('live');
    expect(run(['connected', 'dropped'])).toBe('reconnecting');
    expect(run(['connected', 'dropped', 'error', 'dropped'])).toBe('reconnecting');
    expect(run(['connected', 'dropped', 'connected'])).toBe('live');
  });

  it('fails when the first connection cannot be made, or the reconnect window passes', () => {
    expect(run(['error'])).toBe('failed');
    expect(run(['dropped'])).toBe('failed');
    expect(run(['connected', 'dropped', 'window-passed'])).toBe('failed');
  });

  it('stops from any live state, and stopped and failed are final', () => {
    const states: LiveState[] = ['connecting', 'live', 'reconnecting'];
    expect(states.map((state) => nextLiveState(state, 'stopped'))).toEqual(['stopped', 'stopped', 'stopped']);
    const events: LiveEvent[] = ['connected', 'dropped', 'window-passed', 'stopped', 'error'];
    expect(events.map((event) => nextLiveState('stopped', event))).toEqual(events.map(() => 'stopped'));
    expect(events.map((event) => nextLiveState('failed', event))).toEqual(events.map(() => 'failed'));
  });

  it('counts disconnected and failed connections as drops, and reconnects only within the window', () => {
    expect((['new', 'connecting', 'connected', 'disconnected', 'failed', 'closed'] as const).filter(isDropped)).toEqual(['disconnected', 'failed']);
    expect(withinReconnectWindow(1_000, 20_999, 20_000)).toBe(true);
    expect(withinReconnectWindow(1_000, 21_000, 20_000)).toBe(false);
  });
});

describe('Safari 14.3 or older', () => {
  const safari = (version: string, platform = 'Macintosh; Intel Mac OS X 10_15_7') =>
    `Mozilla/5.0 (${platform}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${version} Safari/605.1.15`;
  const iPhone = (version: string) =>
    `Mozilla/5.0 (iPhone; CPU iPhone OS ${version.replace('.', '_')} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${version} Mobile/15E148 Safari/604.1`;

  it('is Safari up to and including 14.3, on the Mac and on iOS', () => {
    expect(['12.1', '13.1.2', '14', '14.0.3', '14.1', '14.3'].map((v) => isSafariUpTo14_3(safari(v)))).toEqual([true, true, true, true, true, true]);
    expect(isSafariUpTo14_3(iPhone('14.3'))).toBe(true);
    expect(['14.4', '14.10', '15.0', '17.4.1'].map((v) => isSafariUpTo14_3(safari(v)))).toEqual([false, false, false, false]);
    expect(isSafariUpTo14_3(iPhone('14.4'))).toBe(false);
  });

  it('is not another browser that names Safari in its user agent', () => {
    const chrome =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Version/14.0';
    const chromeIos =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 14_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/87.0.4280.77 Mobile/15E148 Safari/604.1';
    const firefox = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:120.0) Gecko/20100101 Firefox/120.0';
    const android = 'Mozilla/5.0 (Linux; U; Android 4.0.3; en-us) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30';
    expect([chrome, chromeIos, firefox, android, ''].map(isSafariUpTo14_3)).toEqual([false, false, false, false, false]);
  });
});
