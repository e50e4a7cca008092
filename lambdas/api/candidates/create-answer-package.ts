import { createAnswerPackage as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { exportAnswerVideos } from '../../app/review/answer-package';
import { apiHandler } from '../../shared/http';

/** "Export videos": starts building the package off the request path (202, `generating`); the page polls the candidate. */
export const handler = apiHandler(routes.createAnswerPackage, contract, async ({ params, session, log }) =>
  exportAnswerVideos(params.candidateId, session.userId, log),
);
