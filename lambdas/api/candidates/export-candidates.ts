import { exportCandidates as contract } from '../../contracts/candidate';
import { neutraliseFormula } from '../../contracts/spreadsheet';
import { averageRating } from '../../domain/candidates';
import { routes } from '../../routes';
import { allCandidatesOfPosition, answersOf } from '../../shared/db/candidates';
import { apiHandler } from '../../shared/http';
import { interviewHref } from '../../shared/app-origin';
import { requirePositionAccess } from '../../app/access/position';

/**
 * Every candidate of the position, newest invite first, with their average rating: the rows of the
 * CSV download. Text people typed is neutralised against formula injection here too, so the rows are
 * safe in whatever tool turns them into a spreadsheet.
 */
export const handler = apiHandler(routes.exportCandidates, contract, async ({ params, session }) => {
  const { position } = await requirePositionAccess(params.positionId, session.userId);
  const candidates = await allCandidatesOfPosition(position.positionId);
  const rows = [];
  for (const candidate of candidates.sort((a, b) => b.createdAt.localeCompare(a.createdAt))) {
    const rated = candidate.answeredCount > 0 ? (await answersOf(candidate.candidateId)).map((a) => a.rating) : [];
    rows.push({
      candidateName: neutraliseFormula(candidate.candidateName),
      email: candidate.email === null ? null : neutraliseFormula(candidate.email),
      currentStatus: candidate.currentStatus,
      invitedAt: candidate.createdAt,
      completedAt: candidate.completedAt,
      rating: averageRating(rated),
      interviewHref: await interviewHref(candidate.interviewToken),
    });
  }
  return { rows };
});
