import { interviewTimeEstimate, toStored, UNLIMITED, type EstimatedAnswer } from '../../../../lambdas/contracts/pacing';
import type { EditableInterview } from '../../components/interview-editor/interview-model';

/**
 * What the wizard says about the interview it is making (issue 29): the one-line summaries of its
 * finished steps, and what a candidate will go through (step 3). Pure, from the draft's interview
 * (pacing in selector values: -1 is unlimited).
 */
type Pacing = EditableInterview['pacing'];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A duration in words as the pacing selectors name them: "45 seconds", "1 minute", "2 minutes", "1 min 30 s" (never 0). */
export const spokenDuration = (seconds: number): string => {
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? plural(minutes, 'minute') : `${minutes} min ${rest} s`;
};

/** The longest the questions can take: each question's thinking time plus its longest answer. */
export interface InterviewEstimate {
  /** Seconds, counting the thinking time only when it is limited. */
  seconds: number;
  /** Thinking time is unlimited: the candidate may take longer than `seconds`. */
  openEnded: boolean;
}

/**
 * Estimated total time = the sum over the questions (interviewTimeEstimate): a recorded question its
 * thinking time (when limited) and the max answer length; a text, choice or file question what its
 * type takes (issue 39). A count stands for that many video questions.
 */
export const estimateInterview = (
  questions: number | readonly (EstimatedAnswer | null | undefined)[],
  pacing: Pick<Pacing, 'thinkingTime' | 'answerTime'>,
): InterviewEstimate => {
  const { seconds, unlimitedThinking } = interviewTimeEstimate(questions, {
    thinkingTime: toStored(pacing.thinkingTime),
    answerTime: pacing.answerTime,
  });
  const count = typeof questions === 'number' ? questions : questions.length;
  return { seconds, openEnded: unlimitedThinking && count > 0 };
};

/** "Up to 8 minutes", rounded up to whole minutes ("Under a minute" below one); answers plus thinking time when thinking is unlimited. */
export const describeEstimate = ({ seconds, openEnded }: InterviewEstimate): string => {
  if (seconds === 0) return 'No questions yet';
  const amount = seconds < 60 ? 'Under a minute' : plural(Math.ceil(seconds / 60), 'minute');
  if (openEnded) return `${amount} of answers, plus thinking time`;
  return seconds < 60 ? amount : `Up to ${amount}`;
};

export const describeThinking = (thinkingTime: number) =>
  thinkingTime === UNLIMITED
    ? 'As long as they like'
    : thinkingTime === 0
      ? 'None: recording starts after the countdown'
      : spokenDuration(thinkingTime);

export const describeRetakes = (retakes: number) =>
  retakes === UNLIMITED ? 'Unlimited' : retakes === 0 ? 'None: the first take is the answer' : `${retakes} per question`;

/** Step 1's summary: the position's name. */
export const nameSummary = (jobTitle: string) => jobTitle.trim();

/** Step 2's summary: "3 questions · 1 video · intro · outro". */
export const questionsSummary = (interview: EditableInterview): string => {
  const videos = interview.questions.filter((q) => q.videoGroupId).length;
  const outro = interview.outro && (interview.outro.videoGroupId || interview.outro.title.trim() || interview.outro.content.trim());
  return [
    plural(interview.questions.length, 'question'),
    ...(videos > 0 ? [plural(videos, 'video')] : []),
    ...(interview.intro?.videoGroupId ? ['intro video'] : []),
    ...(outro ? ['outro'] : []),
  ].join(' · ');
};

/** Step 3's summary: "30 seconds to think · 2 minutes per answer · no retakes". */
export const pacingSummary = (pacing: Pacing): string =>
  [
    pacing.thinkingTime === UNLIMITED
      ? 'unlimited thinking time'
      : pacing.thinkingTime === 0
        ? 'no thinking time'
        : `${spokenDuration(pacing.thinkingTime)} to think`,
    `${spokenDuration(pacing.answerTime)} per answer`,
    pacing.retakes === UNLIMITED ? 'unlimited retakes' : pacing.retakes === 0 ? 'no retakes' : plural(pacing.retakes, 'retake'),
  ].join(' · ');
