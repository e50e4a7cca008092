import * as operations from '../../operations/candidates';
import { rateAnswer } from '../../app/review/rating';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** An answer's rating, 1 to 5, by a member who can see the candidate (ratings must be enabled). */
export const handler = defineHandlerAlongsideAuth(operations.rateAnswer, async ({ params, body, session }) =>
  rateAnswer(params.answerId, body.newRating, session),
);
