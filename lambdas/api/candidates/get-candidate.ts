import { getCandidate as contract } from '../../contracts/candidate';
import { averageRating } from '../../domain/candidates';
import { routes } from '../../routes';
import { requireCandidateAccess } from '../../app/access/candidate';
import { answersOf, neighboursOf } from '../../shared/db/candidates';
import { getMediaItems } from '../../shared/db/media';
import { apiHandler } from '../../shared/http';
import { answerPackageView } from '../../app/review/answer-package-view';
import { describeMedia } from '../../app/media/media';
import { candidateSummary } from '../../app/review/candidate-summary';

/**
 * A candidate with their questions and answers: one Query for the answers, one BatchGet for their
 * media, and three one-item Queries for the neighbours.
 */
export const handler = apiHandler(routes.getCandidate, contract, async ({ params, session }) => {
  const { candidate, position } = await requireCandidateAccess(params.candidateId, session.userId);
  const [answers, navigation] = await Promise.all([answersOf(candidate.candidateId), neighboursOf(candidate)]);
  const media = await getMediaItems(answers.map((a) => a.mediaId));
  const described = await Promise.all(
    answers.flatMap((answer) => {
      const item = media.get(answer.mediaId);
      return item ? [describeMedia(item).then((d) => ({ answer, item, d }))] : [];
    }),
  );
  return {
    ...(await candidateSummary(candidate, media)),
    jobTitle: position.jobTitle,
    rating: averageRating(answers.map((a) => a.rating)),
    answerPackage: await answerPackageView(candidate, answers, position.jobTitle),
    navigation,
    questions: candidate.interview.questions.map((q) => ({ title: q.title ?? null, content: q.content ?? null })),
    answers: described.map(({ answer, item, d }) => ({
      answerId: answer.answerId,
      questionIndex: answer.questionIndex,
      rating: answer.rating,
      thumbnail: d.thumbnail,
      video: { videoGroupId: item.mediaGroupId, uploadStatus: d.uploadStatus, captions: d.captions, variants: d.variants },
    })),
  };
});
