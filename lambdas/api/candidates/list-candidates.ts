import { listCandidates as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { listCandidatesPage } from '../../app/review/list';
import { apiHandler } from '../../shared/http';

/** A page of a position's candidates: a status tab, `done`, or a search. */
export const handler = apiHandler(routes.listCandidates, contract, async ({ params, query, session }) =>
  listCandidatesPage(params.positionId, session.userId, query),
);
