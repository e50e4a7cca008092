import { neutraliseFormula } from '../../contracts/spreadsheet';
import { averageRating } from '../../domain/candidates';
import { appOrigin, interviewHref } from '../../platform/app-origin';
import { candidatesForExport, exportedAnswerSummaries, exportedAnswerTexts, type ExportedCandidate } from '../../data/candidates/lists';
import { companySummarySetting } from '../../data/companies';
import type { StoredAnswerSummary } from '../../contracts/summaries';
import { candidateSummaryCell } from '../../domain/summary-views';
import { answerInWords, knockoutInWords } from '../../domain/answer-text';
import { requirePositionAccess } from '../access/position';
import type { Caller } from '../access/caller';
import { companyRetentionMonths } from '../../data/audit';
import { recordAudit } from '../audit/record';
import { getCriteria } from '../../data/candidates/scorecards';
import type { Criterion } from '../../contracts/scorecard';

/** A criterion's name as the position has it now (renamed since the scoring: the new name), else as it was scored. */
const criterionName = (criteria: Criterion[], c: { criterionId: string; name: string }) =>
  criteria.find((current) => current.criterionId === c.criterionId)?.name ?? c.name;

/** Whether a candidate was asked anything other than a video (issue 39): only their rows carry the answers in words. */
const asksBeyondVideo = (candidate: ExportedCandidate) => candidate.questions.some((q) => q.answer.answerType !== 'video');

/**
 * Each question's answer in words (domain/answer-text.ts), by question index, '' where not
 * answered; the text a candidate typed, a file's name and the options' labels neutralised.
 */
const answerCells = (candidate: ExportedCandidate, texts: Map<number, string> | undefined) =>
  candidate.questions.map((question, index) => {
    const answer = candidate.answers[`q${index}`];
    if (!answer) return '';
    return neutraliseFormula(
      answerInWords(question.answer, {
        answerType: answer.answerType ?? 'video',
        text: texts?.get(index) ?? null,
        optionIds: answer.optionIds ?? null,
        fileName: answer.fileName ?? null,
      }),
    );
  });

const row = async (
  candidate: ExportedCandidate,
  criteria: Criterion[],
  texts: Map<number, string> | undefined,
  summaries: Map<string, Map<number, StoredAnswerSummary>> | null,
) => ({
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
  // Answer types (issue 39): the answers in words, and why a knockout stopped them.
  ...(asksBeyondVideo(candidate) ? { answers: answerCells(candidate, texts) } : {}),
  ...(candidate.knockout
    ? { knockedOut: neutraliseFormula(knockoutInWords(candidate.knockout, candidate.questions[candidate.knockout.questionIndex]?.title)) }
    : {}),
  // Summaries (issue 41): on every row while the company has them on (machine-written text, neutralised too).
  ...(summaries ? { summary: neutraliseFormula(candidateSummaryCell(summaries.get(candidate.candidateId))) } : {}),
});

/** The answer columns' names: each question's title as the newest candidate asked it (`sorted`: newest first). */
const questionTitles = (sorted: readonly ExportedCandidate[]) => {
  const asked = sorted.filter(asksBeyondVideo);
  const count = asked.reduce((most, c) => Math.max(most, c.questions.length), 0);
  return Array.from({ length: count }, (_, i) => neutraliseFormula(asked.find((c) => c.questions[i])?.questions[i]?.title ?? ''));
};

/**
 * Every candidate of the position, newest invite first, with their average rating: the rows of the
 * CSV download. The candidates (with the ratings their items carry) are read alongside the access
 * check (with the company's retention months, for the audit entry), in ranges of invite time at
 * once and 1 MB pages: no read per candidate; the texts of text answers (issue 39), kept on their
 * answer items, in BatchGetItems of 100 (one per 100 text answers, none when no question asks for
 * one), and their machine-written summaries (issue 41) the same way while the company has summaries
 * on (a `summary` cell per row). Text people typed
 * is neutralised against formula injection here too, so the rows are safe in whatever tool turns
 * them into a spreadsheet.
 */
export const exportCandidateRows = async (positionId: string, caller: Caller) => {
  const [
    {
      position,
      membership,
      read: [candidates, criteria, retentionMonths, summarySetting],
    },
  ] = await Promise.all([
    requirePositionAccess(positionId, caller, (position) =>
      Promise.all([
        candidatesForExport(position),
        getCriteria(position.positionId),
        companyRetentionMonths(position.companyId),
        companySummarySetting(position.companyId),
      ]),
    ),
    // The links' origin, once for every row (read from SSM at a cold start).
    appOrigin(),
  ]);
  const sorted = candidates.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const [rows] = await Promise.all([
    // Text answers' words are on their answer items: BatchGetItems of 100 (none without text answers).
    // Answer summaries (issue 41) are on the answer items too: read only while the company has summaries on.
    Promise.all([exportedAnswerTexts(sorted), summarySetting.enabled ? exportedAnswerSummaries(sorted) : null]).then(([texts, summaries]) =>
      Promise.all(sorted.map((candidate) => row(candidate, criteria, texts.get(candidate.candidateId), summaries))),
    ),
    recordAudit({
      companyId: position.companyId,
      action: 'exported',
      actor: { userId: membership.userId },
      positionId: position.positionId,
      retentionMonths,
    }),
  ]);
  const titles = questionTitles(sorted);
  return { rows, ...(titles.length > 0 ? { questions: titles } : {}) };
};
