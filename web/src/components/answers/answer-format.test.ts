import { describe, expect, it } from 'vitest';
import { FILE_ANSWER_TYPES } from '../../../../lambdas/contracts/media-types';
import { fileSizeText, fileTypeLabel, isPreviewableImage, knockoutText } from './answer-format';

describe('answer formats (issue 39)', () => {
  it('names every file answer type, and anything else as a file', () => {
    expect(FILE_ANSWER_TYPES.map((t) => fileTypeLabel(t.contentType))).toEqual(['PDF', 'Word document', 'PNG image', 'JPEG image']);
    expect(fileTypeLabel('text/html')).toBe('File');
  });

  it('previews only PNG and JPEG pictures', () => {
    expect(FILE_ANSWER_TYPES.filter((t) => isPreviewableImage(t.contentType)).map((t) => t.extension)).toEqual(['png', 'jpg']);
    expect(isPreviewableImage('image/svg+xml')).toBe(false);
  });

  it('says sizes as people read them', () => {
    expect(fileSizeText(1)).toBe('1 byte');
    expect(fileSizeText(512)).toBe('512 bytes');
    expect(fileSizeText(1024)).toBe('1 kB');
    expect(fileSizeText(1536)).toBe('1.5 kB');
    expect(fileSizeText(10 * 1024 * 1024)).toBe('10 MB');
    expect(fileSizeText(3_250_000)).toBe('3.1 MB');
  });

  it('says why a candidate was knocked out', () => {
    expect(knockoutText({ questionIndex: 1, optionLabels: ['No'] })).toBe('Knocked out on question 2: No');
    expect(knockoutText({ questionIndex: 0, optionLabels: ['None', 'Bus'] })).toBe('Knocked out on question 1: None, Bus');
  });
});
