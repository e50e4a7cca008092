/**
 * The local Bedrock stand-in's "model": an extractive summariser, pure. It reads the user text of the
 * product's prompts (lambdas/domain/summaries.ts builds them; the shared design of issue 41):
 *
 *   record_summary: `[12.5s] words…` transcript lines → 2–5 points `{ second, quote, text }`, chosen
 *     from the lines that say the most (the most content words), in time order: `second` is the start of
 *     the stretch quoted, `quote` a contiguous run of at most QUOTE_WORDS of its words exactly as
 *     written, `text` its words (cut to TEXT_WORDS). A transcript of fewer lines than points wanted has
 *     its longest lines cut into stretches, each stretch's start estimated from the line's start and the
 *     next line's (or the answer's end), as a speaker's words spread over a line.
 *   record_overview: `Answer <n> (question: <title>):` blocks of `[<second>s] "<quote>" — <text>` lines
 *     → at most 3 lines `{ text, question_index, second, quote }`, one per answer first (its point that
 *     says the most), in answer order.
 *
 * Nothing is made up: every second and quote comes from the request, so the product's citation check
 * keeps them; a deployed model writes its own.
 */
export interface TranscriptLine {
  second: number;
  words: string[];
}

export interface SummaryPoint {
  second: number;
  quote: string;
  text: string;
}

export interface OverviewLine {
  text: string;
  question_index: number;
  second: number;
  quote: string;
}

/** At most this many words are quoted: short enough to be spoken within the product's ±5 s check of the cited second. */
export const QUOTE_WORDS = 10;
const TEXT_WORDS = 24;
/** A line is cut in stretches of at least this many words. */
const MIN_STRETCH_WORDS = 6;
const SLOWEST_SECONDS_A_WORD = 0.6;
const MIN_POINTS = 2;
const MAX_POINTS = 5;
const MAX_OVERVIEW_LINES = 3;

const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from had has have he her his i if in is it its me my of on or our she so that the their them ' +
    'then there they this to um uh was we were what when which who will with you your yeah okay ok just like really very do did'
  ).split(' '),
);

const normalisedWord = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
/** How much a stretch of words says: its words that are not filler or function words. */
export const contentWords = (words: readonly string[]) =>
  words.filter((word) => {
    const w = normalisedWord(word);
    return w.length > 2 && !STOP_WORDS.has(w);
  }).length;

const round1 = (n: number) => Math.round(n * 10) / 10;
const wordsOf = (text: string) => text.trim().split(/\s+/).filter(Boolean);

/** The transcript lines of a summary prompt, and its answer length when it says. */
export const parseTranscriptPrompt = (text: string): { lines: TranscriptLine[]; durationSeconds?: number } => {
  const lines: TranscriptLine[] = [];
  let durationSeconds: number | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const length = /^Answer length:\s*(\d+(?:\.\d+)?)\s*seconds?/i.exec(line);
    if (length) durationSeconds = Number(length[1]);
    const timed = /^\[(\d+(?:\.\d+)?)s\]\s*(.*)$/.exec(line);
    if (timed) {
      const words = wordsOf(timed[2]!);
      if (words.length > 0) lines.push({ second: Number(timed[1]), words });
    }
  }
  lines.sort((a, b) => a.second - b.second);
  return { lines, durationSeconds };
};

/** A line cut into `parts` stretches of words, each with its start estimated within the line's time. */
const cut = (line: TranscriptLine, end: number, parts: number): TranscriptLine[] => {
  const size = Math.ceil(line.words.length / parts);
  // Seconds a word: the line's time spread over its words, at most a slow speaker's (a silence after the line is not speech).
  const perWord = Math.min(Math.max(0, end - line.second) / line.words.length, SLOWEST_SECONDS_A_WORD);
  const stretches: TranscriptLine[] = [];
  for (let from = 0; from < line.words.length; from += size) {
    stretches.push({ second: round1(line.second + perWord * from), words: line.words.slice(from, from + size) });
  }
  return stretches;
};

/** Lines, the longest cut in stretches until there are enough to choose `wanted` points from. */
const stretchesOf = (lines: TranscriptLine[], durationSeconds: number | undefined, wanted: number): TranscriptLine[] => {
  const ends = lines.map((line, i) => lines[i + 1]?.second ?? Math.max(durationSeconds ?? 0, line.second + line.words.length * 0.4));
  if (lines.length >= wanted) return lines;
  // Cut the lines with the most words into stretches of at least MIN_STRETCH_WORDS words.
  const parts = lines.map((line) => Math.max(1, Math.min(Math.floor(line.words.length / MIN_STRETCH_WORDS), wanted)));
  let total = parts.reduce((sum, n) => sum + n, 0);
  while (total > wanted) {
    const i = parts.indexOf(Math.max(...parts));
    parts[i]! -= 1;
    total -= 1;
  }
  return lines.flatMap((line, i) => (parts[i]! > 1 ? cut(line, ends[i]!, parts[i]!) : [line]));
};

/** The stretch's first words, at most QUOTE_WORDS, not ending on a function word ("…billing system to a" → "…billing system"). */
const quoteOf = (words: readonly string[]) => {
  const quoted = words.slice(0, QUOTE_WORDS);
  while (quoted.length > 3 && words.length > QUOTE_WORDS && STOP_WORDS.has(normalisedWord(quoted.at(-1)!))) quoted.pop();
  return quoted.join(' ');
};

const textOf = (words: readonly string[]) => (words.length > TEXT_WORDS ? `${words.slice(0, TEXT_WORDS).join(' ')}…` : words.join(' '));

/** Picks the points of an answer's summary from its transcript lines (none when the transcript is empty). */
export const summaryPoints = (lines: TranscriptLine[], durationSeconds?: number): SummaryPoint[] => {
  if (lines.length === 0) return [];
  const wanted = Math.min(MAX_POINTS, Math.max(MIN_POINTS, Math.round(lines.length / 2)));
  const stretches = stretchesOf(lines, durationSeconds, wanted);
  const chosen = stretches
    .map((stretch, index) => ({ stretch, index, score: contentWords(stretch.words) }))
    .sort((a, b) => b.score - a.score || b.stretch.words.length - a.stretch.words.length || a.index - b.index)
    .slice(0, wanted)
    .sort((a, b) => a.index - b.index);
  return chosen.map(({ stretch }) => ({
    second: stretch.second,
    quote: quoteOf(stretch.words),
    text: textOf(stretch.words),
  }));
};

interface OverviewAnswer {
  index: number;
  points: SummaryPoint[];
}

/** The answers' points of an overview prompt. */
export const parseOverviewPrompt = (text: string): OverviewAnswer[] => {
  const answers: OverviewAnswer[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const heading = /^Answer\s+(\d+)\b/.exec(line);
    if (heading) {
      answers.push({ index: Number(heading[1]) - 1, points: [] });
      continue;
    }
    const point = /^\[(\d+(?:\.\d+)?)s\]\s*"(.*)"\s*(?:—|–|-)\s*(.*)$/.exec(line);
    if (point && answers.length > 0) {
      answers.at(-1)!.points.push({ second: Number(point[1]), quote: point[2]!, text: point[3]!.trim() });
    }
  }
  return answers.filter((answer) => answer.points.length > 0);
};

/** At most three lines across the answers: each answer's point that says the most first, then the rest by the same measure. */
export const overviewLines = (answers: OverviewAnswer[]): OverviewLine[] => {
  const ranked = answers.map((answer) => ({
    index: answer.index,
    points: [...answer.points].sort((a, b) => contentWords(wordsOf(b.text)) - contentWords(wordsOf(a.text))),
  }));
  const lines: OverviewLine[] = [];
  for (let round = 0; lines.length < MAX_OVERVIEW_LINES && ranked.some((answer) => answer.points.length > round); round += 1) {
    for (const answer of ranked) {
      const point = answer.points[round];
      if (point && lines.length < MAX_OVERVIEW_LINES) {
        lines.push({ text: point.text, question_index: answer.index, second: point.second, quote: point.quote });
      }
    }
  }
  return lines.sort((a, b) => a.question_index - b.question_index || a.second - b.second);
};

/** Tokens as the stand-in counts them: words × 1.3, rounded (a rough rule of thumb for English; a model's tokenizer differs). */
export const tokensOf = (text: string) => Math.round(wordsOf(text).length * 1.3);
