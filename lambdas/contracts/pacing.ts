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

/** What the estimate needs of a question's answer spec (answer-types.ts): its type, and a text question's word limit. */
export interface EstimatedAnswer {
  answerType: string;
  maxWords?: number | null;
}

/** Issue 39: a typed answer is written at about 40 words a minute; with no word limit it counts 3 minutes. */
export const TEXT_WORDS_PER_MINUTE = 40;
export const TEXT_ANSWER_SECONDS_UNBOUNDED = 180;
export const CHOICE_ANSWER_SECONDS = 30;
export const FILE_ANSWER_SECONDS = 60;

type StoredPacing = { thinkingTime: number | null; answerTime: number | null };

/**
 * The longest one question can take (issue 39): a recorded one (video or audio, or no spec: video)
 * its thinking time plus its longest answer; a text one its max words at TEXT_WORDS_PER_MINUTE (3
 * minutes without a max); a choice 30 s; a file 1 minute. Only a recorded question is paced, so only
 * it can be unlimited.
 */
export const questionTimeEstimate = (answer: EstimatedAnswer | null | undefined, pacing: StoredPacing) => {
  const answerType = answer?.answerType ?? 'video';
  if (answerType === 'video' || answerType === 'audio')
    return {
      seconds: (pacing.thinkingTime ?? 0) + (pacing.answerTime ?? 0),
      unlimitedThinking: pacing.thinkingTime === null,
      unlimitedAnswers: pacing.answerTime === null,
    };
  const seconds =
    answerType === 'text'
      ? answer?.maxWords
        ? Math.ceil((answer.maxWords / TEXT_WORDS_PER_MINUTE) * 60)
        : TEXT_ANSWER_SECONDS_UNBOUNDED
      : answerType === 'file'
        ? FILE_ANSWER_SECONDS
        : CHOICE_ANSWER_SECONDS;
  return { seconds, unlimitedThinking: false, unlimitedAnswers: false };
};

/**
 * The longest an interview's questions can take (issue 29: the wizard's step 3 and the candidate's
 * welcome), the sum of questionTimeEstimate, at stored pacing (null = unlimited). A count stands for
 * that many video questions. An unlimited part adds nothing and is named, so the wording can say "plus".
 */
export const interviewTimeEstimate = (
  questions: number | readonly (EstimatedAnswer | null | undefined)[],
  pacing: StoredPacing,
) => {
  if (typeof questions === 'number')
    return {
      seconds: questions * ((pacing.thinkingTime ?? 0) + (pacing.answerTime ?? 0)),
      unlimitedThinking: pacing.thinkingTime === null,
      unlimitedAnswers: pacing.answerTime === null,
    };
  const parts = questions.map((answer) => questionTimeEstimate(answer, pacing));
  return {
    seconds: parts.reduce((sum, part) => sum + part.seconds, 0),
    unlimitedThinking: parts.some((part) => part.unlimitedThinking),
    unlimitedAnswers: parts.some((part) => part.unlimitedAnswers),
  };
};
