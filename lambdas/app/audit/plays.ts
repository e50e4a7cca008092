import { findAnswer } from '../../data/candidates/answers';
import { getCompany } from '../../data/companies';
import { notFound } from '../../platform/errors';
import { alongside } from '../access/alongside';
import { callerId, type Caller } from '../access/caller';
import { requireCandidateAccessAt } from '../access/candidate';
import { recordAudit } from './record';

/**
 * A member started playing an answer (the page says so once per answer and page view): recorded in
 * the company's audit log. The same access as rating it: the answer (alongside the session check),
 * then the candidate, position and membership in one BatchGetItem alongside the company.
 */
export const recordAnswerPlay = async (answerId: string, caller: Caller): Promise<void> => {
  const [userId, answer] = await alongside(callerId(caller), findAnswer(answerId));
  if (!answer) throw notFound('Answer not found.');
  const { candidate, read: company } = await requireCandidateAccessAt(answer, userId, getCompany);
  await recordAudit({
    companyId: candidate.companyId,
    action: 'played',
    actor: { userId },
    candidateId: candidate.candidateId,
    positionId: candidate.positionId,
    detail: `question ${answer.questionIndex + 1}`,
    retentionMonths: company?.retentionMonths ?? null,
  });
};
