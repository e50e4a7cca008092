import * as operations from '../../operations/positions';
import { listPositions } from '../../app/positions/positions';
import { defineHandler } from '../../platform/http';

/** The positions of a tab that the member may open (the rule of GET /positions/{id}). */
export const handler = defineHandler(operations.listPositions, async ({ params, query, session }) =>
  listPositions(params.companyId, session.userId, query.status, query.cursor),
);
