import { fromItem as candidateFromItem, getCandidate, type Candidate } from '../../data/candidates/candidate';
import { candidateIdOfPublicId } from '../../data/candidates/sharing';
import { keys } from '../../data/keys';
import { batchReads, itemRead, type BatchRead } from '../../data/batch-get';
import { getMembershipWith, type Membership } from '../../data/memberships';
import { positionFromItem, type Position } from '../../data/positions';
import { HttpError, notFound } from '../../platform/errors';
import { alongside } from './alongside';
import { callerId, type Caller } from './caller';
import { opens } from './position';

export type { Candidate };

const NOT_FOUND = 'Candidate not found.';

/** A candidate moved or deleted between the read and the write (409). */
export const CANDIDATE_CHANGED = 'The candidate changed meanwhile. Reload and try again.';

/** Nothing more to read in the check's BatchGetItem. */
const nothing: BatchRead<undefined> = { keys: [], collect: () => undefined };

export interface CandidateAccessOptions<B> {
  /**
   * Items whose keys the candidate gives (their answers' media, say), read in the check's
   * BatchGetItem with the position and the membership; handed out as `batched` once it passed.
   */
  batch?: (candidate: Candidate) => BatchRead<B>;
  /** The candidate, when the caller reads it another way (with their partition, say) from the same id; getCandidate otherwise. */
  candidate?: Promise<Candidate | null>;
}

/** The position and the caller's membership (with `batch`, in one BatchGetItem), or a 404 unless the membership opens the position. */
const check = async <B>(candidate: Candidate, userId: string, batch: BatchRead<B>) => {
  const {
    membership,
    other: [position, batched],
  } = await getMembershipWith(candidate.companyId, userId, batchReads(itemRead(keys.position(candidate.positionId), positionFromItem), batch));
  if (!position || !membership || !opens(position, membership)) throw notFound(NOT_FOUND);
  return { position, membership, batched };
};

/**
 * A candidate is visible to the members who can see their position; anything else (another
 * company's candidate, a preview, an unknown id) is a 404 that reveals nothing.
 *
 * The candidate carries its position's and company's ids, so after the candidate is read (alongside
 * the session check, when the caller is still being checked), the position, the caller's
 * membership and `options.batch` (items whose keys the candidate gives) are read in one
 * BatchGetItem, alongside `reads` (anything else that needs only the candidate, such as the
 * neighbours): two rounds of reads, whatever the caller needs.
 */
export const requireCandidateAccess = async <R = undefined, B = undefined>(
  candidateId: string,
  caller: Caller,
  reads?: (candidate: Candidate) => Promise<R>,
  options: CandidateAccessOptions<B> = {},
): Promise<{ candidate: Candidate; position: Position; membership: Membership; read: R; batched: B }> => {
  const [userId, candidate] = await alongside(callerId(caller), options.candidate ?? getCandidate(candidateId));
  if (!candidate || candidate.preview || candidate.candidateId !== candidateId) throw notFound(NOT_FOUND);
  const batch = options.batch ? options.batch(candidate) : (nothing as BatchRead<B>);
  const [{ position, membership, batched }, read] = await alongside(
    check(candidate, userId, batch),
    reads ? Promise.resolve(candidate).then(reads) : Promise.resolve(undefined as R),
  );
  return { candidate, position, membership, read, batched };
};

/** A candidate's ids as an item of theirs records them (an answer, a public id): the position and company may be missing on old items. */
export interface CandidateIds {
  candidateId: string;
  positionId: string | null;
  companyId: string | null;
}

/**
 * The same check when an item already named the candidate's position and company (an answer, a
 * public id): the candidate, the position and the caller's membership in one BatchGetItem (strongly
 * consistent, as getCandidate reads), alongside `reads` (given the company's id): one round of
 * reads instead of two. The ids are the candidate's own (written with them, and a candidate never
 * moves), so a candidate that says otherwise is not visible either. Items without the ids take
 * requireCandidateAccess's two rounds.
 */
export const requireCandidateAccessAt = async <R = undefined>(
  ids: CandidateIds,
  caller: Caller,
  reads?: (companyId: string) => Promise<R>,
): Promise<{ candidate: Candidate; position: Position; membership: Membership; read: R }> => {
  const { candidateId, positionId, companyId } = ids;
  if (positionId === null || companyId === null) return requireCandidateAccess(candidateId, caller, reads && ((c) => reads(c.companyId)));
  const granted = callerId(caller).then(async (userId) => {
    const {
      membership,
      other: [position, candidate],
    } = await getMembershipWith(
      companyId,
      userId,
      batchReads(itemRead(keys.position(positionId), positionFromItem), itemRead(keys.candidate(candidateId), candidateFromItem)),
      { consistent: true },
    );
    if (!candidate || candidate.preview || candidate.companyId !== companyId || candidate.positionId !== positionId) throw notFound(NOT_FOUND);
    if (!position || !membership || !opens(position, membership)) throw notFound(NOT_FOUND);
    return { candidate, position, membership };
  });
  const [access, read] = await alongside(granted, reads ? reads(companyId) : Promise.resolve(undefined as R));
  return { ...access, read };
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
