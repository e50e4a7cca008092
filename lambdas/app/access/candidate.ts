import { getCandidate, candidateIdOfPublicId, type Candidate } from '../../shared/db/candidates';
import { keys } from '../../shared/db/keys';
import { getMembershipWith, type Membership } from '../../shared/db/memberships';
import { positionFromItem, type Position } from '../../shared/db/positions';
import { HttpError, notFound } from '../../shared/errors';
import { alongside } from './alongside';
import { callerId, type Caller } from './caller';
import { opens } from './position';

export type { Candidate };

/**
 * A candidate is visible to the members who can see their position; anything else (another
 * company's candidate, a preview, an unknown id) is a 404 that reveals nothing.
 *
 * The candidate carries its position's and company's ids, so after the candidate is read (alongside
 * the session check, when the caller is still being checked), the position and the caller's
 * membership (one BatchGetItem) and `reads` (anything that needs only the candidate, such as the
 * company or the answers) are read together: two rounds of reads, whatever the caller needs.
 */
export const requireCandidateAccess = async <R = undefined>(
  candidateId: string,
  caller: Caller,
  reads?: (candidate: Candidate) => Promise<R>,
): Promise<{ candidate: Candidate; position: Position; membership: Membership; read: R }> => {
  const [userId, candidate] = await alongside(callerId(caller), getCandidate(candidateId));
  if (!candidate || candidate.preview) throw notFound('Candidate not found.');
  const check = getMembershipWith(candidate.companyId, userId, { key: keys.position(candidate.positionId), parse: positionFromItem }).then(
    ({ membership, other: position }) => {
      if (!position || !membership || !opens(position, membership)) throw notFound('Candidate not found.');
      return { position, membership };
    },
  );
  const [{ position, membership }, read] = await alongside(check, reads ? Promise.resolve(candidate).then(reads) : Promise.resolve(undefined as R));
  return { candidate, position, membership, read };
};

const accessibleCandidate = async (candidateId: string | null, caller: Caller): Promise<Candidate | null> => {
  if (candidateId === null) return null;
  try {
    return (await requireCandidateAccess(candidateId, caller)).candidate;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
};

/**
 * Whether the member may open the candidate named by `id`, a candidate id or a public id (the id
 * wins); where it is, only when they may. The public id is looked up while the id is tried.
 */
export const candidateAccessStatus = async (id: string, caller: Caller) => {
  const byPublicId = candidateIdOfPublicId(id)
    .then((candidateId) => accessibleCandidate(candidateId, caller))
    .then(
      (candidate) => ({ candidate }),
      (error: unknown) => ({ error }),
    );
  let candidate = await accessibleCandidate(id, caller);
  if (!candidate) {
    const other = await byPublicId;
    if ('error' in other) throw other.error;
    candidate = other.candidate;
  }
  return candidate
    ? { canAccess: true, candidate: { companyId: candidate.companyId, positionId: candidate.positionId, candidateId: candidate.candidateId } }
    : { canAccess: false, candidate: null };
};
