import { interviewFixture } from '../support/interviews';
import { goal, median, printTable, putAll, type StackContext } from './support';

/** Transcript search at 10,000 answers against at 100: the bound on the ratio (issue 27). */
const RATIO_GOAL = 1.5;

/**
 * "Find in answers" at 100 and at 10,000 answers: a page (one Query of the position's word
 * partition, at most WORDS_READ_PER_PAGE items, and one BatchGetItem of the candidates found)
 * should cost the same. Each answer is one candidate's, its words indexed by the product's own
 * rules (transcriptIndex) into items as the pipeline writes them, straight into DynamoDB Local. Two
 * searches: a phrase every answer says (a full page of 20) and a word one answer says. The calls
 * a page makes are counted on the product's own DynamoDB client, with the use case run in this
 * process against the same table.
 */
export const answerSearchFigure = async ({ api, env, session, companyId }: StackContext) => {
  const { keys } = await import('../../lambdas/data/keys');
  const { transcriptIndex } = await import('../../lambdas/domain/transcript-search');
  const interview = interviewFixture({ questions: ['Tell us about a project'], pacing: { thinking_time: 30, answer_time: 60, retakes: 0 } });
  const said = (i: number) =>
    `I have experience with school gardens. My favourite project was a weather station, number kiwi${i}, for the garden club.`
      .split(' ')
      .map((content, k) => ({ content, start: 2 + k * 0.35, end: 2.3 + k * 0.35 }));

  const seed = async (count: number) => {
    const { position_id: positionId } = await api('createPosition', {
      params: { companyId },
      body: { job_title: `Find ${count}`, interview },
      session,
    });
    const createdAt = '2026-01-01T00:00:00.000Z';
    const items = Array.from({ length: count }, (_, i) => {
      const candidateId = `find${count}-${String(i).padStart(8, '0')}`;
      const answerId = `answer${count}-${String(i).padStart(8, '0')}`;
      const entries = transcriptIndex(said(i));
      return [
        {
          ...keys.candidate(candidateId),
          type: 'candidate',
          candidateId,
          positionId,
          companyId,
          candidateName: `Candidate ${i}`,
          email: null,
          preview: false,
          currentStatus: 'responded',
          createdAt,
          interview: { intro: null, questions: [{ title: 'Tell us about a project', content: '' }], outro: null, pacing: { answerTime: 60 } },
          answers: { q0: { answerId, mediaId: `media-${answerId}` } },
        },
        {
          ...keys.answer(candidateId, 0),
          type: 'answer',
          answerId,
          candidateId,
          positionId,
          companyId,
          questionIndex: 0,
          transcriptTokens: entries.map((e) => e.token),
        },
        ...entries.map((entry) => ({
          ...keys.transcriptWord(positionId, entry.token, answerId),
          type: 'transcriptWord',
          answerId,
          candidateId,
          questionIndex: 0,
          sentences: entry.sentences,
        })),
      ];
    });
    const all = items.flat();
    await putAll(env, all);
    return { positionId: positionId as string, items: all.length };
  };

  /** A search over HTTP, after one untimed call (the function's cold start is the lambdas section's figure). */
  const time = async (positionId: string, text: string, expected: number) => {
    const times: number[] = [];
    for (let i = -1; i < 15; i++) {
      const started = performance.now();
      const body = await api('searchAnswers', { params: { positionId }, query: { text }, session });
      if (i >= 0) times.push(performance.now() - started);
      if (body.answer_matches?.length !== expected) throw new Error(`searchAnswers ${text}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    return median(times);
  };

  // The product's use case in this process (the stack put its environment in process.env), every DynamoDB call counted.
  const { dynamodb } = await import('../../lambdas/data/client');
  const { searchAnswersPage } = await import('../../lambdas/app/review/answer-search');
  const me = await api('getMe', { session });
  const calls: string[] = [];
  dynamodb.middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(String(context.commandName).replace(/Command$/, ''));
      return next(args);
    },
    { step: 'initialize', name: 'answerSearchCallCounter' },
  );
  const callsOf = async (positionId: string, text: string) => {
    calls.length = 0;
    await searchAnswersPage(positionId, me.user.user_id as string, { text });
    return [...calls];
  };

  console.log('\nFind in answers (one page) over HTTP against DynamoDB Local, median of 15\n');
  const positions = [];
  for (const count of [100, 10_000]) positions.push({ count, ...(await seed(count)) });
  const rows: string[][] = [];
  const figures: { count: number; phrase: number; word: number; calls: string[] }[] = [];
  for (const { count, positionId, items } of positions) {
    const phrase = await time(positionId, 'weather station', 20);
    const word = await time(positionId, `kiwi${count - 7}`, 1);
    const counted = await callsOf(positionId, 'weather station');
    figures.push({ count, phrase, word, calls: counted });
    rows.push([
      count.toLocaleString('en'),
      items.toLocaleString('en'),
      `${phrase.toFixed(1)} ms`,
      `${word.toFixed(1)} ms`,
      counted.join(' + ') || 'none',
    ]);
  }
  printTable(['answers', 'items seeded', 'a phrase all say (page of 20)', 'a word one says', 'DynamoDB calls of a page'], rows);

  const [small, large] = figures as [(typeof figures)[number], (typeof figures)[number]];
  const ratio = large.phrase / small.phrase;
  goal({
    figure: 'Transcript search at 10,000 ÷ at 100 answers',
    value: `${ratio.toFixed(2)} (${large.phrase.toFixed(1)} / ${small.phrase.toFixed(1)} ms)`,
    goal: `≤ ${RATIO_GOAL}`,
    met: ratio <= RATIO_GOAL,
  });
  const queries = (c: string[]) => c.filter((name) => name === 'Query').length;
  const batchGets = (c: string[]) => c.filter((name) => name === 'BatchGetItem').length;
  goal({
    figure: 'Transcript search: calls per page (100 / 10,000 answers)',
    value: figures.map((f) => f.calls.join(' + ')).join(' / '),
    goal: '1 Query + 1 BatchGetItem (+ the access check) at any size',
    met: figures.every((f) => queries(f.calls) === 1 && batchGets(f.calls) === 1),
  });
};
