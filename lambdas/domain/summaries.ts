import * as z from 'zod/mini';
import '../contracts/zod-locale';
import type { TimedWord } from './media';
import {
  DEFAULT_SUMMARY_MONTHLY_TOKEN_BUDGET,
  SUMMARY_OVERVIEW_LINES_MAX,
  SUMMARY_POINTS_MAX,
  SUMMARY_POINTS_MIN,
  type SummaryOverviewLine,
  type SummaryPoint,
} from '../contracts/summaries';

/**
 * Grounded summaries of answers (issue 41), the pure part: what is sent to the model (system prompt,
 * tool schemas, the user text), how its tool input is read, and the check every cited point must
 * pass before it is stored: the second lies inside the answer and the quoted words are in the
 * transcript near that second. Never a score: the prompt forbids judging the candidate, and the tool
 * has no field where a judgement could go.
 */

export const SUMMARY_TOOL = 'record_summary';
export const OVERVIEW_TOOL = 'record_overview';

/** How far (seconds) from the cited second the quoted words may start. */
export const CITATION_WINDOW_SECONDS = 5;
const MIN_POINTS = SUMMARY_POINTS_MIN;
const MAX_POINTS = SUMMARY_POINTS_MAX;
const MAX_OVERVIEW_LINES = SUMMARY_OVERVIEW_LINES_MAX;
export const SUMMARY_MAX_TOKENS = 800;

export const SYSTEM_PROMPT = [
  "You write short notes on a job candidate's recorded answer to an interview question, for the people reviewing it.",
  'Report only what the candidate said, each point with the second of the answer it was said at and the exact words quoted from the transcript.',
  'Never give a score, a rating, a rank or a recommendation, and never say whether the candidate should be hired, advanced or rejected.',
  "Never judge the candidate's suitability, competence, personality, emotions, confidence, honesty, tone of voice or appearance.",
  'Never mention or guess protected characteristics such as age, gender, race, ethnicity, nationality, religion, disability, health, pregnancy or sexual orientation.',
  'Quote the words exactly as they appear in the transcript, and give the second written at the start of the quoted line.',
  'If the transcript says little, give fewer points; never invent content.',
].join(' ');

const pointJsonSchema = {
  type: 'object',
  properties: {
    second: { type: 'number', description: 'The start time, in seconds, written at the start of the transcript line the quote is taken from.' },
    quote: { type: 'string', description: 'Words copied exactly from that transcript line (at most 12 words).' },
    text: { type: 'string', description: 'A short, neutral restatement of what the candidate said there (at most 20 words). No judgement.' },
  },
  required: ['second', 'quote', 'text'],
  additionalProperties: false,
} as const;

/** The tool the model must answer an answer's summary with (toolChoice names it). */
export const summaryToolSpec = {
  name: SUMMARY_TOOL,
  description: `Record ${MIN_POINTS} to ${MAX_POINTS} points of what the candidate said in this answer, each citing the second and the exact words of the transcript.`,
  inputSchema: {
    json: {
      type: 'object',
      properties: { points: { type: 'array', minItems: MIN_POINTS, maxItems: MAX_POINTS, items: pointJsonSchema } },
      required: ['points'],
      additionalProperties: false,
    },
  },
} as const;

/** The tool of the candidate's overview across their summarised answers. */
export const overviewToolSpec = {
  name: OVERVIEW_TOOL,
  description: `Record at most ${MAX_OVERVIEW_LINES} lines of what the candidate said across their answers, each citing one point of one answer.`,
  inputSchema: {
    json: {
      type: 'object',
      properties: {
        lines: {
          type: 'array',
          maxItems: MAX_OVERVIEW_LINES,
          items: {
            type: 'object',
            properties: {
              text: { type: 'string', description: 'A short, neutral line of what the candidate said (at most 25 words). No judgement.' },
              question_index: { type: 'integer', description: 'The number of the answer the line cites, minus one (Answer 1 is 0).' },
              second: { type: 'number', description: 'The second of the cited point.' },
              quote: { type: 'string', description: 'The quoted words of the cited point, exactly.' },
            },
            required: ['text', 'question_index', 'second', 'quote'],
            additionalProperties: false,
          },
        },
      },
      required: ['lines'],
      additionalProperties: false,
    },
  },
} as const;

/** One line of the transcript as the model reads it: the second it begins at and its words. */
export interface TranscriptLine {
  second: number;
  text: string;
}

/**
 * The transcript's words as lines: a new line after a sentence's end, a pause of 1.5 s or 25 words,
 * so each line's second is close to every word on it.
 */
export const transcriptLines = (words: readonly TimedWord[], pauseSeconds = 1.5, maxWords = 25): TranscriptLine[] => {
  const lines: { second: number; words: string[] }[] = [];
  let lastEnd = -Infinity;
  let sentenceEnded = false;
  for (const word of words) {
    const current = lines[lines.length - 1];
    if (!current || sentenceEnded || word.start - lastEnd >= pauseSeconds || current.words.length >= maxWords) {
      lines.push({ second: word.start, words: [word.content] });
    } else {
      current.words.push(word.content);
    }
    lastEnd = word.end;
    sentenceEnded = /[.?!]$/.test(word.content);
  }
  return lines.map((line) => ({ second: line.second, text: line.words.join(' ') }));
};

const secondsText = (second: number) => `${Math.round(second * 10) / 10}`.replace(/^(\d+)$/, '$1.0');

/** The one user message of an answer's summary: the question's title, the answer's length and the timed transcript, nothing else. */
export const answerPrompt = (question: string, durationSeconds: number, lines: readonly TranscriptLine[]): string =>
  [
    `Question: ${question}`,
    `Answer length: ${Math.round(durationSeconds)} seconds`,
    'Transcript (each line starts with the second it begins at):',
    ...lines.map((line) => `[${secondsText(line.second)}s] ${line.text}`),
  ].join('\n');

export type { SummaryPoint };

/** An answer's ready summary, as the overview reads it. */
export interface SummarisedAnswer {
  questionIndex: number;
  title: string;
  points: readonly SummaryPoint[];
}

/** The overview's user message: each summarised answer's numbered title and its checked points. */
export const overviewPrompt = (answers: readonly SummarisedAnswer[]): string =>
  answers
    .map((answer) =>
      [
        `Answer ${answer.questionIndex + 1} (question: ${answer.title}):`,
        ...answer.points.map((point) => `[${secondsText(point.second)}s] "${point.quote}" — ${point.text}`),
      ].join('\n'),
    )
    .join('\n\n');

const pointSchema = z.object({
  second: z.number(),
  quote: z.string().check(z.trim(), z.minLength(1), z.maxLength(400)),
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(400)),
});

const summaryInputSchema = z.object({ points: z.array(z.unknown()) });

/**
 * The points of a `record_summary` tool input. Points that are not of the tool's shape are counted
 * as dropped, as failed citations are; more than MAX_POINTS are cut (the rest dropped). Null when
 * the input is not the tool's shape at all.
 */
export const parseSummaryInput = (input: unknown): { points: SummaryPoint[]; malformed: number } | null => {
  const parsed = summaryInputSchema.safeParse(input);
  if (!parsed.success) return null;
  const points: SummaryPoint[] = [];
  let malformed = 0;
  for (const raw of parsed.data.points) {
    const point = pointSchema.safeParse(raw);
    if (point.success && points.length < MAX_POINTS) points.push(point.data);
    else malformed += 1;
  }
  return { points, malformed };
};

export type OverviewLine = SummaryOverviewLine;

const overviewLineSchema = z.object({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(400)),
  question_index: z.number().check(z.int()),
  second: z.number(),
  quote: z.string().check(z.trim(), z.minLength(1), z.maxLength(400)),
});

/** The lines of a `record_overview` tool input (malformed ones and those past MAX_OVERVIEW_LINES left out); null when not the tool's shape. */
export const parseOverviewInput = (input: unknown): OverviewLine[] | null => {
  const parsed = z.object({ lines: z.array(z.unknown()) }).safeParse(input);
  if (!parsed.success) return null;
  const lines: OverviewLine[] = [];
  for (const raw of parsed.data.lines) {
    const line = overviewLineSchema.safeParse(raw);
    if (line.success && lines.length < MAX_OVERVIEW_LINES)
      lines.push({ text: line.data.text, questionIndex: line.data.question_index, second: line.data.second, quote: line.data.quote });
  }
  return lines;
};

/** Lower case, punctuation stripped, whitespace collapsed: the form quotes and transcript words are compared in. */
export const normalisedWords = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .replace(/'/g, '')
    .split(/\s+/)
    .filter(Boolean);

/** A transcript as the check reads it: timed words (from the transcription), else its lines' words at the line's second. */
export type CheckedTranscript = { words: readonly TimedWord[] } | { lines: readonly TranscriptLine[] };

const timedTokens = (transcript: CheckedTranscript): { start: number; word: string }[] => {
  const tokens: { start: number; word: string }[] = [];
  if ('words' in transcript) {
    for (const word of transcript.words) for (const w of normalisedWords(word.content)) tokens.push({ start: word.start, word: w });
  } else {
    for (const line of transcript.lines) for (const w of normalisedWords(line.text)) tokens.push({ start: line.second, word: w });
  }
  return tokens;
};

/** Whether `quote`'s words appear contiguously in the transcript, starting within the window of `second`. */
export const quoteFound = (quote: string, second: number, transcript: CheckedTranscript, windowSeconds = CITATION_WINDOW_SECONDS): boolean => {
  const wanted = normalisedWords(quote);
  if (wanted.length === 0) return false;
  const tokens = timedTokens(transcript);
  for (let i = 0; i + wanted.length <= tokens.length; i += 1) {
    if (Math.abs(tokens[i]!.start - second) > windowSeconds) continue;
    if (wanted.every((word, j) => tokens[i + j]!.word === word)) return true;
  }
  return false;
};

/**
 * The citation check: a point is kept only if 0 ≤ second ≤ the answer's duration and its quote is
 * in the transcript within ±CITATION_WINDOW_SECONDS of the second. The rest are dropped (counted).
 */
export const checkCitations = (
  points: readonly SummaryPoint[],
  transcript: CheckedTranscript,
  durationSeconds: number,
): { kept: SummaryPoint[]; dropped: number } => {
  const kept = points.filter(
    (point) =>
      Number.isFinite(point.second) && point.second >= 0 && point.second <= durationSeconds && quoteFound(point.quote, point.second, transcript),
  );
  return { kept, dropped: points.length - kept.length };
};

/** What the overview's lines are checked against: each summarised answer's duration, points and transcript. */
export interface OverviewSource {
  questionIndex: number;
  durationSeconds: number;
  points: readonly SummaryPoint[];
  transcript: CheckedTranscript | null;
}

/**
 * The overview's check: a line is kept when it cites one of the summarised answers, a second inside
 * that answer, and a quote that is one of that answer's points' quotes (near the second) or is in its
 * transcript near the second.
 */
export const checkOverview = (lines: readonly OverviewLine[], sources: readonly OverviewSource[]): { kept: OverviewLine[]; dropped: number } => {
  const kept = lines.filter((line) => {
    const source = sources.find((s) => s.questionIndex === line.questionIndex);
    if (!source || !Number.isFinite(line.second) || line.second < 0 || line.second > source.durationSeconds) return false;
    const quote = normalisedWords(line.quote).join(' ');
    const amongPoints = source.points.some(
      (point) =>
        Math.abs(point.second - line.second) <= CITATION_WINDOW_SECONDS && normalisedWords(point.quote).join(' ').includes(quote) && quote.length > 0,
    );
    return amongPoints || (source.transcript !== null && quoteFound(line.quote, line.second, source.transcript));
  });
  return { kept, dropped: lines.length - kept.length };
};

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** Summaries pause for the rest of the month once the company's tokens reach the budget. */
export const overBudget = (usage: TokenUsage, budget: number): boolean => usage.inputTokens + usage.outputTokens >= budget;

/** The budget from SUMMARY_MONTHLY_TOKEN_BUDGET: a positive whole number, else the default. */
export const parseTokenBudget = (value: string | undefined): number => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : DEFAULT_SUMMARY_MONTHLY_TOKEN_BUDGET;
};
