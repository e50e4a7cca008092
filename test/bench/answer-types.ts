import type { RecordedInvocation } from '../../lib/local/dynamodb-calls';
import type { AnswerSpec } from '../../lambdas/contracts/answer-types';
import { addCredits, goal, printTable, putAll, tableClient, type StackContext } from './support';
import { interviewFixture } from '../support/interviews';

/**
 * Issue 39: answer types other than video cost the pages nothing. A position asking for a video, a
 * text, a single and a multiple choice and a file, with 10,000 responded candidates who answered
 * each (written straight into DynamoDB Local with the product's keys, and one candidate who
 * answered through the API: a text, two choices, a PDF and a take), against a video-only position
 * with 100: the candidates list's first page and the candidate page make the same DynamoDB calls
 * (counted by the local Lambda runtime for the request, `GET /_local/dynamodb-calls`). The text
 * answers' texts are read in the BatchGetItem the candidate page makes anyway for the media.
 */
const MIXED: AnswerSpec[] = [
  { answerType: 'video' },
  { answerType: 'text', minWords: null, maxWords: 200 },
  {
    answerType: 'single_choice',
    options: [
      { optionId: 'yes', label: 'Yes', knockout: false },
      { optionId: 'no', label: 'No', knockout: true },
    ],
  },
  {
    answerType: 'multiple_choice',
    options: [
      { optionId: 'a', label: 'Mornings', knockout: false },
      { optionId: 'b', label: 'Evenings', knockout: false },
    ],
    minPicked: 1,
    maxPicked: null,
  },
  { answerType: 'file' },
];
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

export const answerTypesFigure = async ({ api, url, env, session, companyId }: StackContext) => {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { keys } = await import('../../lambdas/data/keys');
  const db = await tableClient(env);
  await addCredits(env, companyId, 10);

  /** The DynamoDB calls the request made, by operation (the local runtime records each invocation's). */
  const callsOf = async (requestId: string) => {
    const { invocations } = (await (await fetch(`${url}/_local/dynamodb-calls?requestId=${encodeURIComponent(requestId)}`)).json()) as {
      invocations: RecordedInvocation[];
    };
    const invocation = invocations[0];
    if (!invocation) throw new Error(`no invocation recorded for ${requestId}`);
    return invocation.summary;
  };
  const measured = async (path: string) => {
    const res = await fetch(`${url}/api/v1${path}`, { headers: { 'x-session-id': session } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return callsOf(res.headers.get('apigw-requestid') ?? '');
  };

  const seed = async (count: number, specs: AnswerSpec[] | null) => {
    const questions = specs ? specs.map((_, i) => `Question ${i + 1}`) : ['Question 1'];
    const interview = interviewFixture({ questions, pacing: { thinking_time: null, answer_time: 60, retakes: 0 } });
    const { position_id: positionId } = await api('createPosition', {
      params: { companyId },
      body: { job_title: `Answer types ${count}`, interview },
      session,
    });
    if (specs)
      await db.send(
        new UpdateCommand({
          TableName: env.TABLE_NAME,
          Key: keys.position(positionId),
          UpdateExpression: `SET ${specs.map((_, i) => `interview.questions[${i}].answer = :a${i}`).join(', ')}`,
          ExpressionAttributeValues: Object.fromEntries(specs.map((spec, i) => [`:a${i}`, spec])),
        }),
      );
    const base = Date.parse('2026-01-01T00:00:00Z');
    const items = Array.from({ length: count }, (_, i) => {
      const candidateId = `types${count}-${String(i).padStart(8, '0')}`;
      const at = new Date(base + i * 1000).toISOString();
      const answer = (q: number) => ({ answerId: `${candidateId}-a${q}`, answerType: (specs?.[q] ?? MIXED[0]!).answerType });
      const answers = specs
        ? {
            q0: { ...answer(0), mediaId: `${candidateId}-m0` },
            q1: answer(1),
            q2: { ...answer(2), optionIds: [i % 7 === 0 ? 'no' : 'yes'] },
            q3: { ...answer(3), optionIds: ['a', 'b'] },
            q4: { ...answer(4), mediaId: `${candidateId}-m4`, fileName: 'cv.pdf' },
          }
        : { q0: { ...answer(0), mediaId: `${candidateId}-m0` } };
      const knocked = specs && i % 7 === 0 ? { knockout: { questionIndex: 2, optionLabels: ['No'], ended: false, at } } : {};
      return [
        {
          ...keys.candidate(candidateId),
          ...keys.candidateByPosition(positionId, at, candidateId),
          ...keys.candidateByStatus(positionId, 'responded', at, candidateId),
          type: 'candidate',
          candidateId,
          positionId,
          companyId,
          candidateName: `Candidate ${i}`,
          email: `types${i}@example.com`,
          preview: false,
          currentStatus: 'responded',
          createdAt: at,
          completedAt: at,
          expiresAt: null,
          interviewToken: `token${candidateId}`.padEnd(43, 'x'),
          jobTitle: `Answer types ${count}`,
          interview: {
            intro: null,
            questions: questions.map((title, q) => ({ title, content: '', answer: specs?.[q] ?? MIXED[0] })),
            outro: null,
            pacing: { thinkingTime: null, answerTime: 60, retakes: 0 },
          },
          answeredCount: questions.length,
          attempts: {},
          answers,
          ...knocked,
        },
        ...(specs
          ? [
              {
                ...keys.answer(candidateId, 1),
                type: 'answer',
                answerId: `${candidateId}-a1`,
                candidateId,
                questionIndex: 1,
                text: `Answer number ${i} in words.`,
              },
            ]
          : []),
      ];
    });
    await putAll(env, items.flat());
    await db.send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: keys.position(positionId),
        UpdateExpression: 'SET candidates.responded = :n',
        ExpressionAttributeValues: { ':n': count },
      }),
    );
    return positionId as string;
  };

  /** One candidate answering every question through the API (the take's bytes are no video: the pipeline fails it, which costs the page nothing more). */
  const answeredThroughApi = async (positionId: string, specs: AnswerSpec[]) => {
    const invited = await api('inviteCandidate', { params: { positionId }, session, body: { candidate_name: 'Through the API', email: null } });
    const token = /#\/interview\/([A-Za-z0-9_-]+)$/.exec(invited.interview_href)![1]!;
    for (const [questionIndex, spec] of specs.entries()) {
      const params = { token, questionIndex: String(questionIndex) };
      if (spec.answerType === 'text') await api('submitTypedAnswer', { params, body: { text: 'A few words written for the bench.' } });
      else if (spec.answerType === 'single_choice') await api('submitTypedAnswer', { params, body: { option_ids: ['yes'] } });
      else if (spec.answerType === 'multiple_choice') await api('submitTypedAnswer', { params, body: { option_ids: ['a'] } });
      else if (spec.answerType === 'file') {
        const started = await api('startFileAnswer', { params, body: { file_name: 'cv.pdf', size: pdf.length } });
        await fetch(started.upload_url, { method: 'PUT', headers: { 'content-type': started.upload_content_type }, body: pdf });
        await api('submitAnswer', { params: { token, answerId: started.answer_id }, body: { uploaded: 'file' } });
      } else {
        const started = await api('startAnswer', { params: { token }, body: { question_index: questionIndex, content_type: 'video/webm' } });
        const urls = await api('getAnswerPartUrls', { params: { token, answerId: started.answer_id }, body: { part_numbers: [1] } });
        const put = await fetch(urls.parts[0].upload_url, { method: 'PUT', body: Buffer.from('not a video') });
        await api('submitAnswer', {
          params: { token, answerId: started.answer_id },
          body: { parts: [{ part_number: 1, etag: put.headers.get('etag') }] },
        });
      }
    }
    return invited.candidate_id as string;
  };

  const baseline = await seed(100, null);
  const mixed = await seed(10_000, MIXED);
  const baselineCandidate = await answeredThroughApi(baseline, [MIXED[0]!]);
  const mixedCandidate = await answeredThroughApi(mixed, MIXED);

  const figures = [];
  for (const [label, positionId, candidateId] of [
    ['video only, 100 candidates', baseline, baselineCandidate],
    ['mixed types, 10,000 candidates', mixed, mixedCandidate],
  ] as const) {
    const list = await measured(`/positions/${positionId}/candidates?tab=responded`);
    const page = await measured(`/candidates/${candidateId}`);
    figures.push({ label, list, page });
  }
  const callText = (s: { calls: number; operations: Record<string, number> }) =>
    `${s.calls} (${Object.entries(s.operations)
      .map(([op, n]) => `${op} ${n}`)
      .join(', ')})`;
  console.log('\nAnswer types (issue 39): DynamoDB calls of the list page and the candidate page\n');
  printTable(
    ['position', 'candidates list, first page', 'candidate page'],
    figures.map((f) => [f.label, callText(f.list), callText(f.page)]),
  );
  const [video, types] = figures as [(typeof figures)[number], (typeof figures)[number]];
  goal({
    figure: 'Answer types: calls of the list page and the candidate page (video at 100 / mixed at 10,000)',
    value: `list ${video.list.calls} / ${types.list.calls}, candidate ${video.page.calls} / ${types.page.calls}`,
    goal: 'the same calls with every answer type',
    met: types.list.calls <= video.list.calls && types.page.calls <= video.page.calls,
  });
};
