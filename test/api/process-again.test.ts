import { ListExecutionsCommand } from '@aws-sdk/client-sfn';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import type { FaultRule, FaultRuleInput } from '../../lib/local/faults/rules';
import { baseUrl, call } from '../support/api';
import { allocateCredits, localDb, localEnv, localSfn } from '../support/aws';
import { registerAndSignIn } from '../support/accounts';
import { interviewFixture, startAnswer, tokenFromHref, uploadParts } from '../support/interviews';
import { makeClip } from '../support/media';

/**
 * A failed transcode marks the answer failed, and the team's "Process again" runs the media pipeline
 * again on the candidate's kept upload, to ready (issue 37). MediaConvert's job fails at the local
 * stack's edge (the fault mode's `JobFailed` on CreateJob, matched to this answer's media id), so the
 * pipeline meets the failure as in AWS: the task fails, the catch records the answer as failed.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
type Video = { upload_status: string; variants: unknown[] };

const added: string[] = [];
const addFault = async (rule: FaultRuleInput): Promise<FaultRule> => {
  const res = await fetch(`${baseUrl()}/_local/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([rule]),
  });
  expect(res.status).toBe(201);
  const [created] = ((await res.json()) as { rules: FaultRule[] }).rules;
  added.push(created!.id);
  return created!;
};
afterEach(async () => {
  await Promise.all(added.splice(0).map((id) => fetch(`${baseUrl()}/_local/faults?id=${id}`, { method: 'DELETE' })));
});

const answerOf = async (owner: Owner, candidateId: string) => {
  const res = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
  expect(res.status).toBe(200);
  return (res.body.answers as { answer_id: string; video: Video }[])[0]!;
};
const settled = async (owner: Owner, candidateId: string) => {
  let video: Video | undefined;
  await expect
    .poll(
      async () => {
        video = (await answerOf(owner, candidateId)).video;
        return video.upload_status;
      },
      { timeout: 180_000, interval: 1000 },
    )
    .toMatch(/^(ready|failed)$/);
  return video!;
};
const injectedBy = async (rule: FaultRule) =>
  ((await fetch(`${baseUrl()}/_local/faults`).then((r) => r.json())) as { rules: FaultRule[] }).rules.find((r) => r.id === rule.id)?.injected;
const runsOf = async (mediaId: string) =>
  (await localSfn().send(new ListExecutionsCommand({ stateMachineArn: localEnv().STATE_MACHINE_ARN! }))).executions!.filter((e) =>
    e.name!.startsWith(mediaId),
  );

describe('Process again (issue 37)', () => {
  let owner: Owner;
  let clip: Uint8Array;
  beforeAll(async () => {
    owner = await registerAndSignIn('Reprocess Co');
    await allocateCredits(owner.companyId, 5);
    clip = (await makeClip(3)).bytes;
  }, 120_000);

  it('a transcode that failed marks the answer failed; Process again processes the kept upload to ready, once', async () => {
    const position = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Projectionist', interview: interviewFixture({ questions: ['Tell us about yourself'] }) },
    });
    const invited = await call('inviteCandidate', {
      params: { positionId: position.body.position_id },
      session: owner.sessionId,
      body: { candidate_name: 'Fay Failed', email: null },
    });
    const candidateId = invited.body.candidate_id as string;
    const token = tokenFromHref(invited.body.interview_href);

    // The answer's take, and MediaConvert failing its job (once) when the pipeline gets to it.
    const started = await startAnswer(token, 0);
    expect(started.status).toBe(201);
    const answerId = started.body.answer_id as string;
    const { Item: attempt } = await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.attempt(candidateId, answerId) }));
    const mediaId = attempt!.mediaId as string;
    const transcodeFails = await addFault({ service: 'mediaconvert', operation: 'CreateJob', fault: 'JobFailed', count: 1, match: mediaId });
    const parts = await uploadParts(token, answerId, clip, started.body.min_part_bytes as number);
    expect((await call('submitAnswer', { params: { token, answerId }, body: { parts } })).status).toBe(200);

    const failed = await settled(owner, candidateId);
    expect(failed.upload_status).toBe('failed');
    const { injected } = (await fetch(`${baseUrl()}/_local/faults`).then((r) => r.json())) as { injected: Record<string, Record<string, number>> };
    expect(injected.mediaconvert?.CreateJob).toBeGreaterThanOrEqual(1);
    expect(await injectedBy(transcodeFails)).toBe(1);
    const mediaItem = async () => (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.media(mediaId) }))).Item;
    expect((await mediaItem())?.processingError?.step).toBe('States.TaskFailed');

    // Another company's member cannot see the answer, so cannot process it again.
    const stranger = await registerAndSignIn('Elsewhere Co');
    expect((await call('processAnswerAgain', { params: { answerId }, session: stranger.sessionId })).status).toBe(404);
    expect((await call('processAnswerAgain', { params: { answerId: 'no-such-answer' }, session: owner.sessionId })).status).toBe(404);

    // Process again: processing at once; a second click meanwhile starts nothing twice.
    const again = await call('processAnswerAgain', { params: { answerId }, session: owner.sessionId });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ answer_id: answerId, upload_status: 'processing' });
    const twice = await call('processAnswerAgain', { params: { answerId }, session: owner.sessionId });
    expect(twice.status).toBe(200);
    expect(twice.body.upload_status).toMatch(/^(processing|ready)$/);
    expect((await answerOf(owner, candidateId)).video.upload_status).toMatch(/^(processing|ready)$/);

    const ready = await settled(owner, candidateId);
    expect(ready.upload_status).toBe('ready');
    expect((await mediaItem())?.processingError).toBeUndefined();
    expect(ready.variants.length).toBeGreaterThan(0);
    // Two runs in all: the upload's (failed) and one more (succeeded), under names of their own. The
    // answer is ready before its run ends (the summarising step comes after it, issue 41): polled.
    await expect.poll(async () => (await runsOf(mediaId)).map((r) => [r.name, r.status]).sort()).toEqual([
      [mediaId, 'FAILED'],
      [`${mediaId}-run-2`, 'SUCCEEDED'],
    ]);
    // Ready: a further request changes nothing.
    const done = await call('processAnswerAgain', { params: { answerId }, session: owner.sessionId });
    expect(done.body).toEqual({ answer_id: answerId, upload_status: 'ready' });
    expect(await runsOf(mediaId)).toHaveLength(2);
    // The transcript of the run that succeeded.
    await expect
      .poll(async () => {
        const transcripts = await call('getAnswerTranscripts', { params: { candidateId }, session: owner.sessionId });
        return (transcripts.body.answer_transcripts as { answer_id: string; transcript_status: string }[]).find((t) => t.answer_id === answerId)
          ?.transcript_status;
      })
      .toBe('completed');
  }, 300_000);
});
