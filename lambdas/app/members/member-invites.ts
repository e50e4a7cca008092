import { paths } from '../../contracts/app-paths';
import { memberInviteEmail } from '../../domain/emails/member-invite';
import { appLink } from '../../platform/app-origin';
import { sendMail } from '../../adapters/mail';
import { findUserIdByEmail } from '../../data/accounts';
import { getCompany } from '../../data/companies';
import { refuseInviteLinkWhenSsoRequired } from '../sso/recovery';
import { acceptInvite, createMemberInvite, findInviteByNonce } from '../../data/members';
import { getMembership, type Membership } from '../../data/memberships';
import { conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { alongside } from '../access/alongside';
import { emailBrand } from '../companies/branding';
import { recordNotSent } from '../mail/send-outcome';
import { MAIL_SENT, mailDeliveryView, mailTags } from '../../domain/mail-delivery';

/**
 * Inviting a colleague (spec §6): the owner invites an address, the invitation's link shows the
 * company, and accepting it joins the company (with a new account when the address has none).
 * The company and the address's account are read together.
 */
const GONE = 'This invitation is no longer valid. Ask for a new one.';

/**
 * The owner invites an address (an owner route). The company and the address's account are read
 * alongside the session check, and that account's membership alongside the owner check.
 */
export const inviteMember = async (companyId: string, owner: PromiseLike<Membership>, email: string, log: Logger) => {
  const [, [company, member]] = await alongside(
    Promise.resolve(owner),
    Promise.all([getCompany(companyId), findUserIdByEmail(email).then((userId) => (userId ? getMembership(companyId, userId) : null))]),
  );
  if (!company) throw notFound('Company not found.');
  if (member) throw conflict(`${email} is already a member.`, 'already_member');
  // Inviting the address again replaces its invitation (a fresh link, the mail status `sent`): the Team tab's Resend.
  const { inviteId, nonce } = await createMemberInvite(companyId, email);
  const subject = { kind: 'member_invitation', companyId, inviteId } as const;
  let mail = MAIL_SENT;
  try {
    await sendMail({
      ...memberInviteEmail(email, company.companyName, await appLink(paths.memberInvite.to(nonce)), await emailBrand(company)),
      // Its delivery events find the invitation by these (issue 26).
      tags: mailTags(subject),
    });
  } catch (error) {
    // SES did not take it (issue 37): the invitation stands, shown as not sent with a Resend.
    mail = (await recordNotSent(subject, email, error, log)) ?? MAIL_SENT;
  }
  return { userId: inviteId, email, status: 'invited' as const, mail: mailDeliveryView(mail, new Date()) };
};

const liveInvite = async (nonce: string) => {
  const link = await findInviteByNonce(nonce);
  if (!link) throw notFound(GONE, 'invite_not_found');
  return link;
};

/** What the invitation's page shows: the company, and whether the address already has an account. */
export const describeMemberInvite = async (nonce: string) => {
  const { companyName, existingUserId } = await liveInvite(nonce);
  return { companyName, hasExistingAccount: existingUserId !== null };
};

/** Accepting: the membership (and the account, when new) and a session, in one transaction. */
export const joinCompany = async (nonce: string, log: Logger) => {
  const { invite, companyName, existingUserId } = await liveInvite(nonce);
  await refuseInviteLinkWhenSsoRequired(invite.companyId, invite.email);
  const accepted = await acceptInvite(invite, existingUserId, companyName);
  if (!accepted) throw notFound(GONE, 'invite_not_found');
  log.info('member joined', { companyId: invite.companyId, userId: accepted.userId });
  return { sessionId: accepted.sessionId, userId: accepted.userId, companyId: invite.companyId };
};
