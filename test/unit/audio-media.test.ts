import { describe, expect, it } from 'vitest';
import { isAudio, isProcessed, maxBytesFor, MAX_VIDEO_BYTES, recordingFits, sniffContainer } from '../../lambdas/domain/media';
import { mediaPipelineDefinition } from '../../lambdas/pipeline/media-pipeline.asl';

/** Audio-only answers (issue 39): which recordings fit which question, what the pipeline takes, and how it routes them. */
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('audio recordings', () => {
  it('fit an audio question in an audio type and a video question in a video type, never the other way round', () => {
    expect(recordingFits('audio', 'audio/webm')).toBe(true);
    expect(recordingFits('audio', 'audio/ogg')).toBe(true);
    expect(recordingFits('audio', 'audio/mp4')).toBe(true);
    expect(recordingFits('audio', 'video/webm')).toBe(false);
    expect(recordingFits('video', 'video/webm')).toBe(true);
    expect(recordingFits('video', 'audio/webm')).toBe(false);
  });

  it('are processed as videos are and may be as large', () => {
    expect(isAudio('audio/webm')).toBe(true);
    expect(isAudio('video/webm')).toBe(false);
    expect(isProcessed('audio/ogg')).toBe(true);
    expect(isProcessed('video/mp4')).toBe(true);
    expect(isProcessed('image/png')).toBe(false);
    expect(maxBytesFor('audio/mp4')).toBe(MAX_VIDEO_BYTES);
  });

  it('are known by their first bytes: WebM, Ogg and MP4 as for video, and WAV and MP3', () => {
    expect(sniffContainer(bytes([0x1a, 0x45, 0xdf, 0xa3], [0, 0, 0, 0]))).toBe('matroska');
    expect(sniffContainer(bytes('OggS', [0, 2]))).toBe('ogg');
    expect(sniffContainer(bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0]))).toBe('mp4');
    expect(sniffContainer(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBe('wav');
    expect(sniffContainer(bytes('ID3', [4, 0, 0]))).toBe('mp3');
    expect(sniffContainer(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
    // A JPEG's marker is not an MPEG audio frame.
    expect(sniffContainer(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffContainer(bytes('RIFF', [0, 0, 0, 0], 'AVI '))).toBeNull();
  });
});

describe('the media pipeline', () => {
  const states = mediaPipelineDefinition.States;
  it('sends audio to an audio-only transcode (AAC in MP4, no video, no frame capture) and anything else to the video one', () => {
    expect((states.Probe as { Next?: string }).Next).toBe('MediaKind');
    expect(states.MediaKind).toMatchObject({
      Choices: [{ Variable: '$.contentType', StringMatches: 'audio/*', Next: 'AudioOutput' }],
      Default: 'VideoOutput',
    });
    expect(states.AudioOutput).toMatchObject({
      Type: 'Pass',
      Parameters: { contentType: 'audio/mp4' },
      ResultPath: '$.output',
      Next: 'TranscodeAudio',
    });
    expect(states.VideoOutput).toMatchObject({ Type: 'Pass', Parameters: { contentType: 'video/mp4' }, ResultPath: '$.output', Next: 'Transcode' });
    for (const audio of [states.TranscodeAudio, states.TranscodeAudioClipped]) {
      const settings = audio.Parameters.Settings;
      expect(settings.OutputGroups.map((g) => g.Name)).toEqual(['Web Audio']);
      const output = settings.OutputGroups[0]!.Outputs[0]! as { AudioDescriptions: { CodecSettings: { Codec: string } }[] };
      expect(output).toMatchObject({ Extension: 'm4a', ContainerSettings: { Container: 'MP4' } });
      expect('VideoDescription' in output).toBe(false);
      expect(output.AudioDescriptions[0]!.CodecSettings.Codec).toBe('AAC');
      expect('VideoSelector' in settings.Inputs[0]!).toBe(false);
    }
    expect('InputClippings' in states.TranscodeAudio.Parameters.Settings.Inputs[0]!).toBe(false);
    expect(states.TranscodeAudioClipped.Parameters.Settings.Inputs[0]).toMatchObject({ InputClippings: [{ 'EndTimecode.$': '$.clip.endTimecode' }] });
    expect(states.TranscodeAudio.TimeoutSeconds).toBe(states.Transcode.TimeoutSeconds);
    // Transcribed from what was made; finalized with it.
    expect(states.StartTranscription.Parameters.Media['MediaFileUri.$']).toContain('$.output.key');
    expect(states.Finalize.Parameters.Payload).toMatchObject({ 'output.$': '$.output' });
  });

  it('cuts an audio answer longer than its limit with the audio transcode, a video with the video one', () => {
    const [audio, video] = states.ClipNeeded.Choices;
    expect(audio).toMatchObject({ Next: 'TranscodeAudioClipped' });
    expect(JSON.stringify(audio)).toContain('audio/*');
    expect(video).toMatchObject({ Next: 'TranscodeClipped' });
    expect(states.TranscodeAudio.Next).toBe('ClipWanted');
    expect(states.TranscodeAudioClipped.Next).toBe('StartTranscription');
  });
});
