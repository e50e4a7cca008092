import { setCandidateStatus as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { setCandidateStatus } from '../../app/review/status';
import { apiHandlerAlongsideAuth } from '../../shared/http';

/** Shortlist, reject, undo (spec §4's table) or delete a candidate. */
export const handler = apiHandlerAlongsideAuth(routes.setCandidateStatus, contract, async ({ params, session, log }) =>
  setCandidateStatus(params.candidateId, params.status, session, log),
);
