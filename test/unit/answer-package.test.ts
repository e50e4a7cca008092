import { describe, expect, it } from 'vitest';
import { coversAnswers, entryName, isAbandoned, packageContents } from '../../lambdas/app/review/answer-package-contents';
import { packageView } from '../../lambdas/app/review/answer-package-view';
import {
  ANSWER_PACKAGE_STALE_AFTER_MS,
  answerPackageDefinition,
  answerPackageTasks,
  ANSWER_PACKAGE_EXECUTION_TIMEOUT_SECONDS,
} from '../../lambdas/pipeline/answer-package.asl';
import { answerPackageOf, type AnswerPackageRecord } from '../../lambdas/data/candidates/packages';

const variant = { key: 'processed/m/video.mp4', contentType: 'video/mp4' };
const answer = (questionIndex: number) => ({ answerId: `a${questionIndex}`, questionIndex, mediaId: `m${questionIndex}` });

describe('what an answer package holds', () => {
  it('zips processed answers, leaves out and names those whose processing failed or whose media is gone, and waits for the rest', () => {
    const answers = [answer(0), answer(1), answer(2), answer(3), answer(4)];
    const media = new Map([
      ['m0', { uploadStatus: 'ready' as const, variants: [variant] }],
      ['m1', { uploadStatus: 'failed' as const, variants: [] }],
      ['m2', { uploadStatus: 'processing' as const, variants: [] }],
      ['m3', { uploadStatus: 'uploading' as const, variants: [] }],
    ]);
    const { included, leftOut, pending } = packageContents(answers, media);
    expect(included).toEqual([{ ...answer(0), variant }]);
    expect(leftOut).toEqual([
      { answerId: 'a1', questionIndex: 1 },
      { answerId: 'a4', questionIndex: 4 },
    ]);
    expect(pending).toEqual([answer(2), answer(3)]);
  });

  it('names entries by question number and title', () => {
    expect(entryName(1, 'Why this role?', 'mp4')).toBe('02-Why-this-role.mp4');
    expect(entryName(9, null, 'webm')).toBe('10.webm');
    expect(entryName(0, '¿¡!', 'mp4')).toBe('01.mp4');
  });

  it('is stale once the answers change', () => {
    expect(coversAnswers({ answerIds: ['a0', 'a1'] }, [{ answerId: 'a0' }, { answerId: 'a1' }])).toBe(true);
    expect(coversAnswers({ answerIds: ['a0'] }, [{ answerId: 'a0' }, { answerId: 'a1' }])).toBe(false);
    expect(coversAnswers({ answerIds: ['a0', 'a2'] }, [{ answerId: 'a0' }, { answerId: 'a1' }])).toBe(false);
  });

  it('gives a build up only once no worker of it can still be running', () => {
    // The function times out before the state waiting on it (the ASL default of 60 s would cut a long build short).
    expect(answerPackageDefinition.States.Build.TimeoutSeconds).toBeGreaterThan(answerPackageTasks.buildAnswerPackage.timeoutSeconds);
    expect(ANSWER_PACKAGE_STALE_AFTER_MS).toBe(
      (ANSWER_PACKAGE_EXECUTION_TIMEOUT_SECONDS + answerPackageTasks.buildAnswerPackage.timeoutSeconds) * 1000,
    );
    const now = new Date('2026-01-01T12:00:00Z');
    const startedAgo = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(isAbandoned({ packageStatus: 'generating', startedAt: startedAgo(ANSWER_PACKAGE_STALE_AFTER_MS - 1000) }, now)).toBe(false);
    expect(isAbandoned({ packageStatus: 'generating', startedAt: startedAgo(ANSWER_PACKAGE_STALE_AFTER_MS + 1000) }, now)).toBe(true);
    expect(isAbandoned({ packageStatus: 'completed', startedAt: startedAgo(ANSWER_PACKAGE_STALE_AFTER_MS * 2) }, now)).toBe(false);
  });
});

describe('the answer package as the API shows it', () => {
  const names = { candidateName: 'Bob Baker', jobTitle: 'Data analyst' };
  const answers = [{ answerId: 'a0' }, { answerId: 'a1' }];
  const now = new Date('2026-01-01T12:00:00Z');
  const record = (fields: Partial<AnswerPackageRecord>): AnswerPackageRecord => ({
    packageStatus: 'completed',
    buildId: 'b1',
    key: 'processed/candidates/c1/answers.zip',
    answerIds: ['a0', 'a1'],
    leftOut: [],
    startedAt: now.toISOString(),
    finishedAt: now.toISOString(),
    ...fields,
  });

  it('is not generated without a package', async () => {
    expect(await packageView(null, answers, names, now)).toEqual({ packageStatus: 'not_generated', downloadHref: null, leftOutAnswers: [] });
  });

  it('is generating while a build runs, and failed once it is given up on', async () => {
    expect((await packageView(record({ packageStatus: 'generating' }), answers, names, now)).packageStatus).toBe('generating');
    const abandoned = record({ packageStatus: 'generating', startedAt: new Date(now.getTime() - ANSWER_PACKAGE_STALE_AFTER_MS - 1).toISOString() });
    expect(await packageView(abandoned, answers, names, now)).toEqual({ packageStatus: 'failed', downloadHref: null, leftOutAnswers: [] });
  });

  it('links a completed package of the current answers under a readable name, naming the answers left out', async () => {
    const view = await packageView(record({ leftOut: [{ answerId: 'a1', questionIndex: 1 }] }), answers, names, now);
    expect(view.packageStatus).toBe('completed');
    expect(view.downloadHref).toContain('processed/candidates/c1/answers.zip');
    expect(decodeURIComponent(view.downloadHref!)).toContain('filename="Bob-Baker-Data-analyst.zip"');
    expect(view.leftOutAnswers).toEqual([{ answerId: 'a1', questionIndex: 1, reason: 'processing_failed' }]);
  });

  it('is not generated once the answers changed, whether the package completed or failed', async () => {
    const more = [...answers, { answerId: 'a2' }];
    expect((await packageView(record({}), more, names, now)).packageStatus).toBe('not_generated');
    expect((await packageView(record({ packageStatus: 'failed' }), more, names, now)).packageStatus).toBe('not_generated');
    expect((await packageView(record({ packageStatus: 'failed' }), answers, names, now)).packageStatus).toBe('failed');
  });

  it('reads a package stored before builds left the request path as completed with nothing left out', () => {
    const legacy = { key: 'processed/candidates/c1/answers.zip', answerIds: ['a0', 'a1'] };
    expect(answerPackageOf({ answerPackage: legacy })).toEqual({
      packageStatus: 'completed',
      buildId: null,
      key: legacy.key,
      answerIds: legacy.answerIds,
      leftOut: [],
      startedAt: null,
      finishedAt: null,
    });
    expect(answerPackageOf({ answerPackage: null })).toBeNull();
  });
});
