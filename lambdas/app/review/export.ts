import { neutraliseFormula } from '../../contracts/spreadsheet';
import { averageRating } from '../../domain/candidates';
import { appOrigin, interviewHref } from '../../platform/app-origin';
import { candidatesForExport, type ExportedCandidate } from '../../data/candidates/lists';
import { requirePositionAccess } from '../access/position';
import type { Caller } from '../access/caller';
import { companyRetentionMonths } from '../../data/audit';
import { recordAudit } from '../audit/record';
import { getCriteria } from '../../data/candidates/scorecards';
import type { Criterion } from '../../contracts/scorecard';

/** A criterion's name as the position has it now (renamed since the scoring: the new name), else as it was scored. */
const criterionName = (criteria: Criterion[], c: { criterionId: string; name: string }) =>
  criteria.find((current) => current.criterionId === c.criterionId)?.name ?? c.name;

const row = async (candidate: ExportedCandidate, criteria: Criterion[]) => ({
  candidateName: neutraliseFormula(candidate.candidateName),
  email: candidate.email === null ? null : neutraliseFormula(candidate.email),
  currentStatus: candidate.currentStatus,
  invitedAt: candidate.createdAt,
  completedAt: candidate.completedAt,
  rating: averageRating(candidate.ratings),
  interviewHref: await interviewHref(candidate.interviewToken),
  // Scorecards (issue 27): only on rows of scored candidates (the spec's rows stay as they were).
  ...(candidate.score?.mean != null
    ? {
        score: candidate.score.mean,
        criterionScores: candidate.score.criteria.map((c) => ({ name: neutraliseFormula(criterionName(criteria, c)), mean: c.mean })),
      }
    : {}),
});

/**
 * Every candidate of the position, newest invite first, with their average rating: the rows of the
 * CSV download. The candidates (with the ratings their items carry) are read alongside the access
 * check (with the company's retention months, for the audit entry), in ranges of invite time at
 * once and 1 MB pages: no read per candidate. Text people typed
 * is neutralised against formula injection here too, so the rows are safe in whatever tool turns
 * them into a spreadsheet.
 */
export const exportCandidateRows = async (positionId: string, caller: Caller) => {
  const [
    {
      position,
      membership,
      read: [candidates, criteria, retentionMonths],
    },
  ] = await Promise.all([
    requirePositionAccess(positionId, caller, (position) =>
      Promise.all([candidatesForExport(position), getCriteria(position.positionId), companyRetentionMonths(position.companyId)]),
    ),
    // The links' origin, once for every row (read from SSM at a cold start).
    appOrigin(),
  ]);
  const sorted = candidates.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const [rows] = await Promise.all([
    Promise.all(sorted.map((candidate) => row(candidate, criteria))),
    recordAudit({
      companyId: position.companyId,
      action: 'exported',
      actor: { userId: membership.userId },
      positionId: position.positionId,
      retentionMonths,
    }),
  ]);
  return { rows };
};
