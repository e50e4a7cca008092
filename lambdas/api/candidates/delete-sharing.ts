import { deleteSharing as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { stopSharingCandidate } from '../../app/sharing/sharing';
import { apiHandler, Reply } from '../../shared/http';

/** Revokes a public link: it stops working at once. */
export const handler = apiHandler(routes.deleteSharing, contract, async ({ params, session }) => {
  await stopSharingCandidate(params.publicCandidateId, session.userId);
  return new Reply(204, undefined);
});
