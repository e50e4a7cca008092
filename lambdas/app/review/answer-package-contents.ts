import { ANSWER_PACKAGE_STALE_AFTER_MS } from '../../pipeline/answer-package.asl';
import type { AnswerPackageRecord, LeftOutAnswer } from '../../data/candidates/packages';
import type { MediaItem } from '../../data/media';

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

export interface PackagedAnswer {
  answerId: string;
  questionIndex: number;
  mediaId: string;
}

/**
 * Sorts the answers by their video: `included` (processed, with the variant to zip), `leftOut` (its
 * processing failed, or its media is gone: named on the page, the rest still export) and `pending`
 * (still uploading or processing: the package waits for them).
 */
export const packageContents = <A extends PackagedAnswer>(answers: A[], media: ReadonlyMap<string, Pick<MediaItem, 'uploadStatus' | 'variants'>>) => {
  const included: (A & { variant: MediaItem['variants'][number] })[] = [];
  const leftOut: LeftOutAnswer[] = [];
  const pending: A[] = [];
  for (const answer of answers) {
    const item = media.get(answer.mediaId);
    const variant = item?.variants[0];
    if (item?.uploadStatus === 'uploading' || item?.uploadStatus === 'processing') pending.push(answer);
    else if (item?.uploadStatus === 'ready' && variant) included.push({ ...answer, variant });
    else leftOut.push({ answerId: answer.answerId, questionIndex: answer.questionIndex });
  }
  return { included, leftOut, pending };
};

/** A build still `generating` long after any worker of it could still run (see ANSWER_PACKAGE_STALE_AFTER_MS). */
export const isAbandoned = (record: Pick<AnswerPackageRecord, 'packageStatus' | 'startedAt'>, now: Date) =>
  record.packageStatus === 'generating' &&
  (record.startedAt === null || now.getTime() - new Date(record.startedAt).getTime() > ANSWER_PACKAGE_STALE_AFTER_MS);

/** The package holds the current answers (it is stale once an answer is added or replaced). */
export const coversAnswers = (record: Pick<AnswerPackageRecord, 'answerIds'>, answers: { answerId: string }[]) =>
  record.answerIds.length === answers.length && record.answerIds.every((id, i) => id === answers[i]!.answerId);
