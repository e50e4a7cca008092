import { evaluate } from '../../contracts/candidate-status';
import type { EvaluatedStatus, EvaluationAction } from '../../contracts/vocabulary';
import { setEvaluation, StatusChanged } from '../../data/candidates/candidate';
import { getCompany } from '../../data/companies';
import { conflict } from '../../platform/errors';
import { recordAudit } from '../audit/record';
import type { Caller } from '../access/caller';
import { CANDIDATE_CHANGED, requireCandidateAccess } from '../access/candidate';
import { webhookEvent } from '../../adapters/events';
import { candidateStatusChangedData } from '../../domain/webhook-payloads';
import type { Logger } from '../../platform/logger';
import { publishEvents, webhookLinks } from '../webhooks/publish-events';

/**
 * Moving a candidate (spec §4): shortlist, reject and undo follow the evaluation table (evaluation
 * must be enabled), and the position's counts move in the same transaction. (Deleting is
 * app/deletion/candidate.ts, a function of its own.)
 */

/**
 * Two rounds of reads before the one transaction: the candidate (alongside the session check), then
 * together their position and the caller's membership (one BatchGetItem) and the company.
 */
export const evaluateCandidate = async (candidateId: string, action: EvaluationAction, caller: Caller, log: Logger) => {
  const { candidate, membership, read: company } = await requireCandidateAccess(candidateId, caller, (c) => getCompany(c.companyId));
  if (!company?.config.isEvaluationEnabled) throw conflict('Evaluation is turned off for this company.', 'evaluation_disabled');
  const next = evaluate(candidate.currentStatus, action) as EvaluatedStatus | null;
  if (next === null) throw conflict(`A ${candidate.currentStatus} candidate cannot be moved that way.`, 'invalid_transition');
  try {
    await setEvaluation(candidate, next);
  } catch (error) {
    if (error instanceof StatusChanged) throw conflict(CANDIDATE_CHANGED, 'candidate_changed');
    throw error;
  }
  await recordAudit({
    companyId: candidate.companyId,
    action: 'status_changed',
    actor: { userId: membership.userId },
    candidateId: candidate.candidateId,
    positionId: candidate.positionId,
    detail: next,
    retentionMonths: company.retentionMonths,
  });
  const change = { from: candidate.currentStatus, to: next };
  await publishEvents(
    [webhookEvent('candidate.status_changed', candidate.companyId, candidateStatusChangedData(candidate, change, await webhookLinks()))],
    log,
  );
  return { candidateId: candidate.candidateId, currentStatus: next };
};
