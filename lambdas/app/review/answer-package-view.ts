import { presignDownload } from '../../adapters/storage';
import { answerPackageOf, type AnswerPackageRecord } from '../../data/candidates/packages';
import { type Candidate } from '../../data/candidates/candidate';
import { coversAnswers, isAbandoned, slug } from './answer-package-contents';

/**
 * The answer package as the API shows it (spec §3, §4). Kept apart from the builder, so reading a
 * candidate does not bundle the zip writer and the multipart uploader.
 *
 * - `generating` while a build runs (the page polls); a build given up on shows as `failed`;
 * - `completed` with a short-lived link while it holds the current answers, naming those left out;
 * - `failed` when its build failed (the page offers the export again);
 * - `not_generated` otherwise, a completed or failed package of answers since changed included.
 */
export const packageView = async (
  record: AnswerPackageRecord | null,
  answers: { answerId: string }[],
  names: { candidateName: string; jobTitle: string },
  now = new Date(),
) => {
  const none = { packageStatus: 'not_generated' as const, downloadHref: null, leftOutAnswers: [] };
  if (!record) return none;
  if (record.packageStatus === 'generating') {
    return { packageStatus: isAbandoned(record, now) ? ('failed' as const) : ('generating' as const), downloadHref: null, leftOutAnswers: [] };
  }
  if (!coversAnswers(record, answers)) return none;
  if (record.packageStatus === 'failed') return { packageStatus: 'failed' as const, downloadHref: null, leftOutAnswers: [] };
  return {
    packageStatus: 'completed' as const,
    downloadHref: await presignDownload(record.key, `${slug(names.candidateName) || 'candidate'}-${slug(names.jobTitle)}.zip`),
    leftOutAnswers: record.leftOut.map((answer) => ({ ...answer, reason: 'processing_failed' as const })),
  };
};

export const answerPackageView = (candidate: Candidate, answers: { answerId: string }[], jobTitle: string) =>
  packageView(answerPackageOf(candidate), answers, { candidateName: candidate.candidateName, jobTitle });
