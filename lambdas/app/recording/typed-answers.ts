import type { Device } from '../../domain/reports';
import type { KnockoutRecord } from '../../contracts/answer-types';
import { choiceProblem, knockoutOf, textAnswerProblem } from '../../domain/answers';
import { recordAnswer, type AnswerWrite } from '../../data/candidates/answers';
import { writeTranscriptIndex } from '../../data/candidates/transcript-index';
import { ConditionFailed } from '../../data/transaction';
import { writtenIndex } from '../../domain/transcript-search';
import { AnswerRefused, getCandidate, questionKey, type Candidate } from '../../data/candidates/candidate';
import { saveDraft } from '../../data/candidates/drafts';
import { readItem } from '../../data/request-reads';
import { keys } from '../../data/keys';
import { newId } from '../../platform/crypto';
import { badRequest, conflict } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { INTERVIEW_COMPLETED, QUESTION_ANSWERED, questionOf, requireInterview, requireOpenInterview } from '../access/interview';
import { announceStart } from './answers';
import { announceAnswer } from './submit';

/**
 * Typed answers (issue 39): a text question's text (its draft kept while typed) and a choice
 * question's picked options, held to the question's rules (domain/answers.ts) and recorded as the
 * last recording is (recordAnswer: the last answer completes the interview in the same transaction
 * as the position's counts). A knockout option picked flags the candidate for the team, or ends
 * the interview there when the position says so: the candidate is then responded with the
 * questions left unanswered, and reads the position's message.
 */
type TypedAnswer = { text: string } | { optionIds: string[] };

/** The draft of a text answer, saved while the candidate types; only for an open interview's text question not answered yet. */
export const saveAnswerDraft = async (token: string, questionIndex: number, text: string) => {
  const candidate = await requireOpenInterview(token);
  if (questionOf(candidate, questionIndex).answer.answerType !== 'text')
    throw badRequest('This question is not answered in writing.', 'wrong_answer_type');
  if (candidate.answers[questionKey(questionIndex)]) throw conflict(QUESTION_ANSWERED, 'answered');
  return { savedAt: await saveDraft(candidate.candidateId, questionIndex, text) };
};

/** What the candidate reads after a knockout that ended their interview (null otherwise). */
const knockedOutView = (candidate: Candidate, knockout: KnockoutRecord | null) =>
  knockout ? { ended: knockout.ended, message: knockout.ended ? candidate.interview.knockout.message : null } : null;

/**
 * A text answer's words in "Find in answers" (issue 39), indexed as a transcript's are
 * (data/candidates/transcript-index.ts: the answer item records the tokens, so deleting the
 * candidate deletes them), once it is recorded; a preview's answers are in no list. Safe to
 * repeat; a candidate deleted meanwhile (the answer item gone) leaves nothing to index.
 */
const indexWrittenAnswer = async (candidate: Candidate, answerId: string, questionIndex: number, text: string) => {
  if (candidate.preview) return;
  const answer = { answerId, candidateId: candidate.candidateId, positionId: candidate.positionId, questionIndex, tokens: [], written: true };
  try {
    await writeTranscriptIndex(answer, writtenIndex(text), []);
  } catch (error) {
    if (!(error instanceof ConditionFailed && error.step === 'answer')) throw error;
  }
};

/**
 * Whether a stored answer is the one sent again (a retried request): the same options, or the same
 * text. A text answer recorded but not indexed (the request that recorded it failed after) is
 * indexed now.
 */
const sameAnswer = async (candidate: Candidate, questionIndex: number, body: TypedAnswer) => {
  const stored = candidate.answers[questionKey(questionIndex)]!;
  if ('optionIds' in body) return [...(stored.optionIds ?? [])].sort().join() === [...body.optionIds].sort().join();
  const item = await readItem(keys.answer(candidate.candidateId, questionIndex), { consistent: true });
  if (item?.text !== body.text) return false;
  if (!Array.isArray(item.transcriptTokens)) await indexWrittenAnswer(candidate, stored.answerId, questionIndex, body.text);
  return true;
};

/** The answer's refusal by the question's rules, or what it records. */
const answerFor = (candidate: Candidate, questionIndex: number, body: TypedAnswer, now: Date): AnswerWrite => {
  const { answer: spec } = questionOf(candidate, questionIndex);
  const answerId = newId();
  if (spec.answerType === 'text') {
    if (!('text' in body)) throw badRequest('This question is answered in writing: send its text.', 'wrong_answer_type');
    const problem = textAnswerProblem(spec, body.text);
    if (problem) throw badRequest(problem, 'invalid_answer');
    return {
      answerId,
      questionIndex,
      item: { answerType: spec.answerType, text: body.text },
      summary: { answerId, answerType: spec.answerType },
      draft: true,
    };
  }
  if (spec.answerType === 'single_choice' || spec.answerType === 'multiple_choice') {
    if (!('optionIds' in body)) throw badRequest('This question is answered by choosing: send the options picked.', 'wrong_answer_type');
    const problem = choiceProblem(spec, body.optionIds);
    if (problem) throw badRequest(problem, 'invalid_answer');
    // In the question's order, whatever order they came in.
    const optionIds = spec.options.map((o) => o.optionId).filter((id) => body.optionIds.includes(id));
    const knockedOutBy = knockoutOf(spec, optionIds);
    const ends = knockedOutBy.length > 0 && candidate.interview.knockout.action === 'end';
    const knockout: KnockoutRecord | undefined =
      knockedOutBy.length > 0 && !candidate.knockout ? { questionIndex, optionLabels: knockedOutBy, ended: ends, at: now.toISOString() } : undefined;
    return {
      answerId,
      questionIndex,
      item: { answerType: spec.answerType, optionIds },
      summary: { answerId, answerType: spec.answerType, optionIds },
      ...(knockout ? { knockout } : {}),
      ends,
    };
  }
  throw badRequest('This question is answered with a recording or a file.', 'wrong_answer_type');
};

/**
 * Submits a typed answer. Safe to repeat: the same answer sent again after it was recorded answers
 * the same; a different one is refused (409 answered).
 */
export const submitTypedAnswer = async (token: string, questionIndex: number, body: TypedAnswer, log: Logger, device: Device, now = new Date()) => {
  const candidate = await requireInterview(token, now);
  questionOf(candidate, questionIndex);
  if (candidate.answers[questionKey(questionIndex)]) {
    if (!(await sameAnswer(candidate, questionIndex, body))) throw conflict(QUESTION_ANSWERED, 'answered');
    return { completed: candidate.currentStatus !== 'invited', knockedOut: knockedOutView(candidate, candidate.knockout) };
  }
  if (candidate.currentStatus !== 'invited') throw conflict(INTERVIEW_COMPLETED, 'interview_completed');
  const answer = answerFor(candidate, questionIndex, body, now);

  let completed: boolean;
  try {
    ({ completed } = await recordAnswer(candidate, answer, now));
  } catch (error) {
    if (!(error instanceof AnswerRefused)) throw error;
    // A repeat that raced the first, or the interview moved on meanwhile.
    const current = await getCandidate(candidate.candidateId);
    if (current?.answers[questionKey(questionIndex)] && (await sameAnswer(current, questionIndex, body)))
      return { completed: current.currentStatus !== 'invited', knockedOut: knockedOutView(current, current.knockout) };
    throw conflict('This answer could not be saved because the interview changed meanwhile. Reload the page.', 'interview_changed');
  }
  if ('text' in body) await indexWrittenAnswer(candidate, answer.answerId, questionIndex, body.text);
  // Their first answer of any kind: the interview has started (issue 38), once.
  if (!candidate.preview && candidate.answeredCount === 0 && Object.keys(candidate.attempts).length === 0)
    await announceStart(candidate, log, device);
  await announceAnswer(candidate, questionIndex, completed, log);
  return { completed, knockedOut: knockedOutView(candidate, answer.knockout ?? candidate.knockout) };
};
