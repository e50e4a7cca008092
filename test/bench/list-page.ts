import { median, printTable, type StackContext } from './support';

/**
 * The candidates list at 100 and at 10,000 candidates: the same page (12 cards, one Query) should
 * cost the same. Candidates are written straight into DynamoDB Local with the product's own keys.
 */
export const listPageFigure = async ({ api, env, session, companyId }: StackContext) => {
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { BatchWriteCommand, DynamoDBDocumentClient, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { keys } = await import('../../lambdas/shared/db/keys');
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      region: env.AWS_REGION,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
    }),
  );
  const interview = {
    intro: null,
    questions: [{ title: 'Q', content: '', thumbnail_image_group_id: null, video_group_id: null }],
    outro: null,
    pacing: { thinking_time: 30, answer_time: 60, retakes: 0 },
  };
  const seed = async (count: number) => {
    const { position_id: positionId } = await api('createPosition', {
      params: { companyId },
      body: { job_title: `Bench ${count}`, interview },
      session,
    });
    const base = Date.parse('2026-01-01T00:00:00Z');
    const items = Array.from({ length: count }, (_, i) => {
      const candidateId = `bench${String(i).padStart(8, '0')}`;
      const createdAt = new Date(base + i * 1000).toISOString();
      return {
        ...keys.candidate(candidateId),
        ...keys.candidateByPosition(positionId, createdAt, candidateId),
        ...keys.candidateByStatus(positionId, 'invited', createdAt, candidateId),
        type: 'candidate',
        candidateId,
        positionId,
        companyId,
        candidateName: `Candidate ${i}`,
        email: `candidate${i}@example.com`,
        searchText: `candidate ${i}\ncandidate${i}@example.com`,
        currentStatus: 'invited',
        createdAt,
        expiresAt: null,
        completedAt: null,
        interviewToken: `token${candidateId}`.padEnd(43, 'x'),
        preview: false,
        jobTitle: `Bench ${count}`,
        interview: { intro: null, questions: [{ title: 'Q', content: '' }], outro: null, pacing: { thinkingTime: 30, answerTime: 60, retakes: 0 } },
        answeredCount: 0,
        attempts: {},
        answers: {},
      };
    });
    for (let i = 0; i < items.length; i += 25) {
      await db.send(new BatchWriteCommand({ RequestItems: { [env.TABLE_NAME!]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
    await db.send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: keys.position(positionId),
        UpdateExpression: 'SET candidates.invited = :n',
        ExpressionAttributeValues: { ':n': count },
      }),
    );
    return positionId as string;
  };
  /** The candidates list of a position with this query. */
  const time = async (positionId: string, query: Record<string, string>) => {
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      const body = await api('listCandidates', { params: { positionId }, query, session });
      times.push(performance.now() - started);
      if (!Array.isArray(body.candidates)) throw new Error(`listCandidates ${JSON.stringify(query)}: ${JSON.stringify(body)}`);
    }
    return median(times);
  };
  console.log('\nCandidates list page (12 cards) over HTTP against DynamoDB Local, median of 15\n');
  const rows: string[][] = [];
  for (const count of [100, 10_000]) {
    const positionId = await seed(count);
    const first = await time(positionId, { tab: 'invited' });
    const deep = await time(positionId, { tab: 'invited', after: `bench${String(Math.floor(count / 2)).padStart(8, '0')}` });
    const search = await time(positionId, { search_text: `candidate${count - 7}@` });
    rows.push([count.toLocaleString('en'), `${first.toFixed(1)} ms`, `${deep.toFixed(1)} ms`, `${search.toFixed(1)} ms`]);
  }
  printTable(['candidates', 'first page', 'page in the middle', 'search (filtered read of the position)'], rows);
};
