import { paths } from '../../contracts/app-paths';
import { inviteMember } from '../../contracts/member';
import { memberInviteEmail } from '../../domain/emails/member-invite';
import { routes } from '../../routes';
import { appLink } from '../../shared/app-origin';
import { sendMail } from '../../shared/clients/mail';
import { findUserIdByEmail } from '../../shared/db/accounts';
import { getCompany } from '../../shared/db/companies';
import { createMemberInvite } from '../../shared/db/members';
import { getMembership } from '../../shared/db/memberships';
import { conflict, notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.inviteMember, inviteMember, async ({ params, body }) => {
  const [company, existingUserId] = await Promise.all([getCompany(params.companyId), findUserIdByEmail(body.email)]);
  if (!company) throw notFound('Company not found.');
  if (existingUserId && (await getMembership(params.companyId, existingUserId)))
    throw conflict(`${body.email} is already a member.`, 'already_member');
  const { inviteId, nonce } = await createMemberInvite(params.companyId, body.email);
  await sendMail(memberInviteEmail(body.email, company.companyName, await appLink(paths.memberInvite.to(nonce))));
  return { userId: inviteId, email: body.email, status: 'invited' as const };
});
