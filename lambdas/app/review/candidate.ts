import { averageRating } from '../../domain/candidates';
import { answersOf, neighboursOf } from '../../shared/db/candidates';
import { getMediaItems } from '../../shared/db/media';
import { requireCandidateAccess } from '../access/candidate';
import { describeMedia } from '../media/media';
import { answerPackageView } from './answer-package-view';
import { candidateSummary } from './candidate-summary';

/**
 * A candidate with their questions and answers, for the team's detail page. The answers (one
 * Query) and the neighbours (three one-item Queries) are read alongside the access check, then
 * the answers' media in one BatchGet.
 */
export const reviewCandidate = async (candidateId: string, userId: string) => {
  const {
    candidate,
    position,
    read: [answers, navigation],
  } = await requireCandidateAccess(candidateId, userId, (c) => Promise.all([answersOf(c.candidateId), neighboursOf(c)]));
  const media = await getMediaItems(answers.map((a) => a.mediaId));
  const [summary, answerPackage, described] = await Promise.all([
    candidateSummary(candidate, media),
    answerPackageView(candidate, answers, position.jobTitle),
    Promise.all(
      answers.flatMap((answer) => {
        const item = media.get(answer.mediaId);
        return item ? [describeMedia(item).then((d) => ({ answer, item, d }))] : [];
      }),
    ),
  ]);
  return {
    ...summary,
    jobTitle: position.jobTitle,
    rating: averageRating(answers.map((a) => a.rating)),
    answerPackage,
    integrationType: candidate.integration?.integrationType ?? null,
    integrationAttributes: candidate.integration
      ? { profileHref: candidate.integration.profileHref, writeBack: candidate.integration.writeBack }
      : null,
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
};
