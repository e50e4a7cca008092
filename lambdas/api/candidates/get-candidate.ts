import { getCandidate as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { reviewCandidate } from '../../app/review/candidate';
import { apiHandlerAlongsideAuth } from '../../shared/http';

/** A candidate with their questions, answers, answer package and neighbours, for the team's detail page. */
export const handler = apiHandlerAlongsideAuth(routes.getCandidate, contract, async ({ params, session }) =>
  reviewCandidate(params.candidateId, session),
);
