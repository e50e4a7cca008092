import { paths } from '../../contracts/app-paths';
import { integrationForms } from '../../contracts/integrations';
import { resultNote, retryDelayMs, type NoteAnswers } from '../../domain/integrations';
import { answerInWords, knockoutInWords } from '../../domain/answer-text';
import { answerTextsRead } from '../../data/candidates/answers';
import { readBatch } from '../../data/batch-get';
import { appLink } from '../../platform/app-origin';
import { AtsRequestFailed, atsAdapters } from '../../adapters/ats';
import { getCandidate, type Candidate } from '../../data/candidates/candidate';
import { dueResults, settleResult, type PendingResult, type WriteBack } from '../../data/integrations/results';
import { getIntegration } from '../../data/integrations/integration';
import { describeError, type Logger } from '../../platform/logger';
import { count, metricNames } from '../../platform/metrics';
import { connectionOf } from './credentials';

/**
 * Results back to the ATS (issue 16 "Back"): a response, a shortlist or a reject is planned in the
 * transaction that makes it (db/candidates), and this job writes it to the candidate's ATS profile:
 * a note with the link to the answers (greenhouse, with automaticStageTransitions, also moves the
 * application on when the candidate responds). A failure is retried with backoff, then shown as
 * failed on the candidate's integration panel; never dropped silently.
 */
/** Words for a question the candidate did not answer (a knockout ended their interview before it). */
export const NOT_ANSWERED = '(not answered)';

/**
 * What a response's note says of the answers (issue 39): every question of the candidate's
 * interview with its answer in words (text answers' words read from their answer items, one
 * BatchGetItem), and why a knockout stopped them.
 */
const noteAnswers = async (candidate: Candidate): Promise<NoteAnswers> => {
  const texts = await readBatch(answerTextsRead(candidate));
  return {
    answers: candidate.interview.questions.map((question, questionIndex) => {
      const answer = candidate.answers[`q${questionIndex}`];
      return {
        questionIndex,
        title: question.title,
        words: answer
          ? answerInWords(question.answer, {
              answerType: answer.answerType ?? 'video',
              text: texts.get(questionIndex) ?? null,
              optionIds: answer.optionIds ?? null,
              fileName: answer.fileName ?? null,
            })
          : NOT_ANSWERED,
      };
    }),
    knockout: candidate.knockout ? knockoutInWords(candidate.knockout, candidate.interview.questions[candidate.knockout.questionIndex]?.title) : null,
  };
};

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

const deliver = async (result: PendingResult, now: Date, log: Logger): Promise<WriteBack['status'] | 'dropped'> => {
  const [candidate, record] = await Promise.all([getCandidate(result.candidateId), getIntegration(result.integrationId)]);
  const at = now.toISOString();
  if (!candidate?.integration) {
    await settleResult(result, null);
    return 'dropped';
  }
  // The panel shows the latest event: an older one settling later leaves it as it is.
  const panel = (writeBack: Omit<WriteBack, 'event' | 'updatedAt'>): WriteBack | null =>
    candidate.integration?.writeBack?.event === result.event ? { ...writeBack, event: result.event, updatedAt: at } : null;
  const { name } = integrationForms[candidate.integration.integrationType];
  if (!record) {
    await settleResult(result, panel({ status: 'failed', attempts: result.attempts, lastError: `The ${name} integration was removed.` }));
    return 'failed';
  }
  const attempts = result.attempts + 1;
  try {
    const { connection } = await connectionOf(record);
    const answersHref = await appLink(paths.candidate.to(candidate.companyId, candidate.positionId, candidate.candidateId));
    await atsAdapters[record.integrationType].writeResult(connection, candidate.integration.ref, {
      event: result.event,
      note: resultNote(
        result.event,
        candidate.candidateName,
        candidate.jobTitle,
        answersHref,
        result.event === 'responded' ? await noteAnswers(candidate) : undefined,
      ),
      answersHref,
      advanceStage: record.automaticStageTransitions && result.event === 'responded',
    });
    await settleResult(result, panel({ status: 'delivered', attempts, lastError: null }));
    return 'delivered';
  } catch (error) {
    const retryable = !(error instanceof AtsRequestFailed) || error.retryable;
    const delay = retryable ? retryDelayMs(attempts) : null;
    log.warn('ATS result not written', {
      candidateId: result.candidateId,
      event: result.event,
      attempts,
      retrying: delay !== null,
      ...describeError(error),
    });
    if (delay !== null) {
      await settleResult(result, panel({ status: 'retrying', attempts, lastError: reason(error) }), new Date(now.getTime() + delay).toISOString());
      return 'retrying';
    }
    await settleResult(result, panel({ status: 'failed', attempts, lastError: reason(error) }));
    return 'failed';
  }
};

/** Writes back the results that are due (a page per run; the schedule runs every minute). */
export const deliverDueResults = async (now: Date, log: Logger) => {
  const counts: Record<string, number> = { delivered: 0, retrying: 0, failed: 0, dropped: 0 };
  for (const result of await dueResults(now)) {
    const outcome = await deliver(result, now, log);
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  // The stage's alarm watches this figure (lib/constructs/monitoring.ts); a run with none writes no line.
  if (counts.failed! > 0) count(metricNames.atsWriteBackFailed, counts.failed);
  return counts;
};
