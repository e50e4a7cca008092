import { findAnswer, rateAnswer as storeRating } from '../../shared/db/candidates';
import { getCompany } from '../../shared/db/companies';
import { conflict, notFound } from '../../shared/errors';
import { requireCandidateAccess } from '../access/candidate';

/**
 * An answer's rating, 1 to 5, by a member who can see the candidate (ratings must be enabled).
 * The company is read alongside the candidate's access check.
 */
export const rateAnswer = async (answerId: string, rating: number, userId: string) => {
  const answer = await findAnswer(answerId);
  if (!answer) throw notFound('Answer not found.');
  const { read: company } = await requireCandidateAccess(answer.candidateId, userId, (c) => getCompany(c.companyId));
  if (!company?.config.isRatingEnabled) throw conflict('Ratings are turned off for this company.', 'rating_disabled');
  await storeRating(answer, rating);
  return { answerId: answer.answerId, rating };
};
