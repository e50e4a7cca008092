import { exportCandidates as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { exportCandidateRows } from '../../app/review/export';
import { apiHandler } from '../../shared/http';

/** Every candidate of the position as the rows of the CSV download (text neutralised against formula injection). */
export const handler = apiHandler(routes.exportCandidates, contract, async ({ params, session }) =>
  exportCandidateRows(params.positionId, session.userId),
);
