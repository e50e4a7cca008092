import { rateAnswer as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { requireCandidateAccess } from '../../app/access/candidate';
import { findAnswer, rateAnswer } from '../../shared/db/candidates';
import { getCompany } from '../../shared/db/companies';
import { conflict, notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

/** An answer's rating, 1 to 5, by a member who can see the candidate (ratings must be enabled). */
export const handler = apiHandler(routes.rateAnswer, contract, async ({ params, body, session }) => {
  const answer = await findAnswer(params.answerId);
  if (!answer) throw notFound('Answer not found.');
  const { candidate } = await requireCandidateAccess(answer.candidateId, session.userId);
  const company = await getCompany(candidate.companyId);
  if (!company?.config.isRatingEnabled) throw conflict('Ratings are turned off for this company.', 'rating_disabled');
  await rateAnswer(answer, body.newRating);
  return { answerId: answer.answerId, rating: body.newRating };
});
