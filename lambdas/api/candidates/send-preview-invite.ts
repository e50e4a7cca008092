import * as operations from '../../operations/candidates';
import { sendPreviewInvite } from '../../app/invitations/invite-candidates';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** "Send yourself a preview": the real invitation and a practice interview, no credit spent, never listed. */
export const handler = defineHandlerAlongsideAuth(operations.sendPreviewInvite, async ({ params, session, log }) =>
  sendPreviewInvite(params.positionId, session, log),
);
