import * as operations from '../../operations/candidates';
import { stopSharingCandidate } from '../../app/sharing/sharing';
import { defineHandlerAlongsideAuth, Reply } from '../../platform/http';

/** Revokes a public link: it stops working at once. */
export const handler = defineHandlerAlongsideAuth(operations.deleteSharing, async ({ params, session }) => {
  await stopSharingCandidate(params.publicCandidateId, session);
  return new Reply(204, undefined);
});
