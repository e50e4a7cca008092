import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { keys } from '../../lambdas/data/keys';
import type { FaultRuleInput } from '../../lib/local/faults/rules';
import { call } from '../support/api';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { interviewAsking, startAnswer, tokenFromHref, uploadParts } from '../support/interviews';
import { makeClip } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { appUrl, baseUrl, trackErrors, useBrowser } from './support/browser';
import { signedInOwner } from './support/session';

/**
 * A failed transcode, seen by the team (issue 37): MediaConvert fails the answer's job at the local
 * stack's edge (the fault mode's `JobFailed`), the pipeline marks the answer failed, and the
 * candidate page shows the failure with "Process again" beside it. Pressed (from the keyboard), the
 * player says "Processing..." (the focus on the question's heading, as the button goes) until the
 * video is ready and plays. Axe checks each state.
 */
const browser = useBrowser();
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let positionId: string;
let candidateId: string;
const NAME = 'Pia Process';
const QUESTION = 'Why projection?';

const rules: string[] = [];
afterEach(async () => {
  await Promise.all(rules.splice(0).map((id) => fetch(`${baseUrl()}/_local/faults?id=${id}`, { method: 'DELETE' })));
});

const answerStatus = async () =>
  ((await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.answers as { video: { upload_status: string } }[])[0]
    ?.video.upload_status;

beforeAll(async () => {
  owner = await signedInOwner(browser, 'Process Studio');
  await allocateCredits(owner.companyId, 5);
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Projectionist', interview: interviewAsking(QUESTION) },
  });
  positionId = created.body.position_id;
  const invited = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: NAME, email: null } });
  candidateId = invited.body.candidate_id;
  const token = tokenFromHref(invited.body.interview_href);
  const started = await startAnswer(token, 0);
  const answerId = started.body.answer_id as string;
  const { Item } = await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.attempt(candidateId, answerId) }));
  // MediaConvert fails this answer's job once: the upload stays as it was, so processing it again succeeds.
  const rule: FaultRuleInput = { service: 'mediaconvert', operation: 'CreateJob', fault: 'JobFailed', count: 1, match: Item!.mediaId as string };
  const res = await fetch(`${baseUrl()}/_local/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([rule]),
  });
  rules.push(...((await res.json()) as { rules: { id: string }[] }).rules.map((r) => r.id));
  const parts = await uploadParts(token, answerId, (await makeClip(3)).bytes, started.body.min_part_bytes as number);
  await call('submitAnswer', { params: { token, answerId }, body: { parts } });
  // (expect.poll works only inside a test: the pipeline is waited for by hand.)
  const deadline = Date.now() + 120_000;
  while ((await answerStatus()) !== 'failed' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
}, 180_000);

describe('an answer whose video failed to process', () => {
  it('offers "Process again", then shows "Processing..." until the video is ready', async () => {
    expect(await answerStatus()).toBe('failed');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.candidate.to(owner.companyId, positionId, candidateId)));
    const answers = page.getByRole('region', { name: 'Answers' });
    await answers.getByText('This answer could not be processed, so it cannot be played.').waitFor();
    const button = answers.getByRole('button', { name: 'Process again' });
    await button.waitFor();
    await expectAccessible(page, 'candidate page: an answer that failed to process, with Process again');

    // From the keyboard: the pipeline starts again; the player waits, the focus on the question.
    await button.focus();
    await page.keyboard.press('Enter');
    await answers.getByRole('status').filter({ hasText: 'Processing...' }).waitFor();
    await expect(button.count()).resolves.toBe(0);
    const heading = answers.getByRole('heading', { name: QUESTION, level: 2 });
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectAccessible(page, 'candidate page: the answer processing again');

    // Ready, without a reload (the page polls while it processes): the video plays.
    const video = answers.getByLabel('Answer 1');
    await video.waitFor({ timeout: 120_000 });
    await expect(answers.getByText('This answer could not be processed').count()).resolves.toBe(0);
    await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await expectAccessible(page, 'candidate page: the answer processed again');
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
