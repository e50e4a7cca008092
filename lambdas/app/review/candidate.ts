import { averageRating } from '../../domain/candidates';
import { retentionClock, retentionDueAt, type RetentionMonths } from '../../domain/retention';
import { neighboursOf } from '../../data/candidates/lists';
import { markReviewed, submittedAnswers } from '../../data/candidates/candidate';
import { auditOpeningStep, auditRetentionRead } from '../../data/audit';
import { ConditionFailed } from '../../data/transaction';
import { batchReads } from '../../data/batch-get';
import { answerSummariesRead } from '../../data/candidates/answers';
import { companySummariesRead } from '../../data/companies';
import { answerSummaryView, overviewView } from '../../domain/summary-views';
import { auditStep, recordAudit, recordAuditOnce, type AuditRecord } from '../audit/record';
import type { Caller } from '../access/caller';
import { requireCandidateAccess, type Candidate } from '../access/candidate';
import { answerContent, answerContentsRead, describeAnswers } from './answers';
import { answerPackageView } from './answer-package-view';
import { candidateSummary } from './candidate-summary';

/**
 * The view goes into the audit log: with the first opening's transaction (which marks them
 * reviewed), else on its own (also when another member's opening came first). A read that names
 * its opening (`viewId`, which the page sends with each of its reads, background refreshes
 * included) records it once: the opening's marker is written with the entry, and a read of an
 * opening already recorded writes nothing (issue 43). A read that names none is a view of its own.
 */
const recordView = async (candidate: Candidate, viewed: AuditRecord & { retentionMonths: RetentionMonths }, viewId: string | undefined) => {
  const now = new Date();
  const opening = viewId ? auditOpeningStep({ userId: viewed.actor!.userId, candidateId: candidate.candidateId, viewId }, now) : null;
  if (candidate.awaitingReview) {
    try {
      if (await markReviewed(candidate, now, opening ? [auditStep(viewed), opening] : [auditStep(viewed)])) return;
    } catch (error) {
      // That opening's view is in the log already (its first read came while another member's marked them reviewed).
      if (error instanceof ConditionFailed && error.step === 'opening') return;
      throw error;
    }
  }
  await (opening ? recordAuditOnce(viewed, opening) : recordAudit(viewed));
};

/**
 * A candidate with their questions and answers, for the team's detail page: two rounds of reads.
 * The candidate is read alongside the session check; the candidate item records each answer (its
 * id, question, type, media and rating: `submittedAnswers`), so no answer item is read but a text
 * answer's (its text) and a recorded answer's (its machine-written summary, issue 41, with the
 * company's summaries setting). Then the answers' media and texts go in the access check's BatchGetItem (with the position and the membership), alongside
 * the neighbours (three one-item Queries). The view (once per opening the page names: `viewId`)
 * goes into the company's audit log alongside the rest (the company's retention months were read
 * in the check's BatchGetItem); a responded candidate nobody had opened (the candidate item read
 * says so) is marked reviewed in the same transaction: one write, in one round after the reads.
 */
export const reviewCandidate = async (candidateId: string, caller: Caller, viewId?: string) => {
  const {
    candidate,
    position,
    membership,
    read: navigation,
    batched: [contents, retentionMonths, summarySetting, storedSummaries],
  } = await requireCandidateAccess(candidateId, caller, neighboursOf, {
    batch: (c) => batchReads(answerContentsRead(c), auditRetentionRead(c.companyId), companySummariesRead(c.companyId), answerSummariesRead(c)),
  });
  const [media] = contents;
  const answers = submittedAnswers(candidate);
  const viewed = {
    companyId: candidate.companyId,
    action: 'viewed' as const,
    actor: { userId: membership.userId },
    candidateId: candidate.candidateId,
    positionId: candidate.positionId,
    retentionMonths,
  };
  const [, summary, answerPackage, described] = await Promise.all([
    recordView(candidate, viewed, viewId),
    candidateSummary(candidate, media),
    answerPackageView(candidate, answers, position.jobTitle),
    describeAnswers(candidate, answers, contents),
  ]);
  return {
    ...summary,
    jobTitle: position.jobTitle,
    rating: averageRating(answers.map((a) => a.rating)),
    answerPackage,
    integrationType: candidate.integration?.integrationType ?? null,
    integrationAttributes: candidate.integration
      ? { profileHref: candidate.integration.profileHref, writeBack: candidate.integration.writeBack }
      : null,
    timing: candidate.timing,
    timingRequest: candidate.timingRequest,
    // When the company's retention policy deletes them (issue 28), from the months read in the check's BatchGetItem.
    deleteAfter: retentionDueAt(retentionClock(candidate.lastActiveAt, position.closedAt), retentionMonths),
    navigation,
    questions: candidate.interview.questions.map((q) => ({ title: q.title ?? null, content: q.content ?? null })),
    answers: described.map((d) => ({
      ...answerContent(d),
      rating: d.answer.rating,
      video: d.recording && d.item ? { videoGroupId: d.item.mediaGroupId, ...d.recording } : null,
      // Issue 41: null while the company has summaries off (read in the check's BatchGetItem, so switching off hides them at once).
      summary: answerSummaryView(storedSummaries.get(d.answer.questionIndex) ?? null, summarySetting, 'team'),
    })),
    summaryOverview: overviewView(candidate.summaryOverview, summarySetting, 'team'),
  };
};
