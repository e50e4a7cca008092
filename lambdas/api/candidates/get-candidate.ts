import { getCandidate as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { requireCandidateAccess } from '../../shared/candidate-access';
import { answersOf } from '../../shared/db/candidates';
import { getMediaItems } from '../../shared/db/media';
import { apiHandler } from '../../shared/http';
import { describeMedia } from '../../shared/media';
import { candidateSummary } from './candidate-view';

/** A candidate with the questions they were asked and their answers: one Query for the answers, one BatchGet for their media. */
export const handler = apiHandler(routes.getCandidate, contract, async ({ params, session }) => {
  const { candidate, position } = await requireCandidateAccess(params.candidateId, session!.userId);
  const answers = await answersOf(candidate.candidateId);
  const media = await getMediaItems(answers.map((a) => a.mediaId));
  return {
    ...(await candidateSummary(candidate, media)),
    jobTitle: position.jobTitle,
    questions: candidate.interview.questions.map((q) => ({ title: q.title ?? null, content: q.content ?? null })),
    answers: await Promise.all(
      answers.flatMap((answer) => {
        const item = media.get(answer.mediaId);
        if (!item) return [];
        return [
          (async () => {
            const described = await describeMedia(item);
            return {
              answerId: answer.answerId,
              questionIndex: answer.questionIndex,
              rating: answer.rating,
              thumbnail: described.thumbnail,
              video: {
                videoGroupId: item.mediaGroupId,
                uploadStatus: described.uploadStatus,
                captions: described.captions,
                variants: described.variants,
              },
            };
          })(),
        ];
      }),
    ),
  };
});
