import { type MemberRole } from '../contracts/vocabulary';
/**
 * Position access (spec §6): members of its company, limited to `sharing.userIds` when the
 * position is shared with named members (the owner always has access). One rule for the item,
 * every list of items, and who hears of a response.
 */
export const canAccess = (position: { sharing: { userIds: string[] } | null }, member: { role: MemberRole; userId: string }) =>
  member.role === 'owner' || position.sharing === null || position.sharing.userIds.includes(member.userId);
