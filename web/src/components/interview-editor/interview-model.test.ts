import { describe, expect, it } from 'vitest';
import { anyVideoProcessing, emptyInterview, newQuestion, sameInterview, setVideo, toWire, videoGroupIds, videoState } from './interview-model';

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
