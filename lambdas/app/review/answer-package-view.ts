import { presignDownload } from '../../shared/clients/storage';
import type { Candidate } from '../../shared/db/candidates';

/**
 * The answer package as the API shows it (spec §3, §4). Kept apart from the builder, so reading a
 * candidate does not bundle archiver and the multipart uploader.
 */
export const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);

const sameAnswers = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** The package as the API shows it: completed (with a short-lived link) while it holds the current answers. */
export const answerPackageView = async (candidate: Candidate, answers: { answerId: string }[], jobTitle: string) => {
  const current = candidate.answerPackage;
  if (
    !current ||
    !sameAnswers(
      current.answerIds,
      answers.map((a) => a.answerId),
    )
  )
    return { packageStatus: 'not_generated' as const, downloadHref: null };
  return {
    packageStatus: 'completed' as const,
    downloadHref: await presignDownload(current.key, `${slug(candidate.candidateName) || 'candidate'}-${slug(jobTitle)}.zip`),
  };
};
