import * as operations from '../../operations/candidates';
import { exportAnswerVideos } from '../../app/review/answer-package';
import { defineHandler } from '../../platform/http';

/** "Export videos": starts building the package off the request path (202, `generating`); the page polls the candidate. */
export const handler = defineHandler(operations.createAnswerPackage, async ({ params, session, log }) =>
  exportAnswerVideos(params.candidateId, session.userId, log),
);
