import { describe, expect, it } from 'vitest';
import { questionsToRecord, recordsAudioOnly } from './recorded-questions';

const q = (answerType: string, answered = false) => ({ answered, answer: { answerType } });

describe('recorded questions (issue 39)', () => {
  it('are the video and audio questions not answered yet', () => {
    expect(questionsToRecord([q('video'), q('text'), q('audio'), q('audio', true), q('file'), q('single_choice')])).toEqual([q('video'), q('audio')]);
  });

  it('need the microphone alone when every one left asks for audio only', () => {
    expect(recordsAudioOnly([q('audio'), q('text'), q('audio')])).toBe(true);
    expect(recordsAudioOnly([q('video', true), q('audio')])).toBe(true);
    expect(recordsAudioOnly([q('audio'), q('video')])).toBe(false);
    // Nothing left to record: no device check at all, so not the microphone's either.
    expect(recordsAudioOnly([q('audio', true), q('text')])).toBe(false);
    expect(recordsAudioOnly([])).toBe(false);
  });
});
