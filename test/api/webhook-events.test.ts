import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { WEBHOOK_API_VERSION } from '../../lambdas/contracts/webhook-events';
import { keys } from '../../lambdas/data/keys';
import { addMonths } from '../../lambdas/domain/retention';
import { baseUrl, call } from '../support/api';
import { mailArriving, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { answerQuestion, interviewFixture, processedAnswers, startAnswer, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';
import { eventIdHeader, eventsReceivedBy, eventually, receiverName, webhookEndpointAt, type ReceivedEvent } from '../support/webhooks';

/**
 * The product's webhook events (issue 38) from where they happen to a receiver: an endpoint of the
 * company subscribed to every event, at the local receiver, gets each event once, with its payload,
 * signed. Each source is driven through the API (or its job) as the team, the candidate and the
 * schedules drive it; what arrives is read from the receiver.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

let owner: Owner;
let receiver: string;
let secret: string;
let clip: Uint8Array;

beforeAll(async () => {
  [owner, { bytes: clip }] = await Promise.all([registerAndSignIn('Webhook Events Co'), makeClip(2)]);
  await allocateCredits(owner.companyId, 200);
  receiver = receiverName('events');
  ({ secret } = await webhookEndpointAt(owner, receiver));
}, 60_000);

const received = () => eventsReceivedBy(receiver, secret);

/** The events of `type` whose data satisfies `match`. */
const of = (events: ReceivedEvent[], type: string, match: (data: Record<string, any>) => boolean = () => true) =>
  events.filter((event) => event.type === type && match(event.data));

/**
 * Waits until `expected` (type → how many, among those `match` picks) arrived, then a little longer, so a
 * duplicate would show; returns those events, oldest first.
 */
const arrivedExactly = async (expected: Record<string, number>, match: (event: ReceivedEvent) => boolean) => {
  const count = (events: ReceivedEvent[]) =>
    Object.fromEntries(Object.keys(expected).map((type) => [type, events.filter((event) => event.type === type && match(event)).length]));
  const enough = (events: ReceivedEvent[]) => Object.entries(count(events)).every(([type, n]) => n >= expected[type]!);
  await eventually(received, enough, 60_000);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const events = await received();
  expect(count(events)).toEqual(expected);
  return events.filter((event) => event.type in expected && match(event));
};

const forCandidate = (candidateId: string) => (event: ReceivedEvent) => event.data.candidate_id === candidateId;

const createPosition = async (jobTitle: string, questions: string[], pacing: Record<string, number | null> = {}) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: jobTitle, interview: interviewFixture({ questions, pacing }) },
  });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

const invite = async (positionId: string, name: string, email: string | null = uniqueEmail('candidate')) => {
  const res = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email } });
  expect(res.status).toBe(201);
  return res.body;
};

describe('webhook events, end to end', () => {
  it('a candidate invited, answering, completed, shortlisted and deleted: each event once, signed, with its payload', async () => {
    const positionId = await createPosition('Webhook analyst', ['Why us?', 'What next?']);
    const email = uniqueEmail('ada');
    const invited = await invite(positionId, 'Ada Webhook', email);
    const candidateId = invited.candidate_id as string;
    const token = tokenFromHref(invited.interview_href);
    await answerQuestion(token, 0, clip);
    expect((await answerQuestion(token, 1, clip)).completed).toBe(true);
    await processedAnswers(owner, new Map([['Ada Webhook', candidateId]]), 2);
    const read = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
    expect((await call('setCandidateStatus', { params: { candidateId, status: 'shortlist' }, session: owner.sessionId })).status).toBe(200);
    expect((await call('deleteCandidate', { params: { candidateId }, session: owner.sessionId })).status).toBe(200);

    const events = await arrivedExactly(
      {
        'candidate.invited': 1,
        'candidate.started': 1,
        'candidate.completed': 1,
        'answer.processed': 2,
        'candidate.status_changed': 1,
        'candidate.deleted': 1,
      },
      forCandidate(candidateId),
    );
    const [created] = await arrivedExactly({ 'position.created': 1 }, (event) => event.data.position_id === positionId);

    // Every delivery: the envelope, its id in the header too, signed with the endpoint's secret.
    for (const event of [...events, created!]) {
      expect(event).toMatchObject({ api_version: WEBHOOK_API_VERSION, company_id: owner.companyId });
      expect(event.id).toMatch(/^evt_/);
      expect(eventIdHeader(event)).toBe(event.id);
      expect(event.signature).toBe('verified');
    }
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);

    const origin = new URL(invited.interview_href).origin;
    const candidatePage = `${origin}/#${paths.candidate.to(owner.companyId, positionId, candidateId)}`;
    const shown = {
      candidate_id: candidateId,
      candidate_name: 'Ada Webhook',
      email,
      position_id: positionId,
      job_title: 'Webhook analyst',
      interview_href: invited.interview_href,
    };
    expect(created!.data).toEqual({
      position_id: positionId,
      job_title: 'Webhook analyst',
      current_status: 'open',
      position_href: `${origin}/#${paths.position.to(owner.companyId, positionId)}`,
    });
    expect(of(events, 'candidate.invited')[0]!.data).toEqual({ ...shown, current_status: 'invited' });
    expect(of(events, 'candidate.started')[0]!.data).toEqual({ ...shown, current_status: 'invited', started_at: expect.any(String) });

    const answers = read.body.answers as { answer_id: string; question_index: number }[];
    const completed = of(events, 'candidate.completed')[0]!.data;
    expect(completed).toMatchObject({ ...shown, current_status: 'responded', candidate_href: candidatePage, completed_at: expect.any(String) });
    expect(completed.answers).toEqual(
      answers.map((answer) => ({
        answer_id: answer.answer_id,
        question: { index: answer.question_index, title: ['Why us?', 'What next?'][answer.question_index], content: '' },
        answer_href: `${origin}/#${paths.candidate.to(owner.companyId, positionId, candidateId, { answer: answer.answer_id })}`,
      })),
    );

    const processed = of(events, 'answer.processed').map((event) => event.data);
    expect(processed.map((data) => data.answer_id).sort()).toEqual(answers.map((answer) => answer.answer_id).sort());
    for (const data of processed) expect(data).toMatchObject({ candidate_id: candidateId, position_id: positionId, status: 'ready' });

    expect(of(events, 'candidate.status_changed')[0]!.data).toEqual({
      ...shown,
      current_status: 'shortlisted',
      candidate_href: candidatePage,
      from: 'responded',
      to: 'shortlisted',
    });
    const deleted = of(events, 'candidate.deleted')[0]!;
    expect(deleted.data).toEqual({ candidate_id: candidateId, position_id: positionId, reason: 'team' });
    expect(JSON.stringify(deleted)).not.toContain(email);
    expect(JSON.stringify(deleted)).not.toContain('Ada');

    // In the order they happened, by each envelope's created_at: deliveries run side by side, so two
    // events moments apart (the invitation, the first recording) may arrive in either order.
    const order = [...events]
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .map((event) => event.type)
      .filter((type) => type !== 'answer.processed');
    expect(order).toEqual(['candidate.invited', 'candidate.started', 'candidate.completed', 'candidate.status_changed', 'candidate.deleted']);
  }, 360_000);
});

describe('webhook events, source by source', () => {
  it('a bulk invite sends one candidate.invited per candidate (over PutEvents’ 10 a call), the apply link one, a preview none', async () => {
    const positionId = await createPosition('Bulk hire', ['Hello?']);
    const people = Array.from({ length: 13 }, (_, i) => ({ candidate_name: `Bulk ${i}`, email: uniqueEmail(`bulk${i}`) }));
    const batch = await call('inviteCandidatesBatch', { params: { positionId }, session: owner.sessionId, body: { new_candidates: people } });
    expect(batch.status).toBe(201);
    const ids = new Set((batch.body.candidates as { candidate_id: string }[]).map((c) => c.candidate_id));
    expect((await call('sendPreviewInvite', { params: { positionId }, session: owner.sessionId })).status).toBe(200);
    const link = await call('createApplyLink', { params: { positionId }, session: owner.sessionId });
    expect(link.status).toBe(201);
    const linkId = (link.body.link_href as string).split('/apply/')[1]!;
    const applicant = uniqueEmail('walkin');
    expect((await call('applyThroughLink', { params: { linkId }, body: { candidate_name: 'Walk In', email: applicant } })).status).toBe(201);

    const events = await arrivedExactly({ 'candidate.invited': 14 }, (event) => event.data.position_id === positionId);
    const invitedIds = events.map((event) => event.data.candidate_id as string);
    expect(new Set(invitedIds).size).toBe(14);
    for (const id of ids) expect(invitedIds).toContain(id);
    expect(events.find((event) => event.data.email === applicant)?.data).toMatchObject({ candidate_name: 'Walk In', current_status: 'invited' });
    // The preview went to the member: no event names them.
    expect(events.some((event) => event.data.email === owner.email)).toBe(false);
  }, 120_000);

  it('candidate.started once, when two first takes start at once and later takes follow', async () => {
    const positionId = await createPosition('Starter', ['First?', 'Second?'], { retakes: 3 });
    const invited = await invite(positionId, 'Two Tabs');
    const token = tokenFromHref(invited.interview_href);
    const both = await Promise.all([startAnswer(token, 0), startAnswer(token, 0)]);
    expect(both.map((res) => res.status)).toEqual([201, 201]);
    expect((await startAnswer(token, 0)).status).toBe(201);
    expect((await startAnswer(token, 1)).status).toBe(201);
    const [started] = await arrivedExactly({ 'candidate.started': 1 }, forCandidate(invited.candidate_id));
    expect(started!.data).toMatchObject({ candidate_id: invited.candidate_id, candidate_name: 'Two Tabs', current_status: 'invited' });
  }, 60_000);

  it('position.closed once; a deleted position’s candidates each candidate.deleted', async () => {
    const positionId = await createPosition('Closing soon', ['Hi?']);
    const [first, second] = [await invite(positionId, 'One Gone'), await invite(positionId, 'Two Gone', null)];
    for (let i = 0; i < 2; i++)
      expect((await call('setPositionStatus', { params: { positionId, status: 'close' }, session: owner.sessionId })).status).toBe(200);
    expect((await call('deletePosition', { params: { positionId }, session: owner.sessionId })).status).toBe(200);
    const events = await arrivedExactly(
      { 'position.closed': 1, 'candidate.deleted': 2 },
      (event) => event.data.position_id === positionId && event.type !== 'candidate.invited' && event.type !== 'position.created',
    );
    expect(of(events, 'position.closed')[0]!.data).toMatchObject({ position_id: positionId, job_title: 'Closing soon', current_status: 'closed' });
    expect(of(events, 'candidate.deleted').map((event) => event.data)).toEqual(
      expect.arrayContaining([
        { candidate_id: first.candidate_id, position_id: positionId, reason: 'team' },
        { candidate_id: second.candidate_id, position_id: positionId, reason: 'team' },
      ]),
    );
  }, 60_000);

  it('candidate.deleted on the candidate’s request, and by the retention policy', async () => {
    const positionId = await createPosition('Erasable', ['Hi?']);
    const email = uniqueEmail('erase');
    const asking = await invite(positionId, 'Asks Erasure', email);
    expect((await call('requestDataDeletion', { body: { company_id: owner.companyId, email } })).status).toBe(202);
    const mail = await mailArriving(email, (m) => /#\/confirm-deletion\//.test(m.text));
    const nonce = /#\/confirm-deletion\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect((await call('confirmDataDeletion', { body: { nonce } })).status).toBe(200);

    // Retention: one month, and the candidate last active two months ago.
    const kept = await invite(positionId, 'Retained Too Long', null);
    expect(
      (await call('putRetention', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { retention_months: 1 } })).status,
    ).toBe(200);
    const at = addMonths(new Date(), -2).toISOString();
    await localDb().send(
      new UpdateCommand({
        TableName: localEnv().TABLE_NAME,
        Key: keys.candidate(kept.candidate_id),
        UpdateExpression: 'SET lastActiveAt = :at, GSI5SK = :sk',
        ExpressionAttributeValues: { ':at': at, ':sk': keys.candidateRetention(owner.companyId, at, kept.candidate_id).GSI5SK },
      }),
    );
    const run = await fetch(`${baseUrl()}/_local/schedules/applyRetention?time=${encodeURIComponent(new Date().toISOString())}`, { method: 'POST' });
    expect(run.status).toBe(200);
    // Back to never, so this company's other candidates stay.
    await call('putRetention', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { retention_months: null } });

    const [onRequest] = await arrivedExactly({ 'candidate.deleted': 1 }, forCandidate(asking.candidate_id));
    expect(onRequest!.data).toEqual({ candidate_id: asking.candidate_id, position_id: positionId, reason: 'candidate_request' });
    const [retained] = await arrivedExactly({ 'candidate.deleted': 1 }, forCandidate(kept.candidate_id));
    expect(retained!.data).toEqual({ candidate_id: kept.candidate_id, position_id: positionId, reason: 'retention' });
  }, 90_000);

  it('answer.processed failed when the pipeline fails an answer', async () => {
    const positionId = await createPosition('Broken upload', ['Anything?']);
    const invited = await invite(positionId, 'Not A Video', null);
    const { answerId } = await answerQuestion(tokenFromHref(invited.interview_href), 0, new TextEncoder().encode('not a video'));
    const [processed] = await arrivedExactly({ 'answer.processed': 1 }, forCandidate(invited.candidate_id));
    expect(processed!.data).toEqual({
      answer_id: answerId,
      candidate_id: invited.candidate_id,
      position_id: positionId,
      question: { index: 0, title: 'Anything?', content: '' },
      status: 'failed',
      answer_href: `${new URL(invited.interview_href).origin}/#${paths.candidate.to(owner.companyId, positionId, invited.candidate_id, { answer: answerId })}`,
    });
  }, 120_000);
});
