import * as operations from '../../operations/candidates';
import { listCandidatesPage } from '../../app/review/list';
import { defineHandler } from '../../platform/http';

/** A page of a position's candidates: a status tab, `done`, or a search. */
export const handler = defineHandler(operations.listCandidates, async ({ params, query, session }) =>
  listCandidatesPage(params.positionId, session.userId, query),
);
