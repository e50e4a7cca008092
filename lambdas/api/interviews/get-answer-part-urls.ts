import { getAnswerPartUrls as contract } from '../../contracts/interview';
import { routes } from '../../routes';
import { answerPartUrls } from '../../app/recording/answers';
import { apiHandler } from '../../shared/http';

/** Presigned URLs for the next parts of a recording in progress: each scoped to one part of one upload, short-lived. */
export const handler = apiHandler(routes.getAnswerPartUrls, contract, async ({ params, body }) =>
  answerPartUrls(params.token, params.answerId, body.partNumbers),
);
