import { isExpired } from '../../domain/candidates';
import { sha256 } from '../../platform/crypto';
import { batchReads, itemRead, readBatch, type BatchRead } from '../../data/batch-get';
import { fromItem as candidateFromItem, getCandidateByToken, type Candidate } from '../../data/candidates/candidate';
import { keys } from '../../data/keys';
import { badRequest, conflict, notFound } from '../../platform/errors';

/**
 * The candidate side's only credential is the interview token: it reaches exactly its own
 * candidate. An unknown, withdrawn or expired link is a 404 with one message for all three.
 */
export const INTERVIEW_NOT_FOUND =
  'This interview link is not valid any more. It may have expired or been withdrawn. Please contact the company that invited you.';
export const APPLY_LINK_NOT_FOUND = 'This application link is not valid any more. Please contact the company.';
export const INTERVIEW_COMPLETED = 'You have already completed this interview. Thank you!';
export const RECORDING_NOT_FOUND = 'This recording is no longer open. Record the answer again.';
export const QUESTION_ANSWERED = 'This question has already been answered.';

/** A question of the candidate's interview by its index, or the refusal that there is none. */
export const questionOf = (candidate: Candidate, questionIndex: number) => {
  const question = candidate.interview.questions[questionIndex];
  if (!question) throw badRequest('There is no such question in this interview.', 'unknown_question');
  return question;
};

const checked = (candidate: Candidate | null, now: Date): Candidate => {
  if (!candidate || (candidate.currentStatus === 'invited' && isExpired(candidate.expiresAt, now)))
    throw notFound(INTERVIEW_NOT_FOUND, 'interview_not_found');
  return candidate;
};

/** For recording calls: the interview must still be in progress. */
const open = (candidate: Candidate): Candidate => {
  if (candidate.currentStatus !== 'invited') throw conflict(INTERVIEW_COMPLETED, 'interview_completed');
  return candidate;
};

export const requireInterview = async (token: string, now = new Date()): Promise<Candidate> => checked(await getCandidateByToken(token), now);

export const requireOpenInterview = async (token: string): Promise<Candidate> => open(await requireInterview(token));

/**
 * The interview of a token, and items of the candidate's whose keys the candidate's id gives (a
 * recording attempt, say) or their position's id (the token item names both; tokens from before it
 * named the position give null): the token item names the candidate, so the candidate and those items
 * are read in one strongly consistent BatchGetItem after it (two rounds of reads, whatever the
 * call needs). `batched` is handed out only once the interview passed the check (`open`: it is
 * still in progress), with the same refusals as requireInterview and requireOpenInterview.
 */
export const requireInterviewWith = async <B>(
  token: string,
  batch: (candidateId: string, positionId: string | null) => BatchRead<B>,
  options: { open?: boolean; now?: Date } = {},
): Promise<{ candidate: Candidate; batched: B }> => {
  const ids = await readBatch(
    itemRead(keys.interviewToken(sha256(token)), (item) =>
      typeof item.candidateId === 'string'
        ? { candidateId: item.candidateId, positionId: typeof item.positionId === 'string' ? item.positionId : null }
        : null,
    ),
    { consistent: true },
  );
  if (!ids) throw notFound(INTERVIEW_NOT_FOUND, 'interview_not_found');
  const [found, batched] = await readBatch(
    batchReads(itemRead(keys.candidate(ids.candidateId), candidateFromItem), batch(ids.candidateId, ids.positionId)),
    { consistent: true },
  );
  const candidate = checked(found, options.now ?? new Date());
  return { candidate: options.open ? open(candidate) : candidate, batched };
};
