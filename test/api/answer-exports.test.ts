import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaKeys } from '../../lambdas/adapters/storage-layout';
import { keys } from '../../lambdas/data/keys';
import { baseUrl, call } from '../support/api';
import { allocateCredits, localDb, localEnv, mediaObjectKeys, partition } from '../support/aws';
import { mailArriving, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { answerQuestion, interviewFixture, interviewLinkMailedTo, seedAnswerSpecs, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';
import { zipEntries } from '../support/zip';

/**
 * Every answer type where answers leave the product (issue 39): the CSV export's rows carry each
 * answer in words (a text as written, the options picked with knockouts marked, a file by its
 * name, a recording by its kind) and why a knockout stopped the candidate; so does the note
 * written back to the candidate's ATS profile (plain text: an HTML ATS's adapter escapes it). The
 * answer package holds recordings and files (under safe, unique names), text answers as text files
 * and an index of every answer (the options picked are there). A
 * text answer is found by "Find in answers" as a written answer; deleting a candidate (by the
 * team, or by retention) deletes their files, drafts, text answers and search entries.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const TEXT = '=1+2 I have led <b>teams</b>\nfor many years as a kitchen manager.';

const titles = ['In writing: your experience', 'Which stations?', 'Your CV', 'A word on video'];

let owner: Owner;
let positionId: string;
const people: Record<string, { candidateId: string; token: string; answerIds: string[] }> = {};

const invite = async (name: string) => {
  const invited = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email: null } });
  expect(invited.status).toBe(201);
  people[name] = { candidateId: invited.body.candidate_id as string, token: tokenFromHref(invited.body.interview_href), answerIds: [] };
  return people[name];
};
const typed = async (token: string, questionIndex: number, body: { text: string } | { option_ids: string[] }) =>
  expect((await call('submitTypedAnswer', { params: { token, questionIndex }, body })).status).toBe(200);
const fileAnswer = async (token: string, questionIndex: number, fileName: string, bytes: Uint8Array) => {
  const started = await call('startFileAnswer', { params: { token, questionIndex }, body: { file_name: fileName, size: bytes.length } });
  expect(started.status).toBe(201);
  const put = await fetch(started.body.upload_url, { method: 'PUT', headers: { 'content-type': started.body.upload_content_type }, body: Buffer.from(bytes) });
  expect(put.status).toBe(200);
  expect((await call('submitAnswer', { params: { token, answerId: started.body.answer_id }, body: { uploaded: 'file' } })).status).toBe(200);
  return started.body.answer_id as string;
};

beforeAll(async () => {
  owner = await registerAndSignIn('Answer Exports Co');
  await allocateCredits(owner.companyId, 10);
  const position = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Head chef', interview: interviewFixture({ questions: titles }) },
  });
  expect(position.status).toBe(201);
  positionId = position.body.position_id;
  // Seeded as stored (quicker than the editor; the API takes them too).
  await seedAnswerSpecs(positionId, [
    { answerType: 'text', minWords: null, maxWords: null },
    {
      answerType: 'multiple_choice',
      options: [
        { optionId: 'grill', label: 'Grill', knockout: false },
        { optionId: 'pastry', label: '@Pastry', knockout: false },
        { optionId: 'none', label: 'None of them', knockout: true },
      ],
      minPicked: 1,
      maxPicked: null,
    },
    { answerType: 'file' },
  ]);
  const clip = (await makeClip(1)).bytes;

  // Ada answers everything (a knockout option among her picks: flagged); Bob only the text so far.
  const ada = await invite('Ada Able');
  await typed(ada.token, 0, { text: TEXT });
  await typed(ada.token, 1, { option_ids: ['none', 'grill'] });
  ada.answerIds.push(await fileAnswer(ada.token, 2, 'cv.pdf', pdf));
  ada.answerIds.push((await answerQuestion(ada.token, 3, clip)).answerId);
  const bob = await invite('Bob Brief');
  await typed(bob.token, 0, { text: 'Short and sweet.' });
}, 180_000);

describe('the CSV export of every answer type (issue 39)', () => {
  it('gives each answer in words, knockouts marked, and why a knockout flagged the candidate', async () => {
    const res = await call('exportCandidates', { params: { positionId }, session: owner.sessionId });
    expect(res.status).toBe(200);
    expect(res.body.questions).toEqual(titles);
    const byName = new Map((res.body.rows as Record<string, any>[]).map((row) => [row.candidate_name, row]));
    expect(byName.get('Ada Able')).toMatchObject({
      current_status: 'responded',
      // Formulas neutralised; the text otherwise as written (never HTML), line breaks kept.
      answers: [`'${TEXT}`, 'Grill; None of them (knockout)', 'cv.pdf', 'Video answer'],
      knocked_out: 'Question 2 (Which stations?): None of them. Flagged for the team.',
    });
    expect(byName.get('Bob Brief')).toMatchObject({ current_status: 'invited', answers: ['Short and sweet.', '', '', ''] });
    expect(byName.get('Bob Brief')).not.toHaveProperty('knocked_out');
  });
});

describe('the ATS write-back note of every answer type (issue 39)', () => {
  const standIn = (path: string) => `${baseUrl()}/_local/ats/greenhouse${path}`;
  const runSchedule = async (id: string) => expect((await fetch(`${baseUrl()}/_local/schedules/${id}`, { method: 'POST' })).status).toBe(200);

  it("writes each answer in words, the text as plain text, and the knockout into the response's note", async () => {
    const team = await registerAndSignIn('Answer Notes Co');
    await allocateCredits(team.companyId, 5);
    const connected = await call('createIntegration', {
      params: { companyId: team.companyId },
      session: team.sessionId,
      body: { integration_type: 'greenhouse', auth_token: 'greenhouse-local-secret', username: 'greenhouse-local-client' },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    const created = await call('createPosition', {
      params: { companyId: team.companyId },
      session: team.sessionId,
      body: { job_title: 'Sous chef', interview: interviewFixture({ questions: ['In writing, please', 'Can you start soon?', 'Never reached'] }) },
    });
    const notePosition = created.body.position_id as string;
    const tag = `notes-${Date.now()}`;
    const position = (await call('getPosition', { params: { positionId: notePosition }, session: team.sessionId })).body;
    const tags = [{ integration_type: 'greenhouse', tag }];
    expect((await call('updatePosition', { params: { positionId: notePosition }, session: team.sessionId, body: { ...position, integration_tags: tags } })).status).toBe(200);
    await seedAnswerSpecs(
      notePosition,
      [
        { answerType: 'text', minWords: null, maxWords: null },
        {
          answerType: 'single_choice',
          options: [
            { optionId: 'yes', label: 'Yes', knockout: false },
            { optionId: 'no', label: 'No', knockout: true },
          ],
        },
      ],
      { action: 'end', message: 'Thank you.' },
    );
    const email = uniqueEmail('note');
    const added = await fetch(standIn('/candidates'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Nora Note', email, tag }),
    });
    expect(added.status).toBe(201);
    const inAtsId = ((await added.json()) as { candidate: { id: string } }).candidate.id;
    await runSchedule('syncIntegrations');

    const token = tokenFromHref(await interviewLinkMailedTo(email));
    const text = 'I run a <script>alert(1)</script> tight pass.\nAnd & more.';
    await typed(token, 0, { text });
    // A knockout that ends the interview: the response is written back with the third question unanswered.
    const ended = await call('submitTypedAnswer', { params: { token, questionIndex: 1 }, body: { option_ids: ['no'] } });
    expect(ended.body.completed).toBe(true);
    await runSchedule('deliverIntegrationResults');

    const state = (await (await fetch(standIn('/state'))).json()) as { candidates: { id: string; notes: { body: string }[] }[] };
    const notes = state.candidates.find((c) => c.id === inAtsId)!.notes;
    expect(notes).toHaveLength(1);
    const body = notes[0]!.body;
    expect(body).toContain('Nora Note completed the video interview for Sous chef.');
    expect(body).toContain('Knocked out: Question 2 (Can you start soon?): No. The interview ended there.');
    expect(body).toContain(`1. In writing, please\n${text}\n`);
    expect(body).toContain('2. Can you start soon?\nNo (knockout)\n');
    expect(body).toContain('3. Never reached\n(not answered)\n');
    expect(body).toContain('Watch the answers: ');
  });
});

describe('Find in answers finds written answers (issue 39)', () => {
  it('lists a text answer that says the words as written, with no moment to seek to', async () => {
    const res = await call('searchAnswers', { params: { positionId }, session: owner.sessionId, query: { text: 'kitchen manager' } });
    expect(res.status).toBe(200);
    expect(res.body.answer_matches).toEqual([
      {
        candidate_id: people['Ada Able']!.candidateId,
        candidate_name: 'Ada Able',
        answer_id: expect.any(String),
        question_index: 0,
        question_title: titles[0],
        start_millis: null,
        written: true,
        sentence: 'for many years as a kitchen manager.',
        highlights: [{ start: 20, end: 35 }],
      },
    ]);
    // The markup in it is words like any other, never markup.
    expect((await call('searchAnswers', { params: { positionId }, session: owner.sessionId, query: { text: 'teams' } })).body.answer_matches[0]).toMatchObject({
      sentence: '=1+2 I have led <b>teams</b>',
    });
    expect((await call('searchAnswers', { params: { positionId }, session: owner.sessionId, query: { text: 'sweet' } })).body.answer_matches).toMatchObject([
      { candidate_name: 'Bob Brief', written: true },
    ]);
  });
});

describe('deleting a candidate with every answer type (issue 39)', () => {
  const item = async (key: { PK: string; SK: string }) =>
    (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: key, ConsistentRead: true }))).Item;
  const wordsOf = async (candidateId: string) =>
    (await partition(keys.transcriptWord(positionId, '', '').PK)).filter((word) => word.candidateId === candidateId);
  const mediaOf = async (candidateId: string) =>
    (await partition(keys.candidate(candidateId).PK)).flatMap((i) => (typeof i.mediaId === 'string' ? [i.mediaId as string] : []));
  const expectAllGone = async (candidateId: string, mediaIds: string[]) => {
    expect(await partition(keys.candidate(candidateId).PK)).toEqual([]);
    expect(await wordsOf(candidateId)).toEqual([]);
    for (const mediaId of mediaIds) {
      expect(await item(keys.media(mediaId)), mediaId).toBeUndefined();
      expect(await mediaObjectKeys(mediaKeys(mediaId).prefix)).toEqual([]);
      expect(await mediaObjectKeys(mediaKeys(mediaId).uploadPrefix)).toEqual([]);
    }
  };

  it('deletes their file, its media item, drafts, text answers and search entries when the team deletes them', async () => {
    // Cy: a text answer (indexed), choices, a file; Dee: a draft only, and a file uploaded but not submitted.
    const cy = await invite('Cy Clear');
    await typed(cy.token, 0, { text: 'Pastry chef in Lyon for a decade.' });
    await typed(cy.token, 1, { option_ids: ['pastry'] });
    await fileAnswer(cy.token, 2, 'lyon.pdf', pdf);
    const dee = await invite('Dee Draft');
    expect((await call('saveAnswerDraft', { params: { token: dee.token, questionIndex: 0 }, body: { text: 'Half a thought' } })).status).toBe(200);
    const started = await call('startFileAnswer', { params: { token: dee.token, questionIndex: 2 }, body: { file_name: 'cv.pdf', size: pdf.length } });
    await fetch(started.body.upload_url, { method: 'PUT', headers: { 'content-type': started.body.upload_content_type }, body: Buffer.from(pdf) });

    const cyMedia = await mediaOf(cy.candidateId);
    const deeMedia = await mediaOf(dee.candidateId);
    expect(cyMedia).toHaveLength(1);
    expect(deeMedia).toHaveLength(1);
    expect(await wordsOf(cy.candidateId)).not.toEqual([]);
    expect((await partition(keys.candidate(dee.candidateId).PK)).map((i) => String(i.SK).split('#')[0])).toEqual(expect.arrayContaining(['DRAFT']));
    expect(await mediaObjectKeys(mediaKeys(cyMedia[0]!).uploadPrefix)).not.toEqual([]);

    for (const { candidateId } of [cy, dee]) {
      expect((await call('deleteCandidate', { params: { candidateId }, session: owner.sessionId })).status).toBe(200);
    }
    await expectAllGone(cy.candidateId, cyMedia);
    await expectAllGone(dee.candidateId, deeMedia);
    expect((await call('searchAnswers', { params: { positionId }, session: owner.sessionId, query: { text: 'lyon' } })).body.answer_matches).toEqual([]);
  });

  it('deletes them the same way when they ask for it by e-mail', async () => {
    const email = uniqueEmail('erase-answers');
    const invited = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: 'Eve Erased', email } });
    expect(invited.status).toBe(201);
    const candidateId = invited.body.candidate_id as string;
    const token = tokenFromHref(invited.body.interview_href);
    await typed(token, 0, { text: 'Patisserie in Tours since spring.' });
    await fileAnswer(token, 2, 'tours.pdf', pdf);
    const mediaIds = await mediaOf(candidateId);
    expect(mediaIds).toHaveLength(1);
    expect(await wordsOf(candidateId)).not.toEqual([]);

    expect((await call('requestDataDeletion', { body: { company_id: owner.companyId, email } })).status).toBe(202);
    const confirmation = await mailArriving(email, (mail) => mail.subject.startsWith('Confirm the deletion of your data'));
    const nonce = /#\/confirm-deletion\/([A-Za-z0-9_-]+)/.exec(confirmation?.text ?? '')?.[1] ?? '';
    const confirmed = await call('confirmDataDeletion', { body: { nonce } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ candidates: 1 });
    await expectAllGone(candidateId, mediaIds);
  });

  it('deletes them the same way by retention', async () => {
    const team = await registerAndSignIn('Answer Retention Co');
    await allocateCredits(team.companyId, 5);
    const created = await call('createPosition', {
      params: { companyId: team.companyId },
      session: team.sessionId,
      body: { job_title: 'Baker', interview: interviewFixture({ questions: ['In writing', 'Your CV'] }) },
    });
    const retained = created.body.position_id as string;
    await seedAnswerSpecs(retained, [{ answerType: 'text', minWords: null, maxWords: null }, { answerType: 'file' }]);
    const invited = await call('inviteCandidate', { params: { positionId: retained }, session: team.sessionId, body: { candidate_name: 'Rae Retained', email: null } });
    const candidateId = invited.body.candidate_id as string;
    const token = tokenFromHref(invited.body.interview_href);
    await typed(token, 0, { text: 'Sourdough every morning at four.' });
    await fileAnswer(token, 1, 'bread.pdf', pdf);
    const mediaIds = await mediaOf(candidateId);
    expect(mediaIds).toHaveLength(1);
    expect((await partition(keys.transcriptWord(retained, '', '').PK)).length).toBeGreaterThan(0);

    expect((await call('putRetention', { params: { companyId: team.companyId }, session: team.sessionId, body: { retention_months: 1 } })).status).toBe(200);
    const longAgo = new Date(Date.now() - 90 * 86_400_000).toISOString();
    await localDb().send(
      new UpdateCommand({
        TableName: localEnv().TABLE_NAME,
        Key: keys.candidate(candidateId),
        UpdateExpression: 'SET lastActiveAt = :at, GSI5SK = :sk',
        ExpressionAttributeValues: { ':at': longAgo, ':sk': keys.candidateRetention(team.companyId, longAgo, candidateId).GSI5SK },
      }),
    );
    const run = await fetch(`${baseUrl()}/_local/schedules/applyRetention?time=${encodeURIComponent(new Date().toISOString())}`, { method: 'POST' });
    expect(run.status).toBe(200);
    expect((await call('getCandidate', { params: { candidateId }, session: team.sessionId })).status).toBe(404);
    expect(await partition(keys.candidate(candidateId).PK)).toEqual([]);
    expect(await partition(keys.transcriptWord(retained, '', '').PK)).toEqual([]);
    for (const mediaId of mediaIds) {
      expect(await item(keys.media(mediaId))).toBeUndefined();
      expect(await mediaObjectKeys(mediaKeys(mediaId).prefix)).toEqual([]);
    }
  });
});

describe('the answer package of every answer type (issue 39)', () => {
  const candidateOf = (candidateId: string) => call('getCandidate', { params: { candidateId }, session: owner.sessionId });
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) => {
    for (let i = 0; i < 480; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`still waiting for ${what}`);
  };

  it('holds the recording, the file under a safe name with the type read from its bytes, the text as a text file and an index naming every answer', async () => {
    const { candidateId } = people['Ada Able']!;
    await until(
      () => candidateOf(candidateId),
      (res) => res.body.answers.every((a: any) => a.video === null || a.video.upload_status !== 'processing'),
      "Ada's video",
    );
    const started = await call('createAnswerPackage', { params: { candidateId }, session: owner.sessionId });
    expect(started.status).toBe(202);
    const done = await until(
      async () => (await candidateOf(candidateId)).body.answer_package,
      (p) => p.package_status !== 'generating',
      "Ada's package",
    );
    expect(done).toMatchObject({ package_status: 'completed', left_out_answers: [] });
    const entries = await zipEntries(Buffer.from(await (await fetch(done.download_href!)).arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(['00-Answers.txt', '01-In-writing-your-experience.txt', '03-cv.pdf', '04-A-word-on-video.mp4']);
    const entry = (name: string) => entries.find((e) => e.name === name)!.data;
    expect(entry('03-cv.pdf').equals(Buffer.from(pdf))).toBe(true);
    expect(entry('04-A-word-on-video.mp4').subarray(4, 8).toString('latin1')).toBe('ftyp');
    // Text as written (UTF-8 with a byte-order mark), never made into markup or a formula.
    expect(entry('01-In-writing-your-experience.txt').toString('utf8')).toBe(`\uFEFF${TEXT}`);
    expect(entry('00-Answers.txt').toString('utf8')).toBe(
      '\uFEFF' +
        [
          'Question 1: In writing: your experience\nIn the package: 01-In-writing-your-experience.txt',
          'Question 2: Which stations?\nAnswer: Grill; None of them (knockout)',
          'Question 3: Your CV\nAnswer: cv.pdf\nIn the package: 03-cv.pdf',
          'Question 4: A word on video\nAnswer: Video answer\nIn the package: 04-A-word-on-video.mp4',
        ].join('\n\n') +
        '\n',
    );
  });
});
