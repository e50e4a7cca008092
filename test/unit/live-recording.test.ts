import { describe, expect, it } from 'vitest';
import { eventFunctions, matchesPattern } from '../../lambdas/event-rules';
import { stageIdOf } from '../../lambdas/contracts/live-recording';
import { ivsRecordingEventSchema } from '../../lambdas/contracts/live-recording-schemas';
import { parseMediaPlaylist, renditionsOf, resolveKey, segmentsWithin } from '../../lambdas/domain/hls';

const multivariant = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=480x270,CODECS="avc1.42e01e,mp4a.40.2"
low/playlist.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=1280x720,CODECS="avc1.42e01f,mp4a.40.2"
high/playlist.m3u8
`;

const media = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:2
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-MAP:URI="init.mp4"
#EXTINF:2.000,
1.mp4
#EXTINF:2.000,
2.mp4
#EXTINF:1.250,
3.mp4
#EXT-X-ENDLIST
`;

/** An event as IVS sends it when a participant's recording has ended. */
const recordingEnd = {
  version: '0',
  id: 'e1',
  'detail-type': 'IVS Participant Recording State Change',
  source: 'aws.ivs',
  account: '123456789012',
  time: '2026-11-25T10:00:00Z',
  region: 'us-east-1',
  resources: ['arn:aws:ivs:us-east-1:123456789012:stage/AbCdef1G2hij'],
  detail: {
    session_id: 'st-1',
    event_name: 'Recording End',
    participant_id: 'p-1',
    recording_s3_bucket_name: 'dev-live-recordings',
    recording_s3_key_prefix: 'AbCdef1G2hij/st-1/p-1/2026-11-25T10-00-00Z',
  },
};

describe('HLS of a live recording', () => {
  it('picks the best rendition of a multivariant playlist, and takes a media playlist as its own one rendition', () => {
    expect(renditionsOf(multivariant).map((r) => r.uri)).toEqual(['high/playlist.m3u8', 'low/playlist.m3u8']);
    expect(renditionsOf(media)).toEqual([{ uri: '', bandwidth: 0 }]);
    expect(renditionsOf('#EXTM3U\n')).toEqual([]);
  });

  it('reads the init segment and the media segments with their lengths, in order', () => {
    expect(parseMediaPlaylist(media)).toEqual({
      init: 'init.mp4',
      segments: [
        { uri: '1.mp4', seconds: 2 },
        { uri: '2.mp4', seconds: 2 },
        { uri: '3.mp4', seconds: 1.25 },
      ],
    });
  });

  it('keeps the segments that start within the time limit, so a take is never much longer than allowed', () => {
    const { segments } = parseMediaPlaylist(media);
    expect(segmentsWithin(segments, 3).map((s) => s.uri)).toEqual(['1.mp4', '2.mp4']);
    expect(segmentsWithin(segments, 4).map((s) => s.uri)).toEqual(['1.mp4', '2.mp4']);
    expect(segmentsWithin(segments, 4.5).map((s) => s.uri)).toEqual(['1.mp4', '2.mp4', '3.mp4']);
  });

  it('resolves a playlist URI against the playlist key', () => {
    expect(resolveKey('a/b/media/hls/multivariant.m3u8', 'high/playlist.m3u8')).toBe('a/b/media/hls/high/playlist.m3u8');
    expect(resolveKey('a/b/media/hls/high/playlist.m3u8', '../init.mp4')).toBe('a/b/media/hls/init.mp4');
  });
});

describe('the Recording End rule', () => {
  it("matches IVS's Recording End and Recording End Failure events, and nothing else", () => {
    const { pattern } = eventFunctions.liveRecordingEnded;
    expect(matchesPattern(pattern, recordingEnd)).toBe(true);
    expect(matchesPattern(pattern, { ...recordingEnd, detail: { ...recordingEnd.detail, event_name: 'Recording End Failure' } })).toBe(true);
    expect(matchesPattern(pattern, { ...recordingEnd, detail: { ...recordingEnd.detail, event_name: 'Recording Start' } })).toBe(false);
    expect(matchesPattern(pattern, { ...recordingEnd, source: 'aws.s3' })).toBe(false);
    expect(matchesPattern(pattern, { ...recordingEnd, 'detail-type': 'IVS Stage Update' })).toBe(false);
  });

  it("reads the event's stage, bucket and prefix; the stage id is the recording's id", () => {
    const parsed = ivsRecordingEventSchema.parse(recordingEnd);
    expect(stageIdOf(parsed.resources[0]!)).toBe('AbCdef1G2hij');
    expect(parsed.detail.recording_s3_key_prefix).toBe('AbCdef1G2hij/st-1/p-1/2026-11-25T10-00-00Z');
    expect(ivsRecordingEventSchema.safeParse({ ...recordingEnd, detail: { event_name: 'Recording End' } }).success).toBe(false);
  });
});
