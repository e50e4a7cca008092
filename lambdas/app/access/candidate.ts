import { getCandidate, type Candidate } from '../../shared/db/candidates';
import type { Membership } from '../../shared/db/memberships';
import type { Position } from '../../shared/db/positions';
import { HttpError, notFound } from '../../shared/errors';
import { requirePositionAccess } from './position';

/**
 * A candidate is visible to the members who can see their position; anything else (another
 * company's candidate, a preview, an unknown id) is a 404 that reveals nothing.
 */
export const requireCandidateAccess = async (
  candidateId: string,
  userId: string,
): Promise<{ candidate: Candidate; position: Position; membership: Membership }> => {
  const candidate = await getCandidate(candidateId);
  if (!candidate || candidate.preview) throw notFound('Candidate not found.');
  try {
    return { candidate, ...(await requirePositionAccess(candidate.positionId, userId)) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw notFound('Candidate not found.');
    throw error;
  }
};
