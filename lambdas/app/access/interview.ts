import { isExpired } from '../../domain/candidates';
import { getCandidateByToken, type Candidate } from '../../shared/db/candidates';
import { conflict, notFound } from '../../shared/errors';

/**
 * The candidate side's only credential is the interview token: it reaches exactly its own
 * candidate. An unknown, withdrawn or expired link is a 404 with one message for all three.
 */
export const INTERVIEW_NOT_FOUND =
  'This interview link is not valid any more. It may have expired or been withdrawn. Please contact the company that invited you.';
export const APPLY_LINK_NOT_FOUND = 'This application link is not valid any more. Please contact the company.';
export const INTERVIEW_COMPLETED = 'You have already completed this interview. Thank you!';
export const RECORDING_NOT_FOUND = 'This recording is no longer open. Record the answer again.';

export const requireInterview = async (token: string, now = new Date()): Promise<Candidate> => {
  const candidate = await getCandidateByToken(token);
  if (!candidate || (candidate.currentStatus === 'invited' && isExpired(candidate.expiresAt, now)))
    throw notFound(INTERVIEW_NOT_FOUND, 'interview_not_found');
  return candidate;
};

/** For recording calls: the interview must still be in progress. */
export const requireOpenInterview = async (token: string): Promise<Candidate> => {
  const candidate = await requireInterview(token);
  if (candidate.currentStatus !== 'invited') throw conflict(INTERVIEW_COMPLETED, 'interview_completed');
  return candidate;
};
