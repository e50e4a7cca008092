import { canAccess } from '../../domain/access';
import { getMembership, type Membership } from '../../shared/db/memberships';
import { getPosition, type Position } from '../../shared/db/positions';
import { notFound } from '../../shared/errors';

/** Position access (spec §6, the pure rule in domain/access.ts); anything else is a 404. */
export { canAccess };

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
