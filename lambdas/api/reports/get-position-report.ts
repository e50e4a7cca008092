import * as operations from '../../operations/reports';
import { positionReport } from '../../app/reports/report';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** One position's report, with drop-off per question; its days are read alongside the access check. */
export const handler = defineHandlerAlongsideAuth(operations.getPositionReport, async ({ params, query, session }) =>
  positionReport(params.positionId, session, query),
);
