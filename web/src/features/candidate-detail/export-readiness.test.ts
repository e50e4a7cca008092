import { describe, expect, it } from 'vitest';
import { exportReadiness, packageKind } from './export-readiness';

const answers = (...statuses: ('uploading' | 'processing' | 'ready' | 'failed')[]) =>
  statuses.map((uploadStatus) => ({
    video: { videoGroupId: 'g', uploadStatus, captions: { captionsStatus: 'none' as const, variants: [] }, variants: [] },
  }));

describe('exportReadiness', () => {
  it('waits while any answer is still uploading or processing', () => {
    expect(exportReadiness(answers('ready', 'processing'))).toBe('waiting');
    expect(exportReadiness(answers('failed', 'uploading'))).toBe('waiting');
  });

  it('has nothing to export without answers or when no video processed', () => {
    expect(exportReadiness([])).toBe('nothing');
    expect(exportReadiness(answers('failed', 'failed'))).toBe('nothing');
  });

  it('exports the rest when some failed (they are left out), everything when all processed', () => {
    expect(exportReadiness(answers('ready', 'failed'))).toBe('partial');
    expect(exportReadiness(answers('ready', 'ready'))).toBe('ready');
  });
});

describe('packageKind (issue 39)', () => {
  it('is of videos when every answer is a video, of answers when any is another type', () => {
    expect(packageKind([{ answerType: 'video' }, { answerType: 'video' }])).toBe('videos');
    expect(packageKind([])).toBe('videos');
    expect(packageKind([{ answerType: 'video' }, { answerType: 'text' }])).toBe('answers');
    expect(packageKind([{ answerType: 'audio' }])).toBe('answers');
  });
});
