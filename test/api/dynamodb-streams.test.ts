import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { registerAndSignIn } from '../support/accounts';
import { call } from '../support/api';
import { localDb, localEnv, partition } from '../support/aws';
import { interviewAsking } from '../support/interviews';
import { streamRecordsHandedOver, streamsDrained } from '../support/streams';

/**
 * The table's stream, locally (issue 40): lib/local/dynamodb-streams-poller.ts reads DynamoDB Local's
 * stream and hands the records the stream functions' filter passes (lambdas/streams.ts: candidate
 * profiles only) to them with Lambda's event shape, and `GET /_local/streams/drained` answers once
 * everything written so far has been handed over and settled. The figures the report function makes
 * of the records are the reports' tests'; here, what the mapping hands over, and that it reaches the
 * function (an invite's aggregates appear).
 */
describe('the table stream, locally', () => {
  let owner: Awaited<ReturnType<typeof registerAndSignIn>>;
  let candidateId: string;
  let positionId: string;
  beforeAll(async () => {
    owner = await registerAndSignIn('Streams Co');
    const created = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Stream engineer', interview: interviewAsking('Why streams?') },
    });
    expect(created.status).toBe(201);
    positionId = created.body.position_id;
    const invited = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Stella Stream', email: null },
    });
    expect(invited.status).toBe(201);
    candidateId = invited.body.candidate_id;
  });

  it('hands a candidate profile’s insert to the report function once drained, in Lambda’s record shape', async () => {
    await streamsDrained();
    const records = await streamRecordsHandedOver(keys.candidate(candidateId).PK);
    const profile = records.filter((record) => record.keys.SK?.S === 'CANDIDATE');
    expect(profile.length).toBeGreaterThanOrEqual(1);
    expect(profile[0]).toMatchObject({
      function: 'aggregateReports',
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      streamViewType: 'NEW_AND_OLD_IMAGES',
      hasNewImage: true,
      hasOldImage: false,
      outcome: 'done',
    });
    expect(profile[0]!.eventSourceARN).toMatch(/^arn:aws:dynamodb:[\w-]+:\d+:table\/local-interviews\/stream\//);
    expect(profile[0]!.sequenceNumber).toMatch(/^\d+$/);
  });

  it('the report function’s effect: the invite is counted in the company’s and the position’s day aggregates, once, and its stream record too', async () => {
    await streamsDrained();
    const [companyDays, positionDays] = await Promise.all([
      partition(`REPORT#COMPANY#${owner.companyId}`),
      partition(`REPORT#POSITION#${positionId}`),
    ]);
    // The company is new and its time zone UTC: one day, today's (or yesterday's, at midnight), one
    // invite, on the day's item and on its month's (data/reports.ts: a report reads months).
    const day = (items: Record<string, unknown>[]) => items.filter((item) => String(item.SK).startsWith('DAY#'));
    const month = (items: Record<string, unknown>[]) => items.filter((item) => String(item.SK).startsWith('MONTH#'));
    expect(companyDays).toHaveLength(2);
    expect(day(companyDays)).toEqual([expect.objectContaining({ invited: 1 })]);
    expect(month(companyDays)).toEqual([expect.objectContaining({ invited: 1, monthWrites: 1 })]);
    expect(positionDays).toHaveLength(2);
    expect(day(positionDays)).toEqual([expect.objectContaining({ invited: 1, companyId: owner.companyId })]);
    expect(month(positionDays)).toEqual([expect.objectContaining({ invited: 1, companyId: owner.companyId })]);
    const [insert] = (await streamRecordsHandedOver(keys.candidate(candidateId).PK)).filter((record) => record.eventName === 'INSERT');
    expect(await partition(`REPORT#EVENT#${insert!.eventID}`)).toHaveLength(1);
  });

  it('hands over only candidate profiles: other items of the candidate’s partition, and look-alike keys, are filtered out', async () => {
    const db = localDb();
    const TableName = localEnv().TABLE_NAME;
    const lookAlike = `PROFILE#${randomUUID()}`;
    const pk = keys.candidate(candidateId).PK;
    await db.send(new PutCommand({ TableName, Item: { PK: pk, SK: `NOTE#${randomUUID()}`, note: 'not a profile' } }));
    await db.send(new PutCommand({ TableName, Item: { PK: lookAlike, SK: 'CANDIDATE', note: 'not a candidate partition' } }));
    await db.send(new PutCommand({ TableName, Item: { PK: `X${pk}`, SK: 'CANDIDATE', note: 'PK does not begin with CANDIDATE#' } }));
    await streamsDrained();
    expect((await streamRecordsHandedOver(pk)).filter((record) => record.keys.SK?.S !== 'CANDIDATE')).toEqual([]);
    expect(await streamRecordsHandedOver(lookAlike)).toEqual([]);
    expect(await streamRecordsHandedOver(`X${pk}`)).toEqual([]);
  });

  it('hands over every change of a profile in order, a modify with both images and a removal with the old one', async () => {
    const db = localDb();
    const TableName = localEnv().TABLE_NAME;
    // A profile of our own (not a real candidate), so its removal touches no one else's figures.
    const id = randomUUID();
    const key = keys.candidate(id);
    await db.send(new PutCommand({ TableName, Item: { ...key, marker: 0 } }));
    for (let n = 1; n <= 3; n += 1) {
      await db.send(new UpdateCommand({ TableName, Key: key, UpdateExpression: 'SET marker = :n', ExpressionAttributeValues: { ':n': n } }));
    }
    await db.send(new DeleteCommand({ TableName, Key: key }));
    await streamsDrained();
    const records = await streamRecordsHandedOver(key.PK);
    expect(records.map((record) => record.eventName)).toEqual(['INSERT', 'MODIFY', 'MODIFY', 'MODIFY', 'REMOVE']);
    const sequence = records.map((record) => BigInt(record.sequenceNumber));
    expect(sequence).toEqual([...sequence].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(records.map((record) => record.eventID)).size).toBe(5);
    expect(records[1]).toMatchObject({ hasNewImage: true, hasOldImage: true });
    expect(records[4]).toMatchObject({ hasNewImage: false, hasOldImage: true });
    for (const record of records) expect(record.outcome).toBe('done');
  });

  it('answers drained again when nothing was written since', async () => {
    await expect(streamsDrained()).resolves.toBeUndefined();
    await expect(streamsDrained()).resolves.toBeUndefined();
  });
});
