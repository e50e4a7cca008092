import { createAnswerPackage as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { buildAnswerPackage } from '../../app/review/answer-package';
import { answerPackageView } from '../../app/review/answer-package-view';
import { requireCandidateAccess } from '../../app/access/candidate';
import { answersOf } from '../../shared/db/candidates';
import { getMediaItems } from '../../shared/db/media';
import { conflict } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

/** "Export videos": zips the processed answer videos; answers still processing must finish first. */
export const handler = apiHandler(routes.createAnswerPackage, contract, async ({ params, session, log }) => {
  const { candidate, position } = await requireCandidateAccess(params.candidateId, session.userId);
  const answers = await answersOf(candidate.candidateId);
  if (answers.length === 0) throw conflict('This candidate has no answers to export yet.', 'no_answers');
  const media = await getMediaItems(answers.map((a) => a.mediaId));
  if (answers.some((a) => media.get(a.mediaId)?.uploadStatus === 'processing')) {
    throw conflict('The answers are still being processed. Export the videos once they are ready.', 'answers_processing');
  }
  const answerPackage = await buildAnswerPackage(candidate, answers, media);
  log.info('answer package built', { candidateId: candidate.candidateId, answers: answers.length });
  return answerPackageView({ ...candidate, answerPackage }, answers, position.jobTitle);
});
