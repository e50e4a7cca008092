/** Pacing and interview limits (spec §5, §9): wire rules the server validates and the SPA's editors show. */
/**
 * Pacing options and defaults (spec §9). In selectors, -1 means unlimited; it is stored as null.
 */
const minutes = Array.from({ length: 10 }, (_, i) => (i + 1) * 60);

export const THINKING_TIME_OPTIONS = [0, 15, 30, 45, ...minutes] as const; // plus unlimited (null)
export const ANSWER_TIME_OPTIONS = [15, 30, 45, ...minutes] as const; // no unlimited
export const RETAKE_OPTIONS = [0, 1, 2, 3] as const; // plus unlimited (null)
export const UNLIMITED = -1;

export const DEFAULT_PACING = { thinkingTime: 30, answerTime: 120, retakes: 0 } as const;

export const QUESTION_TITLE_MAX = 140;
export const QUESTION_CONTENT_MAX = 280;
export const OUTRO_TITLE_MAX = 50;
export const OUTRO_CONTENT_MAX = 250;
export const JOB_TITLE_MAX = 120;
export const MAX_QUESTIONS = 30;

/** Selector value ↔ stored value: -1 (unlimited) is stored as null. */
export const toStored = (value: number): number | null => (value === UNLIMITED ? null : value);
export const toSelector = (value: number | null): number => (value === null ? UNLIMITED : value);

/** A question needs a video or a non-empty title (spec §5). */
export const isQuestionComplete = (q: { title?: string | null; videoGroupId?: string | null }) => Boolean(q.videoGroupId) || Boolean(q.title?.trim());

/**
 * The longest an interview's timed parts can take (issue 29: the wizard's step 3 and the candidate's
 * welcome): each question's thinking time plus its longest answer, at stored pacing (null =
 * unlimited). An unlimited part adds nothing and is named, so the wording can say "plus".
 */
export const interviewTimeEstimate = (questions: number, pacing: { thinkingTime: number | null; answerTime: number | null }) => ({
  seconds: questions * ((pacing.thinkingTime ?? 0) + (pacing.answerTime ?? 0)),
  unlimitedThinking: pacing.thinkingTime === null,
  unlimitedAnswers: pacing.answerTime === null,
});
