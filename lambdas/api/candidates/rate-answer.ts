import { rateAnswer as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { rateAnswer } from '../../app/review/rating';
import { apiHandlerAlongsideAuth } from '../../shared/http';

/** An answer's rating, 1 to 5, by a member who can see the candidate (ratings must be enabled). */
export const handler = apiHandlerAlongsideAuth(routes.rateAnswer, contract, async ({ params, body, session }) =>
  rateAnswer(params.answerId, body.newRating, session),
);
