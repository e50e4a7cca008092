import { createAnswerPackage as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { exportAnswerVideos } from '../../app/review/answer-package';
import { apiHandler } from '../../shared/http';

/** "Export videos": zips the processed answer videos; answers still processing must finish first. */
export const handler = apiHandler(routes.createAnswerPackage, contract, async ({ params, session, log }) =>
  exportAnswerVideos(params.candidateId, session.userId, log),
);
