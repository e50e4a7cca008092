import { sendPreviewInvite as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { getUser } from '../../shared/db/accounts';
import { apiHandler } from '../../shared/http';
import { invite } from '../../app/invitations/invite';
import { requirePositionAccess } from '../../app/access/position';
import { notFound } from '../../shared/errors';

/** "Send yourself a preview": the real invitation and a practice interview, no credit spent, never listed. */
export const handler = apiHandler(routes.sendPreviewInvite, contract, async ({ params, session, log }) => {
  const { position } = await requirePositionAccess(params.positionId, session.userId);
  const user = await getUser(session.userId);
  if (!user) throw notFound('User not found.');
  await invite(position, [{ candidateName: user.email, email: user.email }], log, { preview: true, sendTo: user.email });
  return { email: user.email };
});
