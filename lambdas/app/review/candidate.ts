import { averageRating } from '../../domain/candidates';
import { neighboursOf } from '../../data/candidates/lists';
import { markReviewed, submittedAnswers } from '../../data/candidates/candidate';
import { mediaItemsRead } from '../../data/media';
import type { Caller } from '../access/caller';
import { requireCandidateAccess } from '../access/candidate';
import { describeMedia } from '../media/media';
import { answerPackageView } from './answer-package-view';
import { candidateSummary } from './candidate-summary';

/**
 * A candidate with their questions and answers, for the team's detail page: two rounds of reads.
 * The candidate is read alongside the session check; the candidate item records each answer (its
 * id, question, media and rating: `submittedAnswers`), so no answer item is read. Then the answers'
 * media go in the access check's BatchGetItem (with the position and the membership), alongside
 * the neighbours (three one-item Queries). A responded candidate nobody had opened is marked
 * reviewed (one transaction, alongside the rest, only then: the candidate item read says so).
 */
export const reviewCandidate = async (candidateId: string, caller: Caller) => {
  const {
    candidate,
    position,
    read: navigation,
    batched: media,
  } = await requireCandidateAccess(candidateId, caller, neighboursOf, {
    batch: (c) => mediaItemsRead(Object.values(c.answers).map((a) => a.mediaId)),
  });
  const answers = submittedAnswers(candidate);
  const [, summary, answerPackage, described] = await Promise.all([
    candidate.awaitingReview ? markReviewed(candidate) : null,
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
    timing: candidate.timing,
    timingRequest: candidate.timingRequest,
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
