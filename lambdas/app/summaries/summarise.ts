import { converseWithTool, summaryModelId } from '../../adapters/bedrock';
import { sendMail } from '../../adapters/mail';
import { readJson } from '../../adapters/storage';
import { mediaKeys } from '../../adapters/storage-layout';
import { paths } from '../../contracts/app-paths';
import { summaryMonth, type StoredAnswerSummary, type StoredSummaryOverview, type SummaryStatus } from '../../contracts/summaries';
import { findAnswer } from '../../data/candidates/answers';
import { getCandidate, type Candidate } from '../../data/candidates/candidate';
import { companySummarySetting, getCompany } from '../../data/companies';
import { getMedia } from '../../data/media';
import { listMembers } from '../../data/members';
import {
  addSummaryUsage,
  answerSummariesOf,
  markSummariesPaused,
  readSummaryUsage,
  storeAnswerSummary,
  storeSummaryOverview,
} from '../../data/summaries';
import { summariesPausedEmail } from '../../domain/emails/summaries-paused';
import { wordsFromTranscribe, type TimedWord } from '../../domain/media';
import {
  answerPrompt,
  checkCitations,
  checkOverview,
  overBudget,
  overviewPrompt,
  overviewToolSpec,
  parseOverviewInput,
  parseSummaryInput,
  parseTokenBudget,
  summaryToolSpec,
  transcriptLines,
  type OverviewSource,
  type TokenUsage,
} from '../../domain/summaries';
import { appLink } from '../../platform/app-origin';
import { readEnv } from '../../platform/env';
import { describeError, logger, type Logger } from '../../platform/logger';
import { companyCount, count, metricNames, seconds } from '../../platform/metrics';

/**
 * The media pipeline's summarising step (issue 41), after the transcript: when the answer's company
 * has summaries on and the month's tokens are under its budget, the model (Bedrock's Converse, one
 * tool) writes 2–5 points of what was said, each citing a second and the words said there; every
 * point that fails the citation check is dropped (counted), the rest stored on the answer, and the
 * candidate's overview redone from all their ready answer summaries. It never fails the answer: a
 * failed call is stored as `unavailable` (counted in SummariesFailed, which alarms) and the step
 * returns. Off: nothing is read beyond the setting and nothing is sent.
 */
export type SummariseResult = { skipped: 'no-answer' | 'off' | 'no-transcript' } | { status: SummaryStatus; points: number; droppedPoints: number };

const questionTitle = (candidate: Candidate, questionIndex: number): string => candidate.interview.questions[questionIndex]?.title ?? '';

/** The answer's timed words (Transcribe's JSON, which the local recognizer writes too); none without a transcript. */
const transcriptWords = async (mediaId: string): Promise<TimedWord[]> => {
  const transcribed = await readJson(mediaKeys(mediaId).transcriptSource);
  return transcribed ? wordsFromTranscribe(transcribed as Parameters<typeof wordsFromTranscribe>[0]) : [];
};

const durationOf = (durationMillis: number | null, words: readonly TimedWord[]): number =>
  durationMillis !== null ? durationMillis / 1000 : (words[words.length - 1]?.end ?? 0);

const mailOwnersPaused = async (companyId: string, month: string, budgetTokens: number, log: Logger): Promise<void> => {
  try {
    const [company, { members }, settingsHref] = await Promise.all([
      getCompany(companyId),
      listMembers(companyId),
      appLink(paths.company.to(companyId)),
    ]);
    const owners = members.filter((member) => member.userRole === 'owner');
    await Promise.all(
      owners.map((owner) =>
        sendMail(summariesPausedEmail({ to: owner.email, companyName: company?.companyName ?? 'your company', month, budgetTokens, settingsHref })),
      ),
    );
  } catch (error) {
    // The pause stands (and is shown in the settings); the mail is not retried.
    log.error('summaries paused mail not sent', { companyId, ...describeError(error) });
  }
};

/** The month is paused when its tokens reached the budget (or an earlier call marked it); the first to find it so mails the owners. */
const pausedNow = async (companyId: string, month: string, usage: TokenUsage & { pausedAt?: string }, budget: number, log: Logger, now: Date) => {
  if (!usage.pausedAt && !overBudget(usage, budget)) return false;
  if (!usage.pausedAt && (await markSummariesPaused(companyId, month, budget, now))) {
    log.info('summaries paused: the monthly token budget is reached', { companyId, month, budget });
    await mailOwnersPaused(companyId, month, budget, log);
  }
  return true;
};

/** Records a call's tokens (the usage item, ADDed; the per-company metrics) and pauses the month if they reach the budget. */
const recordUsage = async (companyId: string, month: string, tokens: TokenUsage, budget: number, log: Logger, now: Date) => {
  companyCount(metricNames.summaryInputTokens, tokens.inputTokens, companyId, now);
  companyCount(metricNames.summaryOutputTokens, tokens.outputTokens, companyId, now);
  const after = await addSummaryUsage(companyId, month, tokens, budget);
  await pausedNow(companyId, month, after, budget, log, now);
};

interface Context {
  companyId: string;
  month: string;
  budget: number;
  log: Logger;
  now: Date;
}

/** The candidate's overview from all their ready answer summaries (one call, tool record_overview), its lines checked like points. */
const redoOverview = async (candidate: Candidate, ctx: Context): Promise<void> => {
  const answers = (await answerSummariesOf(candidate.candidateId)).filter((a) => a.summary?.status === 'ready' && a.summary.points.length > 0);
  if (answers.length === 0) return;
  const createdAt = ctx.now.toISOString();
  const store = (overview: StoredSummaryOverview) => storeSummaryOverview(candidate.candidateId, overview);
  if (await pausedNow(ctx.companyId, ctx.month, await readSummaryUsage(ctx.companyId, ctx.month), ctx.budget, ctx.log, ctx.now)) {
    await store({ status: 'paused', lines: [], createdAt });
    return;
  }
  const summarised = answers.map((a) => ({
    questionIndex: a.questionIndex,
    title: questionTitle(candidate, a.questionIndex),
    points: a.summary!.points,
  }));
  let reply;
  try {
    reply = await converseWithTool(overviewToolSpec, overviewPrompt(summarised));
  } catch (error) {
    count(metricNames.summariesFailed);
    ctx.log.error('overview not written: the model call failed', { candidateId: candidate.candidateId, ...describeError(error) });
    await store({ status: 'unavailable', lines: [], createdAt });
    return;
  }
  await recordUsage(ctx.companyId, ctx.month, reply.usage, ctx.budget, ctx.log, ctx.now);
  const lines = parseOverviewInput(reply.input);
  if (lines === null) {
    count(metricNames.summariesFailed);
    ctx.log.error('overview not written: the model did not answer with the tool', { candidateId: candidate.candidateId });
    await store({ status: 'unavailable', lines: [], createdAt });
    return;
  }
  const sources: OverviewSource[] = await Promise.all(
    answers.map(async (a) => {
      const [media, words] = await Promise.all([getMedia(a.mediaId), transcriptWords(a.mediaId)]);
      return {
        questionIndex: a.questionIndex,
        durationSeconds: durationOf(media?.durationMillis ?? null, words),
        points: a.summary!.points,
        transcript: { words },
      };
    }),
  );
  const { kept, dropped } = checkOverview(lines, sources);
  if (dropped > 0) count(metricNames.summaryPointsDropped, dropped);
  await store({ status: kept.length > 0 ? 'ready' : 'unavailable', lines: kept, createdAt });
};

/** The answer and its company, when the media is still an answer's of a candidate who is no preview. */
const answerOfMedia = async (mediaId: string) => {
  const media = await getMedia(mediaId);
  const answer = media ? await findAnswer(media.mediaGroupId) : null;
  if (!media || !answer || answer.mediaId !== mediaId) return null;
  const candidate = await getCandidate(answer.candidateId);
  if (!candidate || candidate.preview) return null;
  return { media, answer, candidate };
};

const storedSummary = (
  input: { transcriptVersion: string },
  now: Date,
  status: SummaryStatus,
  points: StoredAnswerSummary['points'] = [],
  droppedPoints = 0,
): StoredAnswerSummary => ({
  status,
  points,
  droppedPoints,
  model: summaryModelId(),
  transcriptVersion: input.transcriptVersion,
  createdAt: now.toISOString(),
});

/**
 * The state machine's SummaryUnavailable: the summarising task failed after its retries (a timeout, an
 * error of its own reads or writes). Counted in SummariesFailed, and the answer's summary marked
 * unavailable when its company has summaries on.
 */
export const recordSummaryFailed = async (
  input: { mediaId: string; transcriptVersion: string },
  log: Logger = logger,
  now = new Date(),
): Promise<SummariseResult> => {
  count(metricNames.summariesFailed);
  const found = await answerOfMedia(input.mediaId);
  if (!found) return { skipped: 'no-answer' };
  if (!(await companySummarySetting(found.candidate.companyId)).enabled) return { skipped: 'off' };
  log.error('summary not written: the summarising task failed', { answerId: found.answer.answerId });
  await storeAnswerSummary(found.answer.candidateId, found.answer.questionIndex, found.answer.answerId, storedSummary(input, now, 'unavailable'));
  return { status: 'unavailable', points: 0, droppedPoints: 0 };
};

export const summariseAnswer = async (
  input: { mediaId: string; transcriptVersion: string },
  log: Logger = logger,
  now = new Date(),
): Promise<SummariseResult> => {
  const found = await answerOfMedia(input.mediaId);
  if (!found) return { skipped: 'no-answer' };
  const { media, answer, candidate } = found;
  const companyId = candidate.companyId;
  if (!(await companySummarySetting(companyId)).enabled) return { skipped: 'off' };
  const words = await transcriptWords(input.mediaId);
  if (words.length === 0) return { skipped: 'no-transcript' };

  const ctx: Context = {
    companyId,
    month: summaryMonth(now),
    budget: parseTokenBudget(readEnv('SUMMARY_MONTHLY_TOKEN_BUDGET').SUMMARY_MONTHLY_TOKEN_BUDGET),
    log,
    now,
  };
  const stored = (status: SummaryStatus, points: StoredAnswerSummary['points'] = [], droppedPoints = 0) =>
    storedSummary(input, now, status, points, droppedPoints);
  const store = (summary: StoredAnswerSummary) => storeAnswerSummary(answer.candidateId, answer.questionIndex, answer.answerId, summary);

  if (await pausedNow(companyId, ctx.month, await readSummaryUsage(companyId, ctx.month), ctx.budget, log, now)) {
    await store(stored('paused'));
    return { status: 'paused', points: 0, droppedPoints: 0 };
  }

  const started = Date.now();
  const durationSeconds = durationOf(media.durationMillis, words);
  const lines = transcriptLines(words);
  let reply;
  try {
    reply = await converseWithTool(summaryToolSpec, answerPrompt(questionTitle(candidate, answer.questionIndex), durationSeconds, lines));
  } catch (error) {
    count(metricNames.summariesFailed);
    log.error('summary not written: the model call failed', { answerId: answer.answerId, ...describeError(error) });
    await store(stored('unavailable'));
    return { status: 'unavailable', points: 0, droppedPoints: 0 };
  }
  await recordUsage(companyId, ctx.month, reply.usage, ctx.budget, log, now);
  const parsed = parseSummaryInput(reply.input);
  if (parsed === null) {
    count(metricNames.summariesFailed);
    log.error('summary not written: the model did not answer with the tool', { answerId: answer.answerId });
    await store(stored('unavailable'));
    return { status: 'unavailable', points: 0, droppedPoints: 0 };
  }
  const { kept, dropped } = checkCitations(parsed.points, { words }, durationSeconds);
  const droppedPoints = dropped + parsed.malformed;
  if (droppedPoints > 0) count(metricNames.summaryPointsDropped, droppedPoints);
  const status: SummaryStatus = kept.length > 0 ? 'ready' : 'unavailable';
  if (!(await store(stored(status, kept, droppedPoints)))) return { skipped: 'no-answer' };
  seconds(metricNames.summarySeconds, (Date.now() - started) / 1000);
  log.info('answer summarised', { answerId: answer.answerId, status, points: kept.length, droppedPoints });

  try {
    await redoOverview(candidate, ctx);
  } catch (error) {
    // The answer's summary is stored; the overview is redone with the candidate's next summary.
    log.error('overview not redone', { candidateId: candidate.candidateId, ...describeError(error) });
  }
  return { status, points: kept.length, droppedPoints };
};
