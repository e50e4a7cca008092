import { describe, expect, it } from 'vitest';
import {
  contentWords,
  overviewLines,
  parseOverviewPrompt,
  parseTranscriptPrompt,
  QUOTE_WORDS,
  summaryPoints,
  tokensOf,
} from '../../lib/local/bedrock/extractive';

/** The local Bedrock stand-in's extractive "model" (lib/local/bedrock/extractive.ts), on the prompts' text. */
const prompt = (lines: string[], seconds = 30) =>
  [
    'Question: Tell us about a project',
    `Answer length: ${seconds} seconds`,
    'Transcript (each line starts with the second it begins at):',
    ...lines,
  ].join('\n');

describe('the transcript prompt', () => {
  it('reads the timed lines in time order and the answer length; the question and heading are not lines', () => {
    const parsed = parseTranscriptPrompt(prompt(['[4.2s] then this', '[0.0s] first this one', '[9s]   '], 12));
    expect(parsed).toEqual({
      durationSeconds: 12,
      lines: [
        { second: 0, words: ['first', 'this', 'one'] },
        { second: 4.2, words: ['then', 'this'] },
      ],
    });
  });
});

describe('summaryPoints', () => {
  const lines = parseTranscriptPrompt(
    prompt([
      '[0.0s] Hi, thanks.',
      '[2.1s] I rebuilt the checkout service, moving payments to an event queue.',
      '[8.4s] Um, yeah, so, it was like that.',
      '[11.0s] Refunds now settle within minutes rather than days for every customer.',
      '[17.5s] Our support tickets about payments dropped by half.',
      '[22.0s] Okay.',
    ]),
  ).lines;

  it('picks the lines that say the most, 2 to 5 of them, in time order, each citing its start and its own words', () => {
    const points = summaryPoints(lines);
    expect(points.map((point) => point.second)).toEqual([2.1, 11, 17.5]);
    expect(points[0]).toEqual({
      second: 2.1,
      quote: 'I rebuilt the checkout service, moving payments to an event',
      text: 'I rebuilt the checkout service, moving payments to an event queue.',
    });
    for (const point of points) {
      expect(point.quote.split(' ').length).toBeLessThanOrEqual(QUOTE_WORDS);
      expect(lines.find((line) => line.second === point.second)!.words.join(' ')).toContain(point.quote);
    }
  });

  it('does not end a cut quote on a function word', () => {
    const [point] = summaryPoints(parseTranscriptPrompt(prompt(['[1.0s] We moved the whole billing system to a brand new database cluster.'])).lines);
    expect(point!.quote).toBe('We moved the whole billing system');
  });

  it('gives at most 5 points however long the answer', () => {
    const many = Array.from({ length: 20 }, (_, i) => `[${i * 3}.0s] Sentence number ${i} talks about distributed systems design tradeoffs.`);
    expect(summaryPoints(parseTranscriptPrompt(prompt(many, 60)).lines)).toHaveLength(5);
  });

  it('cuts a single long line into stretches, each starting at its estimated second within the line', () => {
    const parsed = parseTranscriptPrompt(
      prompt(['[3.0s] My favourite part of the job is pairing with new engineers on their first production change every single week.'], 12),
    );
    const points = summaryPoints(parsed.lines, parsed.durationSeconds);
    expect(points).toHaveLength(2);
    expect(points[0]!.second).toBe(3);
    expect(points[0]!.quote).toMatch(/^My favourite part/);
    // 19 words over 9 s: the second stretch (from the 11th word) starts 10 × 9/19 s in.
    expect(points[1]!.second).toBe(7.7);
    expect(points[1]!.quote).toMatch(/^engineers on their first/);
  });

  it('does not take the silence after the last line for speech', () => {
    const parsed = parseTranscriptPrompt(prompt(['[1.0s] One two three four five six seven eight nine ten eleven twelve.'], 120));
    const [, second] = summaryPoints(parsed.lines, parsed.durationSeconds);
    expect(second!.second).toBeLessThanOrEqual(1 + 6 * 0.6);
  });

  it('gives one point for a line too short to cut, and none for an empty transcript', () => {
    expect(summaryPoints(parseTranscriptPrompt(prompt(['[0.5s] Yes, I can.'])).lines)).toEqual([
      { second: 0.5, quote: 'Yes, I can.', text: 'Yes, I can.' },
    ]);
    expect(summaryPoints([])).toEqual([]);
  });

  it('cuts a long line to a short text with an ellipsis', () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const [point] = summaryPoints(parseTranscriptPrompt(prompt([`[0.0s] ${long}`, '[20.0s] Another line here about systems.'])).lines);
    expect(point!.text.endsWith('…')).toBe(true);
    expect(point!.text.split(' ')).toHaveLength(24);
  });
});

describe('overviewLines', () => {
  const text = [
    'Answer 1 (question: Project):',
    '[2.1s] "I rebuilt the checkout" — Rebuilt the checkout service around an event queue.',
    '[11s] "Refunds now settle" — Refunds settle in minutes.',
    '',
    'Answer 3 (question: Team):',
    '[4s] "I mentor two juniors" — Mentors two junior engineers every week.',
  ].join('\n');

  it('reads each answer with its number and its points', () => {
    expect(parseOverviewPrompt(text)).toEqual([
      {
        index: 0,
        points: [
          { second: 2.1, quote: 'I rebuilt the checkout', text: 'Rebuilt the checkout service around an event queue.' },
          { second: 11, quote: 'Refunds now settle', text: 'Refunds settle in minutes.' },
        ],
      },
      { index: 2, points: [{ second: 4, quote: 'I mentor two juniors', text: 'Mentors two junior engineers every week.' }] },
    ]);
  });

  it('gives each answer its most content-bearing point first, then more, at most 3 lines, in answer order', () => {
    expect(overviewLines(parseOverviewPrompt(text))).toEqual([
      { text: 'Rebuilt the checkout service around an event queue.', question_index: 0, second: 2.1, quote: 'I rebuilt the checkout' },
      { text: 'Refunds settle in minutes.', question_index: 0, second: 11, quote: 'Refunds now settle' },
      { text: 'Mentors two junior engineers every week.', question_index: 2, second: 4, quote: 'I mentor two juniors' },
    ]);
    expect(overviewLines([])).toEqual([]);
  });
});

describe('counting', () => {
  it('counts content words, not fillers or function words', () => {
    expect(contentWords('Um, yeah, so, it was like that.'.split(' '))).toBe(0);
    expect(contentWords('I rebuilt the checkout service'.split(' '))).toBe(3);
  });

  it('counts tokens as words × 1.3, rounded', () => {
    expect(tokensOf('one two three four five six seven eight nine ten')).toBe(13);
    expect(tokensOf('  ')).toBe(0);
  });
});
