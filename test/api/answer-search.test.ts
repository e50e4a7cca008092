import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { BatchWriteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaKeys } from '../../lambdas/adapters/storage-layout';
import { keys } from '../../lambdas/data/keys';
import { call, dynamodbCallsOf } from '../support/api';
import { mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { allocateCredits, localDb, localEnv, localSfn } from '../support/aws';
import { answerQuestion, interviewAsking, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';
import { savePosition } from '../support/positions';

/**
 * "Find in answers" (issue 27): the words candidates say, indexed by the media pipeline's last step
 * in the position's word partition, searched one Query a page; the index goes with the candidate.
 * The answers are real recordings (spoken by flite) transcribed by the local recognizer
 * (pocketsphinx), whose words for these texts were checked by hand ("favourite" comes out
 * "favorite", "worked" "work", "school" "skill"): the phrases searched for are ones it gets right.
 */
const SAID = {
  weather: 'my favourite project was a weather station for the school garden.',
  bakery: 'i studied physics at university, then i worked in a bakery for two years.',
  simple: 'i like making complicated things simple for the people who use them.',
};
const QUESTIONS = ['Tell us about a project', 'What did you do before?'];

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
let owner: Owner;
let positionId: string;
const candidates = new Map<string, { candidateId: string; answerIds: string[] }>();

interface Match {
  candidate_id: string;
  candidate_name: string;
  answer_id: string;
  question_index: number;
  question_title: string | null;
  start_millis: number;
  sentence: string;
  highlights: { start: number; end: number }[];
}

const search = (text: string | undefined, options: { cursor?: string; session?: string; position?: string } = {}) =>
  call('searchAnswers', {
    params: { positionId: options.position ?? positionId },
    query: { ...(text === undefined ? {} : { text }), ...(options.cursor ? { cursor: options.cursor } : {}) },
    session: options.session ?? owner.sessionId,
  });
const found = async (text: string, options: { cursor?: string; position?: string } = {}) => {
  const res = await search(text, options);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { answer_matches: Match[]; cursor: string | null };
};
const highlighted = (m: Match) => m.highlights.map(({ start, end }) => m.sentence.slice(start, end));

/** The word items of a position, straight from the table. */
const wordItems = async (position = positionId) =>
  (
    await localDb().send(
      new QueryCommand({
        TableName: localEnv().TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.transcriptWord(position, '', '').PK },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

const putItems = async (items: Record<string, unknown>[]) => {
  for (let i = 0; i < items.length; i += 25) {
    await localDb().send(
      new BatchWriteCommand({ RequestItems: { [localEnv().TABLE_NAME!]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }),
    );
  }
};

/** Word items of made-up tokens for an answer, recorded on its answer item as if an earlier transcript had said them. */
const seedOldWords = async (candidateId: string, questionIndex: number, answerId: string, count: number) => {
  const tokens = Array.from({ length: count }, (_, i) => `zzold${String(i).padStart(3, '0')}`);
  await putItems(
    tokens.map((token) => ({
      ...keys.transcriptWord(positionId, token, answerId),
      type: 'transcriptWord',
      answerId,
      candidateId,
      questionIndex,
      sentences: [{ startMillis: 0, text: token, wordMillis: [0] }],
    })),
  );
  await localDb().send(
    new UpdateCommand({
      TableName: localEnv().TABLE_NAME,
      Key: keys.answer(candidateId, questionIndex),
      UpdateExpression: 'SET transcriptTokens = list_append(transcriptTokens, :tokens)',
      ExpressionAttributeValues: { ':tokens': tokens },
    }),
  );
  return tokens;
};

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 240_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
};

const transcriptsDone = (candidateId: string) =>
  until(
    async () => {
      const res = await call('getAnswerTranscripts', { params: { candidateId }, session: owner.sessionId });
      return (res.body.answer_transcripts ?? []).map((t: { transcript_status: string }) => t.transcript_status) as string[];
    },
    (statuses) => statuses.length === QUESTIONS.length && statuses.every((s) => s === 'completed' || s === 'failed'),
    'transcripts',
  );

beforeAll(async () => {
  owner = await registerAndSignIn('Answer Search Co');
  await allocateCredits(owner.companyId, 100);
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Science teacher', interview: interviewAsking(...QUESTIONS) },
  });
  positionId = created.body.position_id;
  // Shared with the owner alone: a member of the company cannot open it.
  expect((await savePosition(owner.sessionId, positionId, { sharing: { user_ids: [owner.userId] } })).status).toBe(200);
  const [weather, bakery, simple] = await Promise.all([makeClip(5, SAID.weather), makeClip(5, SAID.bakery), makeClip(5, SAID.simple)]);
  const answers = { 'Ada Lovelace': [weather.bytes, bakery.bytes], 'Ben Franklin': [simple.bytes, weather.bytes] };
  await Promise.all(
    Object.entries(answers).map(async ([name, clips]) => {
      const invited = await call('inviteCandidate', {
        params: { positionId },
        session: owner.sessionId,
        body: { candidate_name: name, email: null },
      });
      expect(invited.status).toBe(201);
      const token = tokenFromHref(invited.body.interview_href);
      const answerIds: string[] = [];
      for (const [index, clip] of clips.entries()) answerIds.push((await answerQuestion(token, index, clip)).answerId);
      candidates.set(name, { candidateId: invited.body.candidate_id, answerIds });
    }),
  );
  for (const { candidateId } of candidates.values()) expect(await transcriptsDone(candidateId)).toEqual(['completed', 'completed']);
}, 360_000);

describe('finding words in answers', () => {
  it('finds the answers that say a phrase, with the sentence, the words found and when they are said', async () => {
    const { answer_matches: matches, cursor } = await found('Weather Station');
    expect(cursor).toBeNull();
    const ada = candidates.get('Ada Lovelace')!;
    const ben = candidates.get('Ben Franklin')!;
    expect(matches.map((m) => [m.candidate_name, m.answer_id, m.question_index, m.question_title]).sort()).toEqual([
      ['Ada Lovelace', ada.answerIds[0], 0, QUESTIONS[0]],
      ['Ben Franklin', ben.answerIds[1], 1, QUESTIONS[1]],
    ]);
    for (const match of matches) {
      expect(highlighted(match)).toEqual(['weather station']);
      expect(match.sentence).toContain('project was a weather station');
      // "weather" is the sixth word, some 1.8 s into the recording.
      expect(match.start_millis).toBeGreaterThan(1000);
      expect(match.start_millis).toBeLessThan(3000);
    }
    // The beginnings of words, any case, any order within a sentence.
    expect((await found('weath')).answer_matches).toHaveLength(2);
    const physics = (await found('PHYSICS studied')).answer_matches;
    expect(physics.map((m) => [m.candidate_id, m.question_index])).toEqual([[ada.candidateId, 1]]);
    expect(highlighted(physics[0]!)).toEqual(['studied', 'physics']);
    expect((await found('complicated things')).answer_matches.map((m) => m.candidate_name)).toEqual(['Ben Franklin']);
    // Every word must be said in the sentence; words nobody said find nothing.
    expect((await found('weather bakery')).answer_matches).toEqual([]);
    expect((await found('submarine')).answer_matches).toEqual([]);
    // Only stop-words: nothing to read the index by.
    expect((await found('for the')).answer_matches).toEqual([]);
  });

  it('reads one Query of the index and one BatchGetItem of the candidates a page', async () => {
    const res = await search('weather station');
    expect(res.status).toBe(200);
    const { UpdateItem: slides = 0, ...operations } = (await dynamodbCallsOf(res)).summary.operations;
    expect(slides).toBeLessThanOrEqual(1);
    // The session, the position and the membership; the index; the candidates found.
    expect(operations).toEqual({ GetItem: 3, Query: 1, BatchGetItem: 1 });
  });

  it('is for members who can open the position, and checks the text', async () => {
    const email = uniqueEmail('member');
    expect((await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } })).status).toBe(201);
    const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec((await mailTo(email)).find((m) => m.subject.startsWith("You're invited"))?.text ?? '')?.[1];
    const member = await call('confirmMemberInvite', { body: { nonce } });
    expect(member.status).toBe(201);
    const refused = await search('weather', { session: member.body.session_id });
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain('Ada');

    const stranger = await registerAndSignIn('Other Search Co');
    expect((await search('weather', { session: stranger.sessionId })).status).toBe(404);
    expect((await search('weather', { position: 'no-such-position' })).status).toBe(404);

    const short = await search('ab');
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('Enter at least 3 characters');
    expect((await search('weather\u0000station')).status).toBe(400);
    expect((await search(undefined)).body).toEqual({ answer_matches: [], cursor: null });
  });

  it('pages with a cursor that belongs to the search', async () => {
    const other = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Gardener', interview: interviewAsking('Why gardens?') },
    });
    const otherId = other.body.position_id as string;
    const invited = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const res = await call('inviteCandidate', {
          params: { positionId: otherId },
          session: owner.sessionId,
          body: { candidate_name: `Gardener ${i}`, email: null },
        });
        expect(res.status).toBe(201);
        return res.body.candidate_id as string;
      }),
    );
    // The index as the pipeline writes it, for 25 answers (and one of a candidate who is gone).
    const item = (candidateId: string, i: number) => ({
      ...keys.transcriptWord(otherId, 'gardens', `answer-${String(i).padStart(2, '0')}`),
      type: 'transcriptWord',
      answerId: `answer-${String(i).padStart(2, '0')}`,
      candidateId,
      questionIndex: 0,
      sentences: [{ startMillis: 4000, text: `I love gardens, number ${i}.`, wordMillis: [4000, 4300, 4600, 4900, 5200] }],
    });
    await putItems([...invited.map(item), item('gone-candidate', 25)]);

    const first = await found('gardens', { position: otherId });
    expect(first.answer_matches).toHaveLength(20);
    expect(first.cursor).toBeTruthy();
    expect(first.answer_matches[0]!.start_millis).toBe(4600);
    const second = await found('gardens', { position: otherId, cursor: first.cursor! });
    const all = [...first.answer_matches, ...second.answer_matches];
    expect(second.cursor).toBeNull();
    expect(all.map((m) => m.candidate_id).sort()).toEqual([...invited].sort());
    expect(new Set(all.map((m) => m.answer_id)).size).toBe(25);

    // A cursor of another search, of another position, or made up: 400.
    expect((await search('garden', { position: otherId, cursor: first.cursor! })).status).toBe(200);
    expect((await search('weather', { position: otherId, cursor: first.cursor! })).status).toBe(400);
    expect((await search('gardens', { cursor: first.cursor! })).status).toBe(400);
    expect((await search('gardens', { position: otherId, cursor: 'not-a-cursor' })).status).toBe(400);
  });

  it('replaces what an earlier transcript of an answer indexed, over more than one transaction', async () => {
    const ada = candidates.get('Ada Lovelace')!;
    const answerId = ada.answerIds[0]!;
    const old = await seedOldWords(ada.candidateId, 0, answerId, 150);
    expect((await found('zzold007')).answer_matches).toHaveLength(1);
    const { Item: answer } = await localDb().send(
      new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.answer(ada.candidateId, 0), ConsistentRead: true }),
    );
    // The answer's media: the same recording transcribed again.
    const { Item: media } = await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.media(answer!.mediaId) }));
    await localSfn().send(
      new StartExecutionCommand({
        stateMachineArn: localEnv().STATE_MACHINE_ARN,
        name: `${answer!.mediaId}-again`,
        input: JSON.stringify({ mediaId: answer!.mediaId, key: mediaKeys(answer!.mediaId).source, contentType: media!.contentType }),
      }),
    );
    const items = await until(
      () => wordItems(),
      (now) => !now.some((i) => String(i.SK).startsWith('zzold')),
      'old words',
    );
    const ofAnswer = items.filter((i) => i.answerId === answerId).map((i) => String(i.SK).split('#')[0]);
    expect(ofAnswer).toEqual(expect.arrayContaining(['weather', 'station', 'garden']));
    const { Item: after } = await localDb().send(
      new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.answer(ada.candidateId, 0), ConsistentRead: true }),
    );
    expect([...after!.transcriptTokens].sort()).toEqual([...ofAnswer].sort());
    expect(after!.transcriptTokens).not.toContain(old[0]);
    expect((await found('zzold007')).answer_matches).toEqual([]);
    expect((await found('weather station')).answer_matches).toHaveLength(2);
  });

  it("deletes a deleted candidate's words with them", async () => {
    const ben = candidates.get('Ben Franklin')!;
    // More words than the deletion's transaction holds: the rest go in the deletes after it.
    await seedOldWords(ben.candidateId, 0, ben.answerIds[0]!, 120);
    const before = (await wordItems()).filter((i) => i.candidateId === ben.candidateId);
    expect(before.length).toBeGreaterThan(125);
    expect((await call('deleteCandidate', { params: { candidateId: ben.candidateId }, session: owner.sessionId })).status).toBe(200);
    expect((await wordItems()).filter((i) => i.candidateId === ben.candidateId)).toEqual([]);
    expect((await found('weather station')).answer_matches.map((m) => m.candidate_name)).toEqual(['Ada Lovelace']);
    expect((await found('complicated')).answer_matches).toEqual([]);
  });
});
