import { confirmMemberInvite } from '../../contracts/member';
import { routes } from '../../routes';
import { findUserIdByEmail } from '../../shared/db/accounts';
import { getCompany } from '../../shared/db/companies';
import { acceptInvite, findInviteByNonce } from '../../shared/db/members';
import { notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

const GONE = 'This invitation is no longer valid. Ask for a new one.';

export const handler = apiHandler(routes.confirmMemberInvite, confirmMemberInvite, async ({ body, log }) => {
  const invite = await findInviteByNonce(body.nonce);
  if (!invite) throw notFound(GONE, 'invite_not_found');
  const [company, userId] = await Promise.all([getCompany(invite.companyId), findUserIdByEmail(invite.email)]);
  if (!company) throw notFound(GONE, 'invite_not_found');
  const accepted = await acceptInvite(invite, userId, company.companyName);
  if (!accepted) throw notFound(GONE, 'invite_not_found');
  log.info('member joined', { companyId: invite.companyId, userId: accepted.userId });
  return { sessionId: accepted.sessionId, userId: accepted.userId, companyId: invite.companyId };
});
