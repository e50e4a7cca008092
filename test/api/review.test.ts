import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { href, paths } from '../../lambdas/contracts/app-paths';
import { DescribeExecutionCommand, ListExecutionsCommand } from '@aws-sdk/client-sfn';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { zipEntries as readZip } from '../support/zip';
import { keys } from '../../lambdas/data/keys';
import { packageKey, packagePrefix } from '../../lambdas/adapters/storage-layout';
import { call } from '../support/api';
import { allocateCredits, localDb, localEnv, localS3, localSfn, updateCompany } from '../support/aws';
import { registerAndSignIn } from '../support/accounts';
import { answerQuestion, tokenFromHref, interviewFixture } from '../support/interviews';
import { makeClip } from '../support/media';

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const interview = interviewFixture({ questions: [{ title: 'Tell us about yourself', content: 'Keep it short.' }, 'Why this role?'] });

let owner: Owner;
let positionId: string;
/** Oldest response first: Alice, Bob, Carol; Dave and Erin only invited. */
const ids: Record<string, string> = {};

const candidateOf = async (id: string, session = owner.sessionId) => call('getCandidate', { params: { candidateId: id }, session });
const counts = async () => (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.candidates;

const waitProcessed = async (id: string) => {
  for (let i = 0; i < 120; i++) {
    const body = (await candidateOf(id)).body;
    if (body.answers.every((a: any) => a.video.upload_status !== 'processing')) return body;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`answers of ${id} still processing`);
};

/** The candidate's answer package once its build has finished (the page polls the same way). */
const packageWhenBuilt = async (id: string) => {
  for (let i = 0; i < 240; i++) {
    const answerPackage = (await candidateOf(id)).body.answer_package;
    if (answerPackage.package_status !== 'generating') return answerPackage;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the answer package of ${id} is still generating`);
};

const download = async (href: string) => Buffer.from(await (await fetch(href)).arrayBuffer());

/** A zip's entries (test/support/zip.ts): each one's name, its length, and its bytes' first 12. */
const zipEntries = async (zip: Buffer) =>
  (await readZip(zip)).map(({ name, data }) => ({ name, bytes: data.length, head: data.subarray(0, 12) }));

/** An MP4 file starts with its `ftyp` box. */
const isMp4 = (head: Buffer) => head.subarray(4, 8).toString('latin1') === 'ftyp';

/** How many executions of the answer-package builder were started for a candidate. */
const buildsOf = async (candidateId: string) => {
  const stateMachineArn = localEnv().ANSWER_PACKAGE_STATE_MACHINE_ARN!;
  const { executions } = await localSfn().send(new ListExecutionsCommand({ stateMachineArn }));
  const inputs = await Promise.all(
    (executions ?? []).map(async (e) => JSON.parse((await localSfn().send(new DescribeExecutionCommand({ executionArn: e.executionArn }))).input!)),
  );
  return inputs.filter((input) => input.candidateId === candidateId).length;
};

/** The objects under a candidate's package prefix. */
const packageObjects = async (candidateId: string) =>
  ((await localS3().send(new ListObjectsV2Command({ Bucket: localEnv().MEDIA_BUCKET, Prefix: packagePrefix(candidateId) }))).Contents ?? [])
    .map((object) => object.Key!)
    .sort();

beforeAll(async () => {
  owner = await registerAndSignIn('Review Co');
  await allocateCredits(owner.companyId, 50);
  positionId = (
    await call('createPosition', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { job_title: 'Data analyst', interview } })
  ).body.position_id;
  const clip = (await makeClip(2, 'i enjoy working with data and people')).bytes;
  for (const name of ['Alice Archer', 'Bob Baker', 'Carol Cooper', 'Dave Archer', 'Erin =cmd']) {
    const res = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email: null } });
    ids[name.split(' ')[0]!] = res.body.candidate_id;
    if (['Alice', 'Bob', 'Carol'].includes(name.split(' ')[0]!)) {
      const token = tokenFromHref(res.body.interview_href);
      await answerQuestion(token, 0, clip);
      await answerQuestion(token, 1, clip);
    }
  }
  for (const name of ['Alice', 'Bob', 'Carol']) await waitProcessed(ids[name]!);
}, 300_000);

describe('reviewing candidates', () => {
  it('shows a responded candidate with answers, neighbours by completion time and the next to review', async () => {
    const bob = (await candidateOf(ids.Bob!)).body;
    expect(bob).toMatchObject({ candidate_name: 'Bob Baker', current_status: 'responded', job_title: 'Data analyst', rating: null });
    expect(bob.answer_package).toEqual({ package_status: 'not_generated', download_href: null, left_out_answers: [] });
    expect(bob.navigation).toEqual({ previous_candidate_id: ids.Carol, next_candidate_id: ids.Alice, next_to_review_candidate_id: ids.Alice });
    expect(bob.answers.map((a: any) => [a.question_index, a.video.upload_status, a.video.captions.captions_status])).toEqual([
      [0, 'ready', 'ready'],
      [1, 'ready', 'ready'],
    ]);
    const transcripts = (await call('getAnswerTranscripts', { params: { candidateId: ids.Bob }, session: owner.sessionId })).body.answer_transcripts;
    expect(transcripts).toHaveLength(2);
    expect(transcripts[0].transcript_status).toBe('completed');
    expect(transcripts[0].paragraphs[0]).toMatchObject({ start_millis: expect.any(Number), content: expect.any(String) });
  });

  it('rates answers 1 to 5 and averages them on the candidate', async () => {
    const answers = (await candidateOf(ids.Alice!)).body.answers;
    expect(
      (await call('rateAnswer', { params: { answerId: answers[0].answer_id }, session: owner.sessionId, body: { new_rating: 5 } })).body.rating,
    ).toBe(5);
    await call('rateAnswer', { params: { answerId: answers[1].answer_id }, session: owner.sessionId, body: { new_rating: 2 } });
    expect((await candidateOf(ids.Alice!)).body.rating).toBe(3.5);
    const bad = await call('rateAnswer', { params: { answerId: answers[0].answer_id }, session: owner.sessionId, body: { new_rating: 6 } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail[0].msg).toBe('Choose a rating from 1 to 5.');
    const stranger = await registerAndSignIn('Stranger');
    expect(
      (await call('rateAnswer', { params: { answerId: answers[0].answer_id }, session: stranger.sessionId, body: { new_rating: 1 } })).status,
    ).toBe(404);
  });

  it('shortlists, rejects and undoes per the transition table, moving the counts with the status', async () => {
    const move = (status: string) => call('setCandidateStatus', { params: { candidateId: ids.Carol, status }, session: owner.sessionId });
    expect((await move('undo')).status).toBe(409);
    expect((await move('shortlist')).body.current_status).toBe('shortlisted');
    expect(await counts()).toMatchObject({ invited: 2, responded: 2, shortlisted: 1, rejected: 0 });
    expect((await move('reject')).body.current_status).toBe('rejected');
    expect(await counts()).toMatchObject({ responded: 2, shortlisted: 0, rejected: 1 });
    const rejectedTab = await call('listCandidates', { params: { positionId }, query: { tab: 'rejected' }, session: owner.sessionId });
    expect(rejectedTab.body.candidates.map((c: any) => c.candidate_id)).toEqual([ids.Carol]);
    const done = await call('listCandidates', { params: { positionId }, query: { tab: 'done' }, session: owner.sessionId });
    expect(done.body.candidates.map((c: any) => c.candidate_id)).toEqual([ids.Carol, ids.Bob, ids.Alice]);
    expect((await move('undo')).body.current_status).toBe('responded');
    expect(await counts()).toMatchObject({ responded: 3, shortlisted: 0, rejected: 0 });
    expect((await call('setCandidateStatus', { params: { candidateId: ids.Dave, status: 'shortlist' }, session: owner.sessionId })).status).toBe(409);
  });

  it('refuses evaluation when the company turned it off', async () => {
    await updateCompany(owner.companyId, 'SET config = :c', { ':c': { isEvaluationEnabled: false, isRatingEnabled: true } });
    try {
      const res = await call('setCandidateStatus', { params: { candidateId: ids.Bob, status: 'shortlist' }, session: owner.sessionId });
      expect(res.status).toBe(409);
    } finally {
      await updateCompany(owner.companyId, 'SET config = :c', { ':c': { isEvaluationEnabled: true, isRatingEnabled: true } });
    }
  });

  it('searches names and e-mails from 3 characters across statuses, invited last; `through` returns every page up to a candidate', async () => {
    const search = async (text: string) =>
      (await call('listCandidates', { params: { positionId }, query: { search_text: text }, session: owner.sessionId })).body;
    expect((await search('BAKER')).candidates.map((c: any) => c.candidate_id)).toEqual([ids.Bob]);
    // Alice responded, Dave only invited: invited candidates come last.
    expect((await search('archer')).candidates.map((c: any) => [c.candidate_name, c.current_status])).toEqual([
      ['Alice Archer', 'responded'],
      ['Dave Archer', 'invited'],
    ]);
    const short = await call('listCandidates', { params: { positionId }, query: { search_text: 'ab' }, session: owner.sessionId });
    expect(short.status).toBe(400);
    expect(short.body.detail[0].msg).toBe('Enter at least 3 characters to search...');

    const first = (await call('listCandidates', { params: { positionId }, query: { tab: 'done' }, session: owner.sessionId })).body;
    expect(first.has_more).toBe(false);
    const through = await call('listCandidates', { params: { positionId }, query: { tab: 'invited', through: ids.Dave }, session: owner.sessionId });
    expect(through.body.candidates.map((c: any) => c.candidate_id)).toContain(ids.Dave);
  });

  it('exports the videos off the request path: generating at once, then one zip named by question', async () => {
    const res = await call('createAnswerPackage', { params: { candidateId: ids.Bob }, session: owner.sessionId });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ package_status: 'generating', download_href: null, left_out_answers: [] });
    const done = await packageWhenBuilt(ids.Bob!);
    expect(done).toMatchObject({ package_status: 'completed', left_out_answers: [] });
    const entries = await zipEntries(await download(done.download_href!));
    expect(entries.map((entry) => entry.name)).toEqual(['01-Tell-us-about-yourself.mp4', '02-Why-this-role.mp4']);
    for (const entry of entries) {
      expect(entry.bytes).toBeGreaterThan(1000);
      expect(isMp4(entry.head)).toBe(true);
    }
    // Asking again for the same answers answers with that package: no second build.
    const again = await call('createAnswerPackage', { params: { candidateId: ids.Bob }, session: owner.sessionId });
    expect(again.body.package_status).toBe('completed');
    expect(await buildsOf(ids.Bob!)).toBe(1);
    expect((await call('createAnswerPackage', { params: { candidateId: ids.Dave }, session: owner.sessionId })).status).toBe(409);
  });

  it('shares a candidate through a public link that shows only the answers, and stops at once when revoked', async () => {
    expect((await call('getMySharingDetails', { params: { candidateId: ids.Alice }, session: owner.sessionId })).status).toBe(404);
    const shared = (await call('createSharingDetails', { params: { candidateId: ids.Alice }, session: owner.sessionId })).body;
    expect(shared.public_candidate_href).toMatch(new RegExp(`${href(paths.publicCandidate.to(shared.public_candidate_id))}$`));
    expect((await call('createSharingDetails', { params: { candidateId: ids.Alice }, session: owner.sessionId })).body).toEqual(shared);
    expect((await call('getMySharingDetails', { params: { candidateId: ids.Alice }, session: owner.sessionId })).body).toEqual(shared);

    const page = await call('getPublicCandidate', { params: { publicCandidateId: shared.public_candidate_id } });
    expect(page.status).toBe(200);
    // (summary_overview: null unless the company shows summaries on shared pages, issue 41)
    expect(Object.keys(page.body).sort()).toEqual(['answers', 'candidate_name', 'company_name', 'job_title', 'logo_href', 'questions', 'summary_overview', 'theme']);
    expect(page.body.summary_overview).toBeNull();
    expect(page.body.answers).toHaveLength(2);
    expect(JSON.stringify(page.body)).not.toMatch(/interview|rating|email|candidate_id/);
    expect(
      (await call('getPublicAnswerTranscripts', { params: { publicCandidateId: shared.public_candidate_id } })).body.answer_transcripts,
    ).toHaveLength(2);

    const access = await call('getCandidateAccessStatus', { params: { candidateId: shared.public_candidate_id }, session: owner.sessionId });
    expect(access.body).toEqual({ can_access: true, candidate: { company_id: owner.companyId, position_id: positionId, candidate_id: ids.Alice } });
    const stranger = await registerAndSignIn('Onlooker');
    expect(
      (await call('getCandidateAccessStatus', { params: { candidateId: shared.public_candidate_id }, session: stranger.sessionId })).body,
    ).toEqual({
      can_access: false,
      candidate: null,
    });
    expect((await call('deleteSharing', { params: { publicCandidateId: shared.public_candidate_id }, session: stranger.sessionId })).status).toBe(
      404,
    );

    expect((await call('deleteSharing', { params: { publicCandidateId: shared.public_candidate_id }, session: owner.sessionId })).status).toBe(204);
    expect((await call('getPublicCandidate', { params: { publicCandidateId: shared.public_candidate_id } })).status).toBe(404);
    expect((await call('getMySharingDetails', { params: { candidateId: ids.Alice }, session: owner.sessionId })).status).toBe(404);
  });

  it('exports every candidate as rows for the CSV', async () => {
    const rows = (await call('exportCandidates', { params: { positionId }, session: owner.sessionId })).body.rows;
    expect(rows.map((r: any) => r.candidate_name)).toEqual(['Erin =cmd', 'Dave Archer', 'Carol Cooper', 'Bob Baker', 'Alice Archer']);
    expect(rows.find((r: any) => r.candidate_name === 'Alice Archer')).toMatchObject({ current_status: 'responded', rating: 3.5, email: null });
    const stranger = await registerAndSignIn('Exporter');
    expect((await call('exportCandidates', { params: { positionId }, session: stranger.sessionId })).status).toBe(404);
  });
});

describe('the answer package, built off the request path', () => {
  let packagePosition: string;
  const notAVideo = new TextEncoder().encode('this is not a video at all');

  /** A candidate of the package position who answered both questions with these recordings, processed (or failed). */
  const respondedWith = async (name: string, recordings: Uint8Array[]) => {
    const res = await call('inviteCandidate', {
      params: { positionId: packagePosition },
      session: owner.sessionId,
      body: { candidate_name: name, email: null },
    });
    const token = tokenFromHref(res.body.interview_href);
    for (const [index, bytes] of recordings.entries()) await answerQuestion(token, index, bytes);
    return (await waitProcessed(res.body.candidate_id)).candidate_id as string;
  };
  /** The media bucket key of an answer's processed video, from its presigned link (path-style: /bucket/key). */
  const videoKeyOf = (answer: any) => decodeURIComponent(new URL(answer.video.variants[0].content_href).pathname.split('/').slice(2).join('/'));
  const exportVideos = (candidateId: string) => call('createAnswerPackage', { params: { candidateId }, session: owner.sessionId });

  let clip: Uint8Array;
  beforeAll(async () => {
    packagePosition = (
      await call('createPosition', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { job_title: 'Packager', interview } })
    ).body.position_id;
    clip = (await makeClip(2, 'i like to ship things')).bytes;
  }, 60_000);

  it('leaves out and names an answer whose video failed to process, and exports the rest', async () => {
    const frank = await respondedWith('Frank Fisher', [clip, notAVideo]);
    const answers = (await candidateOf(frank)).body.answers;
    expect(answers.map((a: any) => a.video.upload_status)).toEqual(['ready', 'failed']);
    expect((await exportVideos(frank)).status).toBe(202);
    const done = await packageWhenBuilt(frank);
    expect(done).toMatchObject({
      package_status: 'completed',
      left_out_answers: [{ answer_id: answers[1].answer_id, question_index: 1, reason: 'processing_failed' }],
    });
    const entries = await zipEntries(await download(done.download_href!));
    expect(entries.map((entry) => entry.name)).toEqual(['01-Tell-us-about-yourself.mp4']);
    expect(isMp4(entries[0]!.head)).toBe(true);
  }, 240_000);

  it('refuses a package when no answer video could be processed', async () => {
    const gil = await respondedWith('Gil Gray', [notAVideo, notAVideo]);
    const res = await exportVideos(gil);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('no_processed_answers');
    expect(await buildsOf(gil)).toBe(0);
  }, 240_000);

  it('starts one build for two clicks at once', async () => {
    const gina = await respondedWith('Gina Grant', [clip, clip]);
    const [first, second] = await Promise.all([exportVideos(gina), exportVideos(gina)]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(['generating', 'completed']).toContain(first.body.package_status);
    expect(['generating', 'completed']).toContain(second.body.package_status);
    expect((await packageWhenBuilt(gina)).package_status).toBe('completed');
    expect(await buildsOf(gina)).toBe(1);
  }, 240_000);

  it('records a build that failed, so the export can be asked again, and then builds again', async () => {
    const hank = await respondedWith('Hank Hill', [clip, clip]);
    const [answer] = (await candidateOf(hank)).body.answers;
    const key = videoKeyOf(answer);
    const video = await download(answer.video!.variants[0].content_href);
    const bucket = localEnv().MEDIA_BUCKET;
    await localS3().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    expect((await exportVideos(hank)).status).toBe(202);
    expect(await packageWhenBuilt(hank)).toEqual({ package_status: 'failed', download_href: null, left_out_answers: [] });

    await localS3().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: video, ContentType: 'video/mp4' }));
    const retried = await exportVideos(hank);
    expect(retried.body.package_status).toBe('generating');
    expect((await packageWhenBuilt(hank)).package_status).toBe('completed');
    expect(await buildsOf(hank)).toBe(2);
  }, 240_000);

  it('shows a build given up on as failed and starts a new one; a package from before builds were tracked still downloads', async () => {
    const ivy = await respondedWith('Ivy Irwin', [clip, clip]);
    const answerIds = (await candidateOf(ivy)).body.answers.map((a: any) => a.answer_id);
    const setPackage = (answerPackage: Record<string, unknown>) =>
      localDb().send(
        new UpdateCommand({
          TableName: localEnv().TABLE_NAME,
          Key: keys.candidate(ivy),
          UpdateExpression: 'SET answerPackage = :p',
          ExpressionAttributeValues: { ':p': answerPackage },
        }),
      );
    const abandonedAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    await setPackage({
      packageStatus: 'generating',
      buildId: 'abandoned',
      key: packageKey(ivy, 'abandoned'),
      answerIds,
      leftOut: [],
      startedAt: abandonedAt,
      finishedAt: null,
    });
    expect((await candidateOf(ivy)).body.answer_package.package_status).toBe('failed');
    // The abandoned build's zip landed after all: the package that replaces it removes it.
    await localS3().send(new PutObjectCommand({ Bucket: localEnv().MEDIA_BUCKET, Key: packageKey(ivy, 'abandoned'), Body: 'PK late' }));
    expect((await exportVideos(ivy)).body.package_status).toBe('generating');
    const built = await packageWhenBuilt(ivy);
    expect(built.package_status).toBe('completed');
    expect(await buildsOf(ivy)).toBe(1);
    const builtKey = (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidate(ivy) }))).Item!.answerPackage.key;
    expect(await packageObjects(ivy)).toEqual([builtKey]);

    // A package stored before builds left the request path: `{ key, answerIds }`, completed.
    await setPackage({ key: builtKey, answerIds });
    const legacy = (await candidateOf(ivy)).body.answer_package;
    expect(legacy).toMatchObject({ package_status: 'completed', left_out_answers: [] });
    expect((await download(legacy.download_href!)).subarray(0, 2).toString()).toBe('PK');
    expect((await exportVideos(ivy)).body.package_status).toBe('completed');
    expect(await buildsOf(ivy)).toBe(1);
  }, 240_000);
});
