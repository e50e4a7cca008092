import { listMembers, removeMemberInvite, removeMembership } from '../../data/members';
import { getMembership, type Membership } from '../../data/memberships';
import { badRequest, notFound } from '../../platform/errors';
import { alongside } from '../access/alongside';
import { requireMembership } from '../access/membership';
import { mailDeliveryView } from '../../domain/mail-delivery';

/** A company's team (spec §6): its members and pending invitations. */

/** The members and pending invitations, for a member of the company (read alongside the membership check). */
export const listCompanyMembers = async (companyId: string, userId: string) => {
  const [, { members, invitedMembers }] = await alongside(requireMembership(companyId, userId), listMembers(companyId));
  const now = new Date();
  // Each invitation with what SES reported about its mail (issue 26).
  return { members, invitedMembers: invitedMembers.map((invite) => ({ ...invite, mail: mailDeliveryView(invite.mail, now) })) };
};

/**
 * Removes a member, or (`userId` naming a pending invitation) the invitation; never the owner. An
 * owner route: the member is read alongside the chain's owner check.
 */
export const removeMember = async (companyId: string, owner: PromiseLike<Membership>, userId: string) => {
  const [, membership] = await alongside(Promise.resolve(owner), getMembership(companyId, userId));
  if (membership?.role === 'owner') throw badRequest('The owner cannot be removed.', 'owner_not_removable');
  try {
    if (membership) await removeMembership(companyId, userId);
    else await removeMemberInvite(companyId, userId);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw notFound('Member not found.');
    throw error;
  }
};
