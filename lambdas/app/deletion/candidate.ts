import { CandidateGone, readCandidatePartition } from '../../data/candidates/candidate';
import { conflict } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Caller } from '../access/caller';
import { CANDIDATE_CHANGED, requireCandidateAccess } from '../access/candidate';
import { DELETED } from '../../contracts/vocabulary';
import { recordAudit } from '../audit/record';
import { auditRetentionRead } from '../../data/audit';
import { deleteCandidateCascade } from './cascade';
import { webhookEvent } from '../../adapters/events';
import { candidateDeletedData } from '../../domain/webhook-payloads';
import { publishEvents } from '../webhooks/publish-events';

/**
 * Deleting a candidate (spec §4): their answers and every media object of theirs go too.
 * Two rounds of reads before the transaction: the candidate's partition (profile, answers and
 * attempts: what the deletion takes along) alongside the session check, then their position and the
 * caller's membership (one BatchGetItem, with the company's retention months for the audit entry).
 * Nothing of the partition is used before the check passed.
 */
export const deleteCandidate = async (candidateId: string, caller: Caller, log: Logger) => {
  const partition = readCandidatePartition(candidateId);
  const {
    candidate,
    membership,
    batched: retentionMonths,
  } = await requireCandidateAccess(candidateId, caller, undefined, {
    candidate: partition.then((p) => p.candidate),
    batch: (c) => auditRetentionRead(c.companyId),
  });
  try {
    const mediaIds = await deleteCandidateCascade(candidate, { partition: await partition });
    log.info('candidate deleted', { candidateId: candidate.candidateId, media: mediaIds.length });
  } catch (error) {
    if (error instanceof CandidateGone) throw conflict(CANDIDATE_CHANGED, 'candidate_changed');
    throw error;
  }
  await recordAudit({
    companyId: candidate.companyId,
    action: 'deleted',
    actor: { userId: membership.userId },
    candidateId: candidate.candidateId,
    positionId: candidate.positionId,
    retentionMonths,
  });
  await publishEvents([webhookEvent('candidate.deleted', candidate.companyId, candidateDeletedData(candidate, 'team'))], log);
  return { candidateId: candidate.candidateId, currentStatus: DELETED };
};
