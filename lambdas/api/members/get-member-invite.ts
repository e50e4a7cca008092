import { getMemberInvite } from '../../contracts/member';
import { routes } from '../../routes';
import { findUserIdByEmail } from '../../shared/db/accounts';
import { getCompany } from '../../shared/db/companies';
import { findInviteByNonce } from '../../shared/db/members';
import { notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

const GONE = 'This invitation is no longer valid. Ask for a new one.';

export const handler = apiHandler(routes.getMemberInvite, getMemberInvite, async ({ params }) => {
  const invite = await findInviteByNonce(params.nonce);
  if (!invite) throw notFound(GONE, 'invite_not_found');
  const [company, userId] = await Promise.all([getCompany(invite.companyId), findUserIdByEmail(invite.email)]);
  if (!company) throw notFound(GONE, 'invite_not_found');
  return { companyName: company.companyName, hasExistingAccount: userId !== null };
});
