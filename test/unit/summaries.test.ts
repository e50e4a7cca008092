import { describe, expect, it } from 'vitest';
import {
  answerPrompt,
  checkCitations,
  checkOverview,
  overBudget,
  overviewPrompt,
  parseOverviewInput,
  parseSummaryInput,
  parseTokenBudget,
  SYSTEM_PROMPT,
  summaryToolSpec,
  transcriptLines,
} from '../../lambdas/domain/summaries';
import type { TimedWord } from '../../lambdas/domain/media';

const timed = (text: string, start: number, step = 0.4): TimedWord[] =>
  text.split(' ').map((content, i) => ({ start: start + i * step, end: start + i * step + 0.3, content }));

const words = [...timed('I led the migration of our billing system.', 0.5), ...timed('It took three months, and we shipped on time.', 6.2)];

describe('transcript lines', () => {
  it('breaks at sentence ends and keeps each line’s start', () => {
    expect(transcriptLines(words)).toEqual([
      { second: 0.5, text: 'I led the migration of our billing system.' },
      { second: 6.2, text: 'It took three months, and we shipped on time.' },
    ]);
  });

  it('breaks at a pause and at 25 words when nothing is punctuated', () => {
    const unpunctuated = [...timed('one two three', 0), ...timed('four five', 5)];
    expect(transcriptLines(unpunctuated).map((l) => l.second)).toEqual([0, 5]);
    const long = timed(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '), 0, 0.2);
    expect(transcriptLines(long).map((l) => l.text.split(' ').length)).toEqual([25, 5]);
  });
});

describe('prompts', () => {
  it('sends the question, the length and the timed lines only', () => {
    expect(answerPrompt('Tell us about a project', 12.4, transcriptLines(words))).toBe(
      [
        'Question: Tell us about a project',
        'Answer length: 12 seconds',
        'Transcript (each line starts with the second it begins at):',
        '[0.5s] I led the migration of our billing system.',
        '[6.2s] It took three months, and we shipped on time.',
      ].join('\n'),
    );
    expect(answerPrompt('Q', 4, [{ second: 0, text: 'hello' }])).toContain('[0.0s] hello');
  });

  it('forbids scores, ranks, recommendations and judgements', () => {
    for (const word of ['score', 'rank', 'recommendation', 'suitability', 'personality', 'emotions', 'protected characteristics']) {
      expect(SYSTEM_PROMPT.toLowerCase()).toContain(word);
    }
    expect(Object.keys(summaryToolSpec.inputSchema.json.properties.points.items.properties)).toEqual(['second', 'quote', 'text']);
  });

  it('numbers the overview’s answers from one', () => {
    expect(overviewPrompt([{ questionIndex: 1, title: 'Why us?', points: [{ second: 3, quote: 'I like it', text: 'Likes it' }] }])).toBe(
      'Answer 2 (question: Why us?):\n[3.0s] "I like it" — Likes it',
    );
  });
});

describe('tool input', () => {
  it('reads the points, counting malformed ones and cutting past five', () => {
    const point = { second: 1, quote: 'a b', text: 'c' };
    expect(parseSummaryInput({ points: [point, { second: 'x' }] })).toEqual({ points: [point], malformed: 1 });
    expect(parseSummaryInput({ points: Array(7).fill(point) })).toEqual({ points: Array(5).fill(point), malformed: 2 });
    expect(parseSummaryInput({ nothing: true })).toBeNull();
    expect(parseSummaryInput('points')).toBeNull();
  });

  it('reads the overview’s lines in camel case', () => {
    expect(parseOverviewInput({ lines: [{ text: 't', question_index: 0, second: 2, quote: 'q' }, { text: 'bad' }] })).toEqual([
      { text: 't', questionIndex: 0, second: 2, quote: 'q' },
    ]);
    expect(parseOverviewInput({})).toBeNull();
  });
});

describe('citation check', () => {
  const transcript = { words };

  it('keeps a point whose quote is in the transcript near its second', () => {
    const point = { second: 0.5, quote: 'led the Migration, of our', text: 'Led a migration' };
    expect(checkCitations([point], transcript, 12)).toEqual({ kept: [point], dropped: 0 });
  });

  it('drops a second outside the answer', () => {
    expect(checkCitations([{ second: 13, quote: 'we shipped on time', text: 't' }], transcript, 12).dropped).toBe(1);
    expect(checkCitations([{ second: -1, quote: 'I led', text: 't' }], transcript, 12).dropped).toBe(1);
  });

  it('drops words not in the transcript, or said more than 5 s from the second', () => {
    expect(checkCitations([{ second: 1, quote: 'I led the sales team', text: 't' }], transcript, 12).dropped).toBe(1);
    expect(checkCitations([{ second: 0.5, quote: 'we shipped on time', text: 't' }], transcript, 12).dropped).toBe(1);
    expect(checkCitations([{ second: 6.2, quote: 'we shipped on time', text: 't' }], transcript, 12).dropped).toBe(0);
    expect(checkCitations([{ second: 1, quote: ' ... ', text: 't' }], transcript, 12).dropped).toBe(1);
  });

  it('uses the lines’ times without word timings', () => {
    const lines = { lines: transcriptLines(words) };
    expect(checkCitations([{ second: 7, quote: 'three months', text: 't' }], lines, 12).dropped).toBe(0);
    expect(checkCitations([{ second: 0, quote: 'three months', text: 't' }], lines, 12).dropped).toBe(1);
  });

  it('checks the overview’s lines against the summarised answers', () => {
    const sources = [{ questionIndex: 0, durationSeconds: 12, points: [{ second: 0.5, quote: 'I led the migration', text: 't' }], transcript }];
    const line = (questionIndex: number, second: number, quote: string) => ({ text: 't', questionIndex, second, quote });
    const { kept, dropped } = checkOverview(
      [line(0, 0.5, 'led the migration'), line(0, 6.2, 'three months'), line(1, 0.5, 'I led'), line(0, 20, 'I led'), line(0, 2, 'pizza')],
      sources,
    );
    expect(kept).toEqual([line(0, 0.5, 'led the migration'), line(0, 6.2, 'three months')]);
    expect(dropped).toBe(3);
  });
});

describe('budget', () => {
  it('pauses at the budget', () => {
    expect(overBudget({ inputTokens: 900, outputTokens: 99 }, 1000)).toBe(false);
    expect(overBudget({ inputTokens: 900, outputTokens: 100 }, 1000)).toBe(true);
  });

  it('reads the budget', () => {
    expect(parseTokenBudget('5000')).toBe(5000);
    expect(parseTokenBudget(undefined)).toBe(2_000_000);
    expect(parseTokenBudget('-3')).toBe(2_000_000);
  });
});
