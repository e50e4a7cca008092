import { neutraliseFormula } from '../../contracts/spreadsheet';
import { averageRating } from '../../domain/candidates';
import { interviewHref } from '../../shared/app-origin';
import { allCandidatesOfPosition, answersOf, type Candidate } from '../../shared/db/candidates';
import { requirePositionAccess } from '../access/position';

/** Candidates whose answers are read at once (one Query each). */
const READS_IN_FLIGHT = 16;

const row = async (candidate: Candidate) => {
  const rated = candidate.answeredCount > 0 ? (await answersOf(candidate.candidateId)).map((a) => a.rating) : [];
  return {
    candidateName: neutraliseFormula(candidate.candidateName),
    email: candidate.email === null ? null : neutraliseFormula(candidate.email),
    currentStatus: candidate.currentStatus,
    invitedAt: candidate.createdAt,
    completedAt: candidate.completedAt,
    rating: averageRating(rated),
    interviewHref: await interviewHref(candidate.interviewToken),
  };
};

/**
 * Every candidate of the position, newest invite first, with their average rating: the rows of the
 * CSV download. The candidates are read alongside the access check, their answers a few
 * candidates at a time. Text people typed is neutralised against formula injection here too, so
 * the rows are safe in whatever tool turns them into a spreadsheet.
 */
export const exportCandidateRows = async (positionId: string, userId: string) => {
  const { read: candidates } = await requirePositionAccess(positionId, userId, (position) => allCandidatesOfPosition(position.positionId));
  const sorted = candidates.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const rows = [];
  for (let i = 0; i < sorted.length; i += READS_IN_FLIGHT) rows.push(...(await Promise.all(sorted.slice(i, i + READS_IN_FLIGHT).map(row))));
  return { rows };
};
