import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { baseUrl, call } from '../support/api';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { interviewFixture } from '../support/interviews';
import { savePosition } from '../support/positions';

/**
 * Mail delivery is seen (issue 26): the local SES stand-in reports SES's mailbox-simulator outcomes
 * through EventBridge to the same function as in AWS, which records them on the invitation.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
type Mail = { status: string; reason: string | null; at: { time_value: string; relative_time: string } | null } | null;

const BOUNCE = 'bounce@simulator.amazonses.com';
const labelled = (kind: 'bounce' | 'complaint') => `${kind}+${randomUUID().slice(0, 8)}@simulator.amazonses.com`;

const createPosition = async (owner: Owner, jobTitle = 'Mail clerk') => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: jobTitle, interview: interviewFixture({ questions: ['Tell us about yourself'] }) },
  });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

const invite = async (owner: Owner, positionId: string, candidateName: string, email: string | null) => {
  const res = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: candidateName, email } });
  expect(res.status).toBe(201);
  return res.body;
};

const mailOf = async (owner: Owner, candidateId: string): Promise<Mail> =>
  (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.mail as Mail;

/** The candidate's mail once SES's events have been recorded (they follow the invitation's request). */
const mailSettled = async (owner: Owner, candidateId: string, status: string): Promise<Mail> => {
  const until = Date.now() + 20_000;
  for (;;) {
    const mail = await mailOf(owner, candidateId);
    if (mail?.status === status || Date.now() > until) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const credits = async (owner: Owner) =>
  (await call('getPlanStatus', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.candidate_packs_status.invited as number;

const fixEmail = (session: string, candidateId: string, body: unknown) =>
  call('fixCandidateEmail', { params: { candidateId }, session, body: body as { email: string } });

/**
 * The event function itself, run here with the table the stack's functions use: what a repeated or
 * late event does is then known when the call returns (the stack's own deliveries are asynchronous).
 */
const localHandler = async () => {
  const env = localEnv();
  for (const name of ['TABLE_NAME', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_ENDPOINT_URL_DYNAMODB'])
    process.env[name] = env[name];
  process.env.LOG_LEVEL = 'silent';
  return (await import('../../lambdas/events/mail-event-received')).handler;
};

describe('mail delivery (issue 26)', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await registerAndSignIn('Postal Co');
    await allocateCredits(owner.companyId, 50);
  });

  it('shows a bounced invitation with its reason, and fixing the address resends it without a credit', async () => {
    const positionId = await createPosition(owner);
    const invited = await invite(owner, positionId, 'Bo Unce', BOUNCE);
    expect(invited.mail).toEqual({ status: 'sent', reason: null, at: null });

    const bounced = await mailSettled(owner, invited.candidate_id, 'bounced');
    expect(bounced).toMatchObject({ status: 'bounced', reason: 'Permanent bounce: the address does not exist (smtp; 550 5.1.1 user unknown)' });
    expect(bounced!.at!.time_value).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The list shows it too (the card), by the same rule.
    const list = await call('listCandidates', { params: { positionId }, query: { tab: 'invited' }, session: owner.sessionId });
    expect(list.body.candidates.find((c: { candidate_id: string }) => c.candidate_id === invited.candidate_id)?.mail?.status).toBe('bounced');

    const before = await credits(owner);
    const fixed = uniqueEmail('fixed');
    const res = await fixEmail(owner.sessionId, invited.candidate_id, { email: fixed });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      candidate_id: invited.candidate_id,
      email: fixed,
      current_status: 'invited',
      mail: { status: 'sent', reason: null, at: null },
    });
    expect(res.body.interview_href).toBe(invited.interview_href);
    // The invitation went to the new address, and no credit was spent.
    const resent = await mailTo(fixed);
    expect(resent.map((m) => m.subject)).toEqual(['Postal Co invites you to a video interview for Mail clerk']);
    expect(resent[0]!.text).toContain(invited.interview_href);
    expect(await credits(owner)).toBe(before);
    // Its delivery is recorded for the new address.
    expect(await mailSettled(owner, invited.candidate_id, 'delivered')).toMatchObject({ status: 'delivered', reason: null });
    // The position counts them once, search finds the new address, and the old one is free again.
    expect((await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.candidates.invited).toBe(1);
    const found = await call('listCandidates', { params: { positionId }, query: { search_text: fixed.slice(0, 10) }, session: owner.sessionId });
    expect(found.body.candidates.map((c: { candidate_id: string }) => c.candidate_id)).toEqual([invited.candidate_id]);
    const again = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Second', email: BOUNCE },
    });
    expect(again.status).toBe(201);
  });

  it('ignores a late event for an address that was changed since, and repeated events', async () => {
    const positionId = await createPosition(owner);
    const invited = await invite(owner, positionId, 'Late Event', labelled('bounce'));
    await mailSettled(owner, invited.candidate_id, 'bounced');
    const fixed = uniqueEmail('late');
    expect((await fixEmail(owner.sessionId, invited.candidate_id, { email: fixed })).status).toBe(200);
    expect(await mailSettled(owner, invited.candidate_id, 'delivered')).toMatchObject({ status: 'delivered' });
    // The old address's bounce, delivered again (EventBridge may repeat an event), changes nothing.
    const env = localEnv();
    const handler = await localHandler();
    await handler({
      source: 'aws.ses',
      'detail-type': 'Email Bounced',
      detail: {
        eventType: 'Bounce',
        mail: { messageId: 'late', destination: [invited.email], tags: { kind: ['candidate_invitation'], candidate_id: [invited.candidate_id] } },
        bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: invited.email }] },
      },
    });
    expect(await mailOf(owner, invited.candidate_id)).toMatchObject({ status: 'delivered' });
    // For the current address: a bounce replaces the delivery; a delivery never replaces the bounce; the bounce again changes nothing.
    const event = (eventType: 'Bounce' | 'Delivery') => ({
      source: 'aws.ses',
      'detail-type': eventType === 'Bounce' ? 'Email Bounced' : 'Email Delivered',
      detail: {
        eventType,
        mail: { messageId: 'now', destination: [fixed], tags: { kind: ['candidate_invitation'], candidate_id: [invited.candidate_id] } },
        ...(eventType === 'Bounce'
          ? {
              bounce: {
                bounceType: 'Transient',
                bounceSubType: 'MailboxFull',
                timestamp: '2026-01-02T00:00:00.000Z',
                bouncedRecipients: [{ emailAddress: fixed, diagnosticCode: 'smtp; 452 4.2.2 mailbox full' }],
              },
            }
          : { delivery: { recipients: [fixed], timestamp: '2026-01-03T00:00:00.000Z' } }),
      },
    });
    const full = {
      status: 'bounced',
      reason: 'Temporary bounce: the mailbox is full (smtp; 452 4.2.2 mailbox full)',
      at: { time_value: '2026-01-02T00:00:00.000Z' },
    };
    await handler(event('Bounce'));
    expect(await mailOf(owner, invited.candidate_id)).toMatchObject(full);
    await handler(event('Delivery'));
    await handler(event('Bounce'));
    expect(await mailOf(owner, invited.candidate_id)).toMatchObject(full);
    // A tag naming a deleted candidate is a no-op.
    await handler({
      source: 'aws.ses',
      'detail-type': 'Email Delivered',
      detail: {
        eventType: 'Delivery',
        mail: { messageId: 'gone', destination: [fixed], tags: { kind: ['candidate_invitation'], candidate_id: ['no-such-candidate'] } },
        delivery: { recipients: [fixed] },
      },
    });
    const { Item } = await localDb().send(new GetCommand({ TableName: env.TABLE_NAME, Key: keys.candidate('no-such-candidate') }));
    expect(Item).toBeUndefined();
  });

  it('records a complaint, after which reminders skip the address', async () => {
    const positionId = await createPosition(owner, 'Complaints desk');
    expect(
      (await savePosition(owner.sessionId, positionId, { planned_messages: [{ template_id: 'standard-reminder', send_trigger: 'P2D' }] })).status,
    ).toBe(200);
    const complainer = labelled('complaint');
    const quiet = await invite(owner, positionId, 'Cee Complaint', complainer);
    const control = uniqueEmail('control');
    await invite(owner, positionId, 'Dee Delivered', control);
    expect(await mailSettled(owner, quiet.candidate_id, 'complained')).toMatchObject({
      status: 'complained',
      reason: expect.stringContaining('spam'),
    });

    const time = new Date(Date.now() + 2 * 24 * 3600 * 1000 + 60_000).toISOString();
    const run = await fetch(`${baseUrl()}/_local/schedules/sendPlannedMessages?time=${encodeURIComponent(time)}`, { method: 'POST' });
    expect(run.status).toBe(200);
    // The control candidate got the reminder; the one who complained got only the invitation.
    expect((await mailTo(control)).length).toBe(2);
    expect((await mailTo(complainer)).map((m) => m.subject)).toEqual(['Postal Co invites you to a video interview for Complaints desk']);
  });

  it('shows a member invitation to a bouncing address as bounced', async () => {
    const res = await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email: BOUNCE } });
    expect(res.status).toBe(201);
    expect(res.body.mail).toEqual({ status: 'sent', reason: null, at: null });
    const until = Date.now() + 20_000;
    let invitation: { email: string; mail: Mail } | undefined;
    while (Date.now() < until) {
      const list = await call('listMembers', { params: { companyId: owner.companyId }, session: owner.sessionId });
      invitation = list.body.invited_members.find((m: { email: string }) => m.email === BOUNCE);
      if (invitation?.mail?.status === 'bounced') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(invitation?.mail).toMatchObject({ status: 'bounced', reason: expect.stringContaining('does not exist') });
  });

  it('has no mail status for a candidate invited by link', async () => {
    const positionId = await createPosition(owner);
    const invited = await invite(owner, positionId, 'Link Only', null);
    expect(invited.mail).toBeNull();
    expect(await mailOf(owner, invited.candidate_id)).toBeNull();
    const res = await fixEmail(owner.sessionId, invited.candidate_id, { email: uniqueEmail() });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/invited by link/);
  });

  it('refuses bad bodies, the same address and a taken address, with clear messages, changing nothing', async () => {
    const positionId = await createPosition(owner);
    const email = uniqueEmail('first');
    const taken = uniqueEmail('taken');
    const invited = await invite(owner, positionId, 'First', email);
    await invite(owner, positionId, 'Taken', taken);

    const missing = await fixEmail(owner.sessionId, invited.candidate_id, {});
    expect(missing.status).toBe(400);
    const bad = await fixEmail(owner.sessionId, invited.candidate_id, { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail.map((d: { msg: string }) => d.msg)).toContain('Enter a valid e-mail address.');
    const same = await fixEmail(owner.sessionId, invited.candidate_id, { email: email.toUpperCase() });
    expect(same.status).toBe(400);
    expect(same.body.detail).toMatch(/already the candidate’s address/);
    const before = await credits(owner);
    const conflict = await fixEmail(owner.sessionId, invited.candidate_id, { email: taken });
    expect(conflict.status).toBe(409);
    expect(conflict.body.detail).toBe(`${taken} is already invited to this position.`);
    expect(await mailOf(owner, invited.candidate_id)).toBeTruthy();
    expect((await call('getCandidate', { params: { candidateId: invited.candidate_id }, session: owner.sessionId })).body.email).toBe(email);
    expect(await credits(owner)).toBe(before);
    // The refused change left the taken address with its candidate and the first address with its own.
    const dup = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: 'Dup', email } });
    expect(dup.status).toBe(409);
  });

  it("is another company's candidate: 404, and nothing changes", async () => {
    const positionId = await createPosition(owner);
    const email = uniqueEmail('mine');
    const invited = await invite(owner, positionId, 'Mine', email);
    const stranger = await registerAndSignIn('Elsewhere');
    const theirs = uniqueEmail('theirs');
    const res = await fixEmail(stranger.sessionId, invited.candidate_id, { email: theirs });
    expect(res.status).toBe(404);
    expect((await call('getCandidate', { params: { candidateId: invited.candidate_id }, session: owner.sessionId })).body.email).toBe(email);
    expect(await mailTo(theirs)).toEqual([]);
  });
});
