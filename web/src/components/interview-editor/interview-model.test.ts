import { describe, expect, it } from 'vitest';
import { DEFAULT_KNOCKOUT, type AnswerSpec } from '../../../../lambdas/contracts/answer-types';
import {
  answerIssues,
  anyVideoProcessing,
  changeAnswerType,
  emptyInterview,
  hasKnockout,
  newQuestion,
  questionsProblem,
  questionsValid,
  sameInterview,
  setVideo,
  toEditable,
  toWire,
  videoGroupIds,
  videoState,
} from './interview-model';

const video = { videoGroupId: 'video-group-1', thumbnailImageGroupId: 'thumb-group-1' };

describe('interview model: videos', () => {
  it('puts a video on the intro, the outro, a question or a new question, and takes it off again', () => {
    const question = { ...newQuestion(), title: 'Why us?' };
    const interview = { ...emptyInterview(), questions: [question] };

    const withIntro = setVideo(interview, { kind: 'intro' }, video);
    expect(withIntro.intro).toMatchObject(video);
    expect(setVideo(withIntro, { kind: 'intro' }, null).intro).toBeNull();

    const withOutro = setVideo(interview, { kind: 'outro' }, video);
    expect(withOutro.outro).toMatchObject({ title: '', content: '', ...video });

    const videoQuestion = setVideo(interview, { kind: 'question', ephemeralId: question.ephemeralId }, video);
    expect(videoQuestion.questions[0]).toMatchObject({ title: 'Why us?', ...video });
    expect(setVideo(videoQuestion, { kind: 'question', ephemeralId: question.ephemeralId }, null).questions[0]).toMatchObject({
      videoGroupId: null,
      thumbnailImageGroupId: null,
    });

    const added = setVideo(interview, { kind: 'new-question' }, video);
    expect(added.questions).toHaveLength(2);
    expect(added.questions[1]).toMatchObject({ title: '', ...video });
    expect(setVideo(interview, { kind: 'new-question' }, null)).toBe(interview);
  });

  it('sends an intro without video and an empty outro as null', () => {
    const interview = { ...emptyInterview(), questions: [{ ...newQuestion(), title: 'Q' }] };
    const blank = {
      ...interview,
      intro: { ephemeralId: 'i', videoGroupId: null, thumbnailImageGroupId: null },
      outro: { ephemeralId: 'o', title: '  ', content: '', videoGroupId: null, thumbnailImageGroupId: null },
    };
    expect(toWire(blank)).toMatchObject({ intro: null, outro: null });
    expect(sameInterview(blank, interview)).toBe(true);
    expect(toWire(setVideo(blank, { kind: 'outro' }, video)).outro).toEqual({ title: '', content: '', ...video });
  });

  it('lists every video group once', () => {
    let interview = { ...emptyInterview(), questions: [newQuestion(), newQuestion()] };
    interview = setVideo(interview, { kind: 'intro' }, { videoGroupId: 'intro-group', thumbnailImageGroupId: 't1' });
    interview = setVideo(interview, { kind: 'question', ephemeralId: interview.questions[1]!.ephemeralId }, video);
    interview = setVideo(interview, { kind: 'outro' }, video);
    expect(videoGroupIds(interview)).toEqual(['intro-group', 'video-group-1']);
  });

  it('holds saving back while a video is processing or its status has not arrived yet', () => {
    const interview = setVideo(emptyInterview(), { kind: 'new-question' }, video);
    expect(videoState(undefined, 'video-group-1')).toBe('processing');
    expect(anyVideoProcessing(interview, new Map())).toBe(true);
    expect(anyVideoProcessing(interview, new Map([['video-group-1', { uploadStatus: 'uploading' }]]))).toBe(true);
    expect(anyVideoProcessing(interview, new Map([['video-group-1', { uploadStatus: 'processing' }]]))).toBe(true);
    expect(anyVideoProcessing(interview, new Map([['video-group-1', { uploadStatus: 'ready' }]]))).toBe(false);
    expect(videoState(new Map([['video-group-1', { uploadStatus: 'failed' }]]), 'video-group-1')).toBe('failed');
    expect(videoState(new Map([['video-group-1', null]]), 'video-group-1')).toBe('missing');
    expect(anyVideoProcessing(interview, new Map([['video-group-1', null]]))).toBe(false);
    expect(anyVideoProcessing(emptyInterview(), undefined)).toBe(false);
  });
});

describe('interview model: answer types and knockouts (issue 39)', () => {
  const typed = (answer: AnswerSpec) => ({ ...newQuestion(), title: 'Pick one', answer });

  it('a new question asks for a video; changing the type starts a choice with two options and keeps them between choice types', () => {
    expect(newQuestion().answer).toEqual({ answerType: 'video' });
    const single = changeAnswerType({ answerType: 'video' }, 'single_choice');
    expect(single.answerType).toBe('single_choice');
    const options = (single as Extract<AnswerSpec, { answerType: 'single_choice' }>).options;
    expect(options).toHaveLength(2);
    expect(options.every((o) => /^[A-Za-z0-9_-]{1,32}$/.test(o.optionId))).toBe(true);
    expect(new Set(options.map((o) => o.optionId)).size).toBe(2);
    const multiple = changeAnswerType(single, 'multiple_choice');
    expect(multiple).toEqual({ answerType: 'multiple_choice', options, minPicked: 1, maxPicked: null });
    expect(changeAnswerType(multiple, 'text')).toEqual({ answerType: 'text', minWords: null, maxWords: null });
    expect(changeAnswerType(multiple, 'file')).toEqual({ answerType: 'file' });
  });

  it('names what is wrong with an answer spec by its field, in the contract’s words, and blocks the questions', () => {
    const empty = changeAnswerType({ answerType: 'video' }, 'single_choice');
    expect(answerIssues(empty)).toMatchObject({ 'options.0.label': 'Every option needs a label.', 'options.1.label': 'Every option needs a label.' });
    const one = { answerType: 'single_choice' as const, options: [{ optionId: 'a1', label: 'Yes', knockout: false }] };
    expect(answerIssues(one)).toEqual({ options: 'Give at least 2 options.' });
    expect(answerIssues({ answerType: 'text', minWords: 50, maxWords: 10 })).toEqual({ minWords: 'The minimum number of words is more than the maximum.' });

    const interview = { ...emptyInterview(), questions: [typed(one)] };
    expect(questionsValid(interview)).toBe(false);
    expect(questionsProblem(interview)).toBe('Question 1: Give at least 2 options.');
    const two = { ...one, options: [...one.options, { optionId: 'b2', label: 'No', knockout: true }] };
    const fixed = { ...interview, questions: [typed(two)] };
    expect(answerIssues(two)).toEqual({});
    expect(questionsValid(fixed)).toBe(true);
    expect(questionsProblem(fixed)).toBeNull();
  });

  it('sends the answer spec and the knockout rule, and reads them back (older positions: video and flag)', () => {
    const answer = { answerType: 'single_choice' as const, options: [{ optionId: 'a1', label: 'Yes', knockout: false }, { optionId: 'b2', label: 'No', knockout: true }] };
    const interview = { ...emptyInterview(), questions: [typed(answer)], knockout: { action: 'end' as const, message: 'Sorry.' } };
    expect(hasKnockout(interview)).toBe(true);
    expect(hasKnockout({ ...interview, questions: [typed({ answerType: 'text', minWords: null, maxWords: 100 })] })).toBe(false);
    const wire = toWire(interview);
    expect(wire.questions[0]!.answer).toEqual(answer);
    expect(wire.knockout).toEqual({ action: 'end', message: 'Sorry.' });
    const back = toEditable(wire);
    expect(back.questions[0]!.answer).toEqual(answer);
    expect(back.knockout).toEqual({ action: 'end', message: 'Sorry.' });
    const older = toEditable({ ...wire, questions: [{ ...wire.questions[0]!, answer: undefined }], knockout: undefined } as unknown as typeof wire);
    expect(older.questions[0]!.answer).toEqual({ answerType: 'video' });
    expect(older.knockout).toEqual(DEFAULT_KNOCKOUT);
  });
});
