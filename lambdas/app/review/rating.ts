import { findAnswer, rateAnswer as storeRating } from '../../data/candidates/answers';
import { getCompany } from '../../data/companies';
import { conflict, notFound } from '../../platform/errors';
import { alongside } from '../access/alongside';
import { callerId, type Caller } from '../access/caller';
import { requireCandidateAccessAt } from '../access/candidate';

/**
 * An answer's rating, 1 to 5, by a member who can see the candidate (ratings must be enabled).
 * Two rounds of reads before the one transaction: the answer (alongside the session check), then,
 * by the candidate, position and company ids the answer holds, the candidate, their position and
 * the caller's membership in one BatchGetItem, alongside the company (its settings).
 */
export const rateAnswer = async (answerId: string, rating: number, caller: Caller) => {
  const [userId, answer] = await alongside(callerId(caller), findAnswer(answerId));
  if (!answer) throw notFound('Answer not found.');
  const { read: company } = await requireCandidateAccessAt(answer, userId, getCompany);
  if (!company?.config.isRatingEnabled) throw conflict('Ratings are turned off for this company.', 'rating_disabled');
  await storeRating(answer, rating);
  return { answerId: answer.answerId, rating };
};
