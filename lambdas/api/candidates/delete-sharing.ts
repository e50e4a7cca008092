import { deleteSharing as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { stopSharingCandidate } from '../../app/sharing/sharing';
import { apiHandlerAlongsideAuth, Reply } from '../../shared/http';

/** Revokes a public link: it stops working at once. */
export const handler = apiHandlerAlongsideAuth(routes.deleteSharing, contract, async ({ params, session }) => {
  await stopSharingCandidate(params.publicCandidateId, session);
  return new Reply(204, undefined);
});
