import * as operations from '../../operations/candidates';
import { exportCandidateRows } from '../../app/review/export';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Every candidate of the position as the rows of the CSV download (text neutralised against formula injection). */
export const handler = defineHandlerAlongsideAuth(operations.exportCandidates, async ({ params, session }) =>
  exportCandidateRows(params.positionId, session),
);
