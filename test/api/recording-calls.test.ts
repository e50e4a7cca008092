import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { call, dynamodbCallsOf } from '../support/api';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { registerAndSignIn, uniqueEmail } from '../support/accounts';
import { interviewAsking, startAnswer, tokenFromHref, uploadParts } from '../support/interviews';

/**
 * The candidate's public calls (issue 17): applying through a link and submitting an answer read
 * in two rounds before their write, from what the link and the token items name; items written
 * before those names were stored (a link without its company, an attempt without its content
 * type) still work, through one more read.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
let owner: Owner;

const table = () => localEnv().TABLE_NAME;

const createPosition = async (...titles: string[]) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Walk-in engineer', interview: interviewAsking(...titles) },
  });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

const applyLinkOf = async (positionId: string) => {
  const res = await call('createApplyLink', { params: { positionId }, session: owner.sessionId });
  expect(res.status).toBe(201);
  return (res.body.link_href as string).split('/apply/')[1]!;
};

const apply = (linkId: string, email = uniqueEmail('walkin')) =>
  call('applyThroughLink', { params: { linkId }, body: { candidate_name: 'Walk In', email } });

/** The fixed window's counter of applications through a link, as db/rate-limits.ts keeps it. */
const fillRateLimit = (linkId: string) => {
  const now = Math.floor(Date.now() / 1000);
  const windowStart = now - (now % 3600);
  return localDb().send(
    new PutCommand({ TableName: table(), Item: { ...keys.rateLimit('apply', linkId, windowStart), count: 120, ttl: windowStart + 3600 } }),
  );
};

beforeAll(async () => {
  owner = await registerAndSignIn('Walk-in Co');
  await allocateCredits(owner.companyId, 20);
});

describe('applying through a link', () => {
  it('reads the link, then the position, the address and the company together, then writes', async () => {
    const linkId = await applyLinkOf(await createPosition('Why us?'));
    const res = await apply(linkId);
    expect(res.status).toBe(201);
    const { operations } = (await dynamodbCallsOf(res)).summary;
    // The link; the position and the address in one BatchGetItem, the company; the rate limit; the candidate.
    expect(operations).toEqual({ BatchGetItem: 2, GetItem: 1, UpdateItem: 1, TransactWriteItems: 1 });
    expect((await call('getInterview', { params: { token: res.body.interview_token } })).body.company_name).toBe('Walk-in Co');
  });

  it('works for a link item that does not name its company', async () => {
    const linkId = await applyLinkOf(await createPosition('Why us?'));
    await localDb().send(new UpdateCommand({ TableName: table(), Key: keys.applyLink(linkId), UpdateExpression: 'REMOVE companyId' }));
    const page = await call('getApplyLink', { params: { linkId } });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ company_name: 'Walk-in Co', open: true });
    const res = await apply(linkId);
    expect(res.status).toBe(201);
    expect((await call('getInterview', { params: { token: res.body.interview_token } })).body.company_name).toBe('Walk-in Co');
  });

  it('refuses in the same order as ever: a closed position before the rate limit, the rate limit before the address', async () => {
    const positionId = await createPosition('Why us?');
    const linkId = await applyLinkOf(positionId);
    const email = uniqueEmail('twice');
    expect((await apply(linkId, email)).status).toBe(201);
    await fillRateLimit(linkId);
    const limited = await apply(linkId, email);
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe('Too many applications right now. Please try again in a little while.');
    await call('setPositionStatus', { params: { positionId, status: 'close' }, session: owner.sessionId });
    const closed = await apply(linkId, email);
    expect(closed.status).toBe(409);
    expect(closed.body.detail).toBe('This position is not taking applications at the moment.');
  });

  it('an unknown link is a 404 and leaves no rate-limit counter behind', async () => {
    const linkId = `nolink${Date.now()}`;
    const res = await apply(linkId);
    expect(res.status).toBe(404);
    const { Items } = await localDb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.rateLimit('apply', linkId, 0).PK },
      }),
    );
    expect(Items).toEqual([]);
  });
});

describe('submitting an answer', () => {
  const invite = async (positionId: string) => {
    const invited = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Ada Recording', email: uniqueEmail('ada') },
    });
    expect(invited.status).toBe(201);
    return { token: tokenFromHref(invited.body.interview_href), candidateId: invited.body.candidate_id as string };
  };

  const recorded = async (token: string) => {
    const started = await startAnswer(token, 0);
    expect(started.status).toBe(201);
    const answerId = started.body.answer_id as string;
    const parts = await uploadParts(token, answerId, new TextEncoder().encode('not a video'), started.body.min_part_bytes as number);
    return { answerId, parts };
  };

  const mediaStatus = async (mediaId: string) =>
    (await localDb().send(new GetCommand({ TableName: table(), Key: keys.media(mediaId), ConsistentRead: true }))).Item?.uploadStatus;

  it('reads the token, then the candidate and the attempt together, then writes; processing starts from the attempt', async () => {
    const { token, candidateId } = await invite(await createPosition('First?', 'Second?'));
    const { answerId, parts } = await recorded(token);
    const attempt = (await localDb().send(new GetCommand({ TableName: table(), Key: keys.attempt(candidateId, answerId) }))).Item!;
    expect(attempt.contentType).toBe('video/webm');
    const res = await call('submitAnswer', { params: { token, answerId }, body: { parts } });
    expect(res.status).toBe(200);
    expect(res.body.completed).toBe(false);
    const { operations } = (await dynamodbCallsOf(res)).summary;
    // The token; the candidate and the attempt in one BatchGetItem; the answer; the media's status.
    expect(operations).toEqual({ BatchGetItem: 2, TransactWriteItems: 1, UpdateItem: 1 });
    expect(await mediaStatus(attempt.mediaId)).not.toBe('uploading');
  });

  it('an attempt started before attempts named their content type has its media read, and is processed', async () => {
    const { token, candidateId } = await invite(await createPosition('Only question?'));
    const { answerId, parts } = await recorded(token);
    const key = keys.attempt(candidateId, answerId);
    const { Attributes } = await localDb().send(
      new UpdateCommand({ TableName: table(), Key: key, UpdateExpression: 'REMOVE contentType', ReturnValues: 'ALL_NEW' }),
    );
    const res = await call('submitAnswer', { params: { token, answerId }, body: { parts } });
    expect(res.status).toBe(200);
    expect(res.body.completed).toBe(true);
    expect((await dynamodbCallsOf(res)).calls.some((c) => c.operation === 'GetItem')).toBe(true);
    expect(await mediaStatus(Attributes!.mediaId as string)).not.toBe('uploading');
    // Submitting again answers the same.
    const again = await call('submitAnswer', { params: { token, answerId }, body: { parts } });
    expect(again.status).toBe(200);
    expect(again.body.completed).toBe(true);
  });

  it('an unknown token is a 404, an unknown recording of a known one too', async () => {
    const { token } = await invite(await createPosition('First?'));
    const unknownToken = await call('submitAnswer', {
      params: { token: `x${token.slice(1)}`, answerId: 'nope' },
      body: { parts: [{ part_number: 1, etag: 'e' }] },
    });
    expect(unknownToken.status).toBe(404);
    expect(unknownToken.body.code).toBe('interview_not_found');
    const unknownAnswer = await call('submitAnswer', { params: { token, answerId: 'nope' }, body: { parts: [{ part_number: 1, etag: 'e' }] } });
    expect(unknownAnswer.status).toBe(404);
    expect(unknownAnswer.body.code).toBe('recording_not_found');
    const urls = await call('getAnswerPartUrls', { params: { token, answerId: 'nope' }, body: { part_numbers: [1] } });
    expect(urls.status).toBe(404);
    expect(urls.body.code).toBe('recording_not_found');
  });
});
