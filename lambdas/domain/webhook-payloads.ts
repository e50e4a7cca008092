import { paths } from '../contracts/app-paths';
import type { CandidateStatus, PositionStatus } from '../contracts/vocabulary';
import { WEBHOOK_TEST_EVENT, type CandidateDeletionReason, type WebhookEventData } from '../contracts/webhook-events';

/**
 * The `data` of each webhook event (lambdas/contracts/webhook-events.ts) from what the product
 * stores, as pure functions: the use cases call them after the write that caused the event, with the
 * records as they now are. A candidate's payload carries what the API's candidate read shows, no
 * more; a deleted candidate's carries ids only.
 */

/** A full link to one of the SPA's routes (an app-paths `to`), at the stage's origin (platform/app-origin.ts linkAt). */
export type AppLink = (to: string) => string;

/** What a candidate's events read of the stored candidate (data/candidates/candidate.ts Candidate has it all). */
export interface WebhookCandidateRecord {
  candidateId: string;
  companyId: string;
  positionId: string;
  candidateName: string;
  email: string | null;
  currentStatus: CandidateStatus;
  jobTitle: string;
  interviewToken: string;
  completedAt: string | null;
  interview: { questions: readonly { title: string; content: string }[] };
  /** Submitted answers by question (`q{index}`). */
  answers: Readonly<Record<string, { answerId: string }>>;
}

export interface WebhookPositionRecord {
  positionId: string;
  companyId: string;
  jobTitle: string;
  currentStatus: PositionStatus;
}

const candidateFields = (candidate: WebhookCandidateRecord, link: AppLink) => ({
  candidateId: candidate.candidateId,
  candidateName: candidate.candidateName,
  email: candidate.email,
  positionId: candidate.positionId,
  jobTitle: candidate.jobTitle,
  currentStatus: candidate.currentStatus,
  interviewHref: link(paths.interview.to(candidate.interviewToken)),
});

const candidateHref = (candidate: WebhookCandidateRecord, link: AppLink) =>
  link(paths.candidate.to(candidate.companyId, candidate.positionId, candidate.candidateId));

const answerHref = (candidate: Pick<WebhookCandidateRecord, 'companyId' | 'positionId' | 'candidateId'>, answerId: string, link: AppLink) =>
  link(paths.candidate.to(candidate.companyId, candidate.positionId, candidate.candidateId, { answer: answerId }));

/** The question at `index` as the candidate was asked it (empty texts for one the interview no longer has). */
const questionAt = (candidate: Pick<WebhookCandidateRecord, 'interview'>, index: number) => {
  const question = candidate.interview.questions[index];
  return { index, title: question?.title ?? '', content: question?.content ?? '' };
};

/** `q3` → 3; anything else is no answer key. */
const questionIndexOf = (key: string): number | null => (/^q\d+$/.test(key) ? Number(key.slice(1)) : null);

export const candidateInvitedData = (candidate: WebhookCandidateRecord, link: AppLink): WebhookEventData<'candidate.invited'> =>
  candidateFields(candidate, link);

export const candidateStartedData = (candidate: WebhookCandidateRecord, startedAt: string, link: AppLink): WebhookEventData<'candidate.started'> => ({
  ...candidateFields(candidate, link),
  startedAt,
});

/** The completed candidate with their answers in question order, each linked on the team's candidate page. */
export const candidateCompletedData = (
  candidate: WebhookCandidateRecord & { completedAt: string },
  link: AppLink,
): WebhookEventData<'candidate.completed'> => ({
  ...candidateFields(candidate, link),
  completedAt: candidate.completedAt,
  candidateHref: candidateHref(candidate, link),
  answers: Object.entries(candidate.answers)
    .flatMap(([key, answer]) => {
      const index = questionIndexOf(key);
      return index === null ? [] : [{ index, answerId: answer.answerId }];
    })
    .sort((a, b) => a.index - b.index)
    .map(({ index, answerId }) => ({ answerId, question: questionAt(candidate, index), answerHref: answerHref(candidate, answerId, link) })),
});

/** `candidate` as it is after the change (its status is `to`), `from` the status before. */
export const candidateStatusChangedData = (
  candidate: WebhookCandidateRecord,
  change: { from: CandidateStatus; to: CandidateStatus },
  link: AppLink,
): WebhookEventData<'candidate.status_changed'> => ({
  ...candidateFields({ ...candidate, currentStatus: change.to }, link),
  candidateHref: candidateHref(candidate, link),
  from: change.from,
  to: change.to,
});

/** Ids only: the candidate and everything of theirs is gone, their personal data is not sent again. */
export const candidateDeletedData = (
  candidate: Pick<WebhookCandidateRecord, 'candidateId' | 'positionId'>,
  reason: CandidateDeletionReason,
): WebhookEventData<'candidate.deleted'> => ({ candidateId: candidate.candidateId, positionId: candidate.positionId, reason });

export const positionData = (position: WebhookPositionRecord, link: AppLink): WebhookEventData<'position.created' | 'position.closed'> => ({
  positionId: position.positionId,
  jobTitle: position.jobTitle,
  currentStatus: position.currentStatus,
  positionHref: link(paths.position.to(position.companyId, position.positionId)),
});

export const answerProcessedData = (
  candidate: Pick<WebhookCandidateRecord, 'candidateId' | 'companyId' | 'positionId' | 'interview'>,
  answer: { answerId: string; questionIndex: number; status: 'ready' | 'failed' },
  link: AppLink,
): WebhookEventData<'answer.processed'> => ({
  answerId: answer.answerId,
  candidateId: candidate.candidateId,
  positionId: candidate.positionId,
  question: questionAt(candidate, answer.questionIndex),
  status: answer.status,
  answerHref: answerHref(candidate, answer.answerId, link),
});

export const webhookTestData = (endpointId: string): WebhookEventData<typeof WEBHOOK_TEST_EVENT> => ({
  endpointId,
  message: 'This is a test event: your endpoint receives and verifies our deliveries.',
});
