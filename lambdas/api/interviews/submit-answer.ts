import { submitAnswer as contract } from '../../contracts/interview';
import { routes } from '../../routes';
import { submitAnswer } from '../../app/recording/submit';
import { apiHandler } from '../../shared/http';

/** Submitting an answer: the parts are joined, the answer recorded and its processing started (safe to repeat). */
export const handler = apiHandler(routes.submitAnswer, contract, async ({ params, body, log }) =>
  submitAnswer(params.token, params.answerId, body.parts, log),
);
