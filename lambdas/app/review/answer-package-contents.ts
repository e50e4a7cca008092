import { ANSWER_PACKAGE_STALE_AFTER_MS } from '../../pipeline/answer-package.asl';
import type { AnswerPackageRecord, LeftOutAnswer } from '../../data/candidates/packages';
import type { MediaItem } from '../../data/media';
import type { AnswerSpec } from '../../contracts/answer-types';
import type { AnswerType } from '../../contracts/vocabulary';
import { FILE_ANSWER_TYPES } from '../../contracts/media-types';
import { answerInWords } from '../../domain/answer-text';

/**
 * What goes into an answer package (spec §3, §4), as pure rules the request and the build share:
 * which answers it holds, which it leaves out and names, and when a build is given up.
 */
export const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);

/** A zip entry's name: question number and title (`02-Why-this-role.mp4`). */
export const entryName = (questionIndex: number, title: string | null | undefined, extension: string) =>
  `${String(questionIndex + 1).padStart(2, '0')}${title && slug(title) ? `-${slug(title)}` : ''}.${extension}`;

/**
 * A file answer's entry name (issue 39): the question number and the name the candidate's file had,
 * made safe (`03-my-cv.pdf`), with the extension of the type read from its bytes, never the one its
 * name claims; unique in the package, as a question has one answer.
 */
export const fileEntryName = (questionIndex: number, fileName: string | null | undefined, contentType: string) => {
  const base = (fileName ?? '').split(/[/\\]/).pop()!.replace(/\.[^.]*$/, '');
  const extension = FILE_ANSWER_TYPES.find((t) => t.contentType === contentType)?.extension ?? 'bin';
  return `${String(questionIndex + 1).padStart(2, '0')}-${slug(base) || 'file'}.${extension}`;
};

/** The package's index of a candidate's answers (issue 39), when it holds more than recordings. */
export const INDEX_ENTRY = '00-Answers.txt';

export interface PackagedAnswer {
  answerId: string;
  questionIndex: number;
  /** A recording's or a file's media (none for a text or choice answer). */
  mediaId?: string | null;
  /** Issue 39; a video when absent. */
  answerType?: AnswerType;
}

/** Whether an answer is typed (a text or choice, issue 39): it has no media, and is always in the package. */
const isTyped = (answer: PackagedAnswer) =>
  answer.answerType === 'text' || answer.answerType === 'single_choice' || answer.answerType === 'multiple_choice';

/**
 * Sorts the answers by their media: `included` (a processed recording or a file, with the variant
 * to zip), `leftOut` (its processing failed, or its media is gone: named on the page, the rest
 * still export), `pending` (still uploading or processing: the package waits for them) and `typed`
 * (a text or choice answer, issue 39: in the package as text).
 */
export const packageContents = <A extends PackagedAnswer>(answers: A[], media: ReadonlyMap<string, Pick<MediaItem, 'uploadStatus' | 'variants'>>) => {
  const included: (A & { variant: MediaItem['variants'][number] })[] = [];
  const leftOut: LeftOutAnswer[] = [];
  const pending: A[] = [];
  const typed: A[] = [];
  for (const answer of answers) {
    if (isTyped(answer)) {
      typed.push(answer);
      continue;
    }
    const item = answer.mediaId ? media.get(answer.mediaId) : undefined;
    const variant = item?.variants[0];
    if (item?.uploadStatus === 'uploading' || item?.uploadStatus === 'processing') pending.push(answer);
    else if (item?.uploadStatus === 'ready' && variant) included.push({ ...answer, variant });
    else leftOut.push({ answerId: answer.answerId, questionIndex: answer.questionIndex });
  }
  return { included, leftOut, pending, typed };
};

/** An answer as the package's index and its text entries read it. */
export interface IndexedAnswer {
  questionIndex: number;
  answerType: AnswerType;
  text?: string | null;
  optionIds?: readonly string[] | null;
  fileName?: string | null;
}

/**
 * The package's index (issue 39): every question of the interview with its answer in words (the
 * options picked, a text, a file's name), the entry that holds it, or why it is not there. Plain text.
 */
export const packageIndex = (
  questions: readonly { title: string; answer: AnswerSpec }[],
  answers: readonly IndexedAnswer[],
  entries: ReadonlyMap<number, string>,
  leftOut: readonly LeftOutAnswer[],
): string =>
  `${questions
    .map((question, index) => {
      const answer = answers.find((a) => a.questionIndex === index);
      const heading = `Question ${index + 1}${question.title ? `: ${question.title}` : ''}`;
      if (!answer) return `${heading}\nNot answered.`;
      const where = leftOut.some((l) => l.questionIndex === index)
        ? 'Left out: its processing failed.'
        : entries.has(index)
          ? `In the package: ${entries.get(index)}`
          : null;
      const words = answerInWords(question.answer, answer);
      const says = answer.answerType === 'text' ? null : `Answer: ${words}`;
      return [heading, says, where].filter(Boolean).join('\n');
    })
    .join('\n\n')}\n`;

/** A build still `generating` long after any worker of it could still run (see ANSWER_PACKAGE_STALE_AFTER_MS). */
export const isAbandoned = (record: Pick<AnswerPackageRecord, 'packageStatus' | 'startedAt'>, now: Date) =>
  record.packageStatus === 'generating' &&
  (record.startedAt === null || now.getTime() - new Date(record.startedAt).getTime() > ANSWER_PACKAGE_STALE_AFTER_MS);

/** The package holds the current answers (it is stale once an answer is added or replaced). */
export const coversAnswers = (record: Pick<AnswerPackageRecord, 'answerIds'>, answers: { answerId: string }[]) =>
  record.answerIds.length === answers.length && record.answerIds.every((id, i) => id === answers[i]!.answerId);
