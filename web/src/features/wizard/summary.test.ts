import { describe, expect, it } from 'vitest';
import { UNLIMITED } from '../../../../lambdas/contracts/pacing';
import { emptyInterview, newQuestion } from '../../components/interview-editor/interview-model';
import { describeEstimate, estimateInterview, pacingSummary, questionsSummary, spokenDuration } from './summary';

describe('the wizard’s estimate of the candidate’s time', () => {
  it('adds up thinking time and the max answer length over the questions', () => {
    expect(estimateInterview(3, { thinkingTime: 30, answerTime: 120 })).toEqual({ seconds: 450, openEnded: false });
    expect(estimateInterview(1, { thinkingTime: 0, answerTime: 15 })).toEqual({ seconds: 15, openEnded: false });
    expect(estimateInterview(0, { thinkingTime: 30, answerTime: 120 })).toEqual({ seconds: 0, openEnded: false });
  });

  it('leaves unlimited thinking time out of the sum and says the interview may take longer', () => {
    expect(estimateInterview(2, { thinkingTime: UNLIMITED, answerTime: 60 })).toEqual({ seconds: 120, openEnded: true });
    expect(describeEstimate({ seconds: 120, openEnded: true })).toBe('2 minutes of answers, plus thinking time');
  });

  it('rounds up to whole minutes', () => {
    expect(describeEstimate({ seconds: 450, openEnded: false })).toBe('Up to 8 minutes');
    expect(describeEstimate({ seconds: 60, openEnded: false })).toBe('Up to 1 minute');
    expect(describeEstimate({ seconds: 45, openEnded: false })).toBe('Under a minute');
    expect(describeEstimate({ seconds: 0, openEnded: false })).toBe('No questions yet');
  });
});

describe('the wizard’s step summaries', () => {
  it('names durations as the selectors do', () => {
    expect(spokenDuration(45)).toBe('45 seconds');
    expect(spokenDuration(60)).toBe('1 minute');
    expect(spokenDuration(120)).toBe('2 minutes');
    expect(spokenDuration(90)).toBe('1 min 30 s');
  });

  it('counts the questions and their videos', () => {
    const interview = emptyInterview();
    interview.questions = [newQuestion(), { ...newQuestion(), videoGroupId: 'v1' }, newQuestion()];
    expect(questionsSummary(interview)).toBe('3 questions · 1 video');
    interview.intro = { ephemeralId: 'i', videoGroupId: 'v2', thumbnailImageGroupId: null };
    interview.outro = { ephemeralId: 'o', title: 'Thanks', content: '', videoGroupId: null, thumbnailImageGroupId: null };
    interview.questions = interview.questions.slice(0, 1);
    expect(questionsSummary(interview)).toBe('1 question · intro video · outro');
  });

  it('sums up the pacing', () => {
    expect(pacingSummary({ thinkingTime: 30, answerTime: 120, retakes: 0 })).toBe('30 seconds to think · 2 minutes per answer · no retakes');
    expect(pacingSummary({ thinkingTime: UNLIMITED, answerTime: 45, retakes: UNLIMITED })).toBe(
      'unlimited thinking time · 45 seconds per answer · unlimited retakes',
    );
    expect(pacingSummary({ thinkingTime: 0, answerTime: 60, retakes: 1 })).toBe('no thinking time · 1 minute per answer · 1 retake');
  });
});

describe('the wizard’s estimate by answer type (issue 39)', () => {
  it('counts text, choice and file questions by what they take, not by the recording pacing', () => {
    const answers = [
      { answerType: 'video' as const },
      { answerType: 'text' as const, minWords: null, maxWords: 120 },
      { answerType: 'multiple_choice' as const, options: [], minPicked: 1, maxPicked: null },
      { answerType: 'file' as const },
    ];
    expect(estimateInterview(answers, { thinkingTime: 30, answerTime: 120 })).toEqual({ seconds: 150 + 180 + 30 + 60, openEnded: false });
    expect(estimateInterview(answers.slice(1), { thinkingTime: UNLIMITED, answerTime: 120 })).toEqual({ seconds: 270, openEnded: false });
    expect(estimateInterview(answers, { thinkingTime: UNLIMITED, answerTime: 120 })).toEqual({ seconds: 120 + 270, openEnded: true });
  });
});
