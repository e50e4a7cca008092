import { describe, expect, it } from 'vitest';
import { interviewTimeEstimate, questionTimeEstimate } from '../../lambdas/contracts/pacing';

const pacing = { thinkingTime: 30, answerTime: 120 };

describe('the time a question takes by its answer type (issue 39)', () => {
  it('counts thinking time and the longest answer for a recorded question (video, audio, or no spec)', () => {
    expect(questionTimeEstimate({ answerType: 'video' }, pacing).seconds).toBe(150);
    expect(questionTimeEstimate({ answerType: 'audio' }, pacing).seconds).toBe(150);
    expect(questionTimeEstimate(undefined, pacing).seconds).toBe(150);
    expect(questionTimeEstimate({ answerType: 'video' }, { thinkingTime: null, answerTime: 60 })).toEqual({
      seconds: 60,
      unlimitedThinking: true,
      unlimitedAnswers: false,
    });
  });

  it('counts a text question by its max words at 40 a minute, or 3 minutes without a max', () => {
    expect(questionTimeEstimate({ answerType: 'text', maxWords: 200 }, pacing).seconds).toBe(300);
    expect(questionTimeEstimate({ answerType: 'text', maxWords: 50 }, pacing).seconds).toBe(75);
    expect(questionTimeEstimate({ answerType: 'text', maxWords: null }, pacing).seconds).toBe(180);
  });

  it('counts a choice 30 seconds and a file 1 minute, never unlimited whatever the pacing', () => {
    const open = { thinkingTime: null, answerTime: null };
    expect(questionTimeEstimate({ answerType: 'single_choice' }, open)).toEqual({ seconds: 30, unlimitedThinking: false, unlimitedAnswers: false });
    expect(questionTimeEstimate({ answerType: 'multiple_choice' }, open).seconds).toBe(30);
    expect(questionTimeEstimate({ answerType: 'file' }, open)).toEqual({ seconds: 60, unlimitedThinking: false, unlimitedAnswers: false });
  });

  it('adds the questions up, unlimited only when a recorded question is', () => {
    const questions = [{ answerType: 'video' }, { answerType: 'text', maxWords: 80 }, { answerType: 'single_choice' }, { answerType: 'file' }];
    expect(interviewTimeEstimate(questions, pacing)).toEqual({ seconds: 150 + 120 + 30 + 60, unlimitedThinking: false, unlimitedAnswers: false });
    expect(interviewTimeEstimate(questions.slice(1), { thinkingTime: null, answerTime: 60 }).unlimitedThinking).toBe(false);
    expect(interviewTimeEstimate(questions, { thinkingTime: null, answerTime: 60 }).unlimitedThinking).toBe(true);
  });

  it('still reads a count as that many video questions (the candidate welcome)', () => {
    expect(interviewTimeEstimate(3, pacing).seconds).toBe(450);
    expect(interviewTimeEstimate(3, pacing)).toEqual(interviewTimeEstimate([{ answerType: 'video' }, undefined, null], pacing));
  });
});
