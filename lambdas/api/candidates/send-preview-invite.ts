import { sendPreviewInvite as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { sendPreviewInvite } from '../../app/invitations/invite-candidates';
import { apiHandlerAlongsideAuth } from '../../shared/http';

/** "Send yourself a preview": the real invitation and a practice interview, no credit spent, never listed. */
export const handler = apiHandlerAlongsideAuth(routes.sendPreviewInvite, contract, async ({ params, session, log }) =>
  sendPreviewInvite(params.positionId, session, log),
);
