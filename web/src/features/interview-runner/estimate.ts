import { interviewTimeEstimate } from '../../../../lambdas/contracts/pacing';
import type { Interview } from './api';

type Pacing = Pick<Interview['pacing'], 'thinkingTime' | 'answerTime'>;

/** What the welcome tells a candidate about the time their interview takes: a headline and a line of detail. */
export interface TimeEstimate {
  headline: string;
  detail: string;
}

const SETUP = 'a few minutes to check your camera and microphone';

const minutes = (seconds: number) => {
  const whole = Math.max(1, Math.ceil(seconds / 60));
  return `${whole} minute${whole === 1 ? '' : 's'}`;
};

/**
 * The time the questions still to answer can take, at the candidate's own pacing (the position's,
 * with any timing adjustment already applied): each question's thinking time plus its longest
 * answer. Thinking as long as one likes, or answers with no limit, cannot be added up, and the
 * estimate says so rather than guess.
 */
export const estimateTime = (pacing: Pacing, questions: number): TimeEstimate => {
  const { seconds, unlimitedThinking, unlimitedAnswers } = interviewTimeEstimate(questions, pacing);
  if (unlimitedAnswers) return { headline: 'No time limit', detail: `Take as long as you need for each answer, plus ${SETUP}.` };
  if (unlimitedThinking)
    return {
      headline: `Up to ${minutes(seconds)} of answers`,
      detail: `Plus the time you take to think before each answer, and ${SETUP}.`,
    };
  return { headline: `Up to ${minutes(seconds)}`, detail: `Plus ${SETUP}.` };
};
