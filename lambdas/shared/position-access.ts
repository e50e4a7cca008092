import { getMembership, type Membership } from './db/memberships';
import { getPosition, type Position } from './db/positions';
import { notFound } from './errors';

/**
 * Position access (spec §6): members of its company, limited to `sharing.userIds` when the
 * position is shared with named members (the owner always has access). Anything else is a 404.
 */
export const canAccess = (position: Pick<Position, 'sharing'>, membership: Membership) =>
  membership.role === 'owner' || position.sharing === null || position.sharing.userIds.includes(membership.userId);

/**
 * The same rule as a filter: every list of positions (or of what they hold) keeps only the ones
 * its reader could open one by one, so a list never shows what the item answers with a 404.
 */
export const accessibleTo =
  (membership: Membership) =>
  (position: Pick<Position, 'sharing'>): boolean =>
    canAccess(position, membership);

export const requirePositionAccess = async (positionId: string, userId: string): Promise<{ position: Position; membership: Membership }> => {
  const position = await getPosition(positionId);
  const membership = position ? await getMembership(position.companyId, userId) : null;
  if (!position || !membership || !canAccess(position, membership)) throw notFound('Position not found.');
  return { position, membership };
};
