import { allCandidatesOfPosition } from '../../data/candidates/lists';
import { WrongStatus } from '../../data/positions';
import { DELETED } from '../../contracts/vocabulary';
import { conflict } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Caller } from '../access/caller';
import { requirePositionAccess } from '../access/position';
import { recordAudit } from '../audit/record';
import { companyRetentionMonths } from '../../data/audit';
import { deletePositionCascade } from './cascade';
import { webhookEvent } from '../../adapters/events';
import { candidateDeletedData } from '../../domain/webhook-payloads';
import { publishEvents } from '../webhooks/publish-events';

/**
 * Spec §4: closed → deleted, with its candidates and their media; a closed position's candidates
 * (and the company's retention months, for the audit entry) are read alongside the access check.
 */
export const deletePosition = async (positionId: string, caller: Caller, log: Logger) => {
  const {
    position,
    membership,
    read: [candidates, retentionMonths],
  } = await requirePositionAccess(positionId, caller, (p) =>
    Promise.all([
      p.currentStatus === 'closed' ? allCandidatesOfPosition(p.positionId) : Promise.resolve(undefined),
      companyRetentionMonths(p.companyId),
    ]),
  );
  try {
    if (position.currentStatus !== 'closed') throw new WrongStatus();
    await deletePositionCascade(position, candidates);
  } catch (error) {
    if (error instanceof WrongStatus) throw conflict('Only a closed position can be deleted. Close it first.', 'position_not_closed');
    throw error;
  }
  log.info('position deleted', { positionId: position.positionId });
  // One audit entry for the position (bounded, however many candidates went with it).
  await recordAudit({
    companyId: position.companyId,
    action: 'deleted',
    actor: { userId: membership.userId },
    positionId: position.positionId,
    detail: `position with ${candidates?.length ?? 0} candidates`,
    retentionMonths,
  });
  // Its candidates went with it (issue 38: receivers erase their copies); previews were nobody's candidates.
  await publishEvents(
    (candidates ?? [])
      .filter((candidate) => !candidate.preview)
      .map((candidate) => webhookEvent('candidate.deleted', candidate.companyId, candidateDeletedData(candidate, 'team'))),
    log,
  );
  return { positionId: position.positionId, currentStatus: DELETED };
};
