import { evaluate, type EvaluationAction } from '../../contracts/candidate-status';
import { CandidateGone, readCandidatePartition, setEvaluation, StatusChanged } from '../../data/candidates/candidate';
import { getCompany } from '../../data/companies';
import { conflict } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Caller } from '../access/caller';
import { requireCandidateAccess } from '../access/candidate';
import { deleteCandidateCascade } from '../deletion/cascade';

/**
 * Moving a candidate (spec §4): shortlist, reject and undo follow the evaluation table (evaluation
 * must be enabled), and the position's counts move in the same transaction; delete removes the
 * candidate, their answers and every media object of theirs.
 */
const CHANGED = 'The candidate changed meanwhile. Reload and try again.';

type Evaluated = 'responded' | 'shortlisted' | 'rejected';

/**
 * Two rounds of reads before the one transaction: the candidate (alongside the session check), then
 * together their position and the caller's membership (one BatchGetItem) and the company.
 */
export const evaluateCandidate = async (candidateId: string, action: EvaluationAction, caller: Caller) => {
  const { candidate, read: company } = await requireCandidateAccess(candidateId, caller, (c) => getCompany(c.companyId));
  if (!company?.config.isEvaluationEnabled) throw conflict('Evaluation is turned off for this company.', 'evaluation_disabled');
  const next = evaluate(candidate.currentStatus, action) as Evaluated | null;
  if (next === null) throw conflict(`A ${candidate.currentStatus} candidate cannot be moved that way.`, 'invalid_transition');
  try {
    await setEvaluation(candidate, next);
  } catch (error) {
    if (error instanceof StatusChanged) throw conflict(CHANGED, 'candidate_changed');
    throw error;
  }
  return { candidateId: candidate.candidateId, currentStatus: next };
};

/**
 * Two rounds of reads before the transaction: the candidate's partition (profile, answers and
 * attempts: what the deletion takes along) alongside the session check, then their position and the
 * caller's membership (one BatchGetItem). Nothing of the partition is used before the check passed.
 */
export const deleteCandidate = async (candidateId: string, caller: Caller, log: Logger) => {
  const partition = readCandidatePartition(candidateId);
  const { candidate } = await requireCandidateAccess(candidateId, caller, undefined, { candidate: partition.then((p) => p.candidate) });
  try {
    const mediaIds = await deleteCandidateCascade(candidate, { partition: await partition });
    log.info('candidate deleted', { candidateId: candidate.candidateId, media: mediaIds.length });
  } catch (error) {
    if (error instanceof CandidateGone) throw conflict(CHANGED, 'candidate_changed');
    throw error;
  }
  return { candidateId: candidate.candidateId, currentStatus: 'deleted' as const };
};

/** `PUT /candidates/{candidateId}/{status}`: an evaluation action or `delete`. */
export const setCandidateStatus = (candidateId: string, status: EvaluationAction | 'delete', caller: Caller, log: Logger) =>
  status === 'delete' ? deleteCandidate(candidateId, caller, log) : evaluateCandidate(candidateId, status, caller);
