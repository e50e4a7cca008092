import { getCandidateAccessStatus as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { candidateAccessStatus } from '../../app/access/candidate';
import { apiHandlerAlongsideAuth } from '../../shared/http';

/** Whether the member may open the candidate (named by id or by public id); where, only when they may. */
export const handler = apiHandlerAlongsideAuth(routes.getCandidateAccessStatus, contract, async ({ params, session }) =>
  candidateAccessStatus(params.candidateId, session),
);
