import { canAccess } from '../../domain/access';
import { getMembership, type Membership } from '../../data/memberships';
import { getPosition, type Position } from '../../data/positions';
import { notFound } from '../../platform/errors';
import { alongside } from './alongside';
import { callerId, type Caller } from './caller';

/** Position access (spec §6, the pure rule in domain/access.ts); anything else is a 404. */
export { canAccess };
export type { Membership, Position };

/**
 * The same rule as a filter: every list of positions (or of what they hold) keeps only the ones
 * its reader could open one by one, so a list never shows what the item answers with a 404.
 */
export const accessibleTo =
  (membership: Membership) =>
  (position: Pick<Position, 'sharing'>): boolean =>
    canAccess(position, membership);

/** Whether a membership opens a position: one of the position's own company, allowed by the rule. Either may be missing (an unknown id, no membership). */
export const opens = (position: Position | null, membership: Membership | null): boolean =>
  position !== null && membership !== null && membership.companyId === position.companyId && canAccess(position, membership);

/**
 * The position and the caller's membership of its company, or a 404: two rounds of reads, the
 * position alongside the session check (when the caller is still being checked), then the
 * membership alongside `reads` (anything that needs only the position), whose result comes back as `read`.
 */
export const requirePositionAccess = async <R = undefined>(
  positionId: string,
  caller: Caller,
  reads?: (position: Position) => Promise<R>,
): Promise<{ position: Position; membership: Membership; read: R }> => {
  const [userId, position] = await alongside(callerId(caller), getPosition(positionId));
  if (!position) throw notFound('Position not found.');
  const check = getMembership(position.companyId, userId).then((membership) => {
    if (!membership || !opens(position, membership)) throw notFound('Position not found.');
    return membership;
  });
  const [membership, read] = await alongside(check, reads ? Promise.resolve(position).then(reads) : Promise.resolve(undefined as R));
  return { position, membership, read };
};
