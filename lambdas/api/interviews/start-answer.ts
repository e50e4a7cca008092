import { startAnswer as contract } from '../../contracts/interview';
import { routes } from '../../routes';
import { startAnswer } from '../../app/recording/answers';
import { apiHandler } from '../../shared/http';

/** A recording starts: a take is counted and a multipart upload opened for the browser to send parts to while it records. */
export const handler = apiHandler(routes.startAnswer, contract, async ({ params, body, log }) =>
  startAnswer(params.token, body.questionIndex, body.contentType, log),
);
