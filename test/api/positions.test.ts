import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { call } from '../support/api';
import { localDb, localEnv } from '../support/aws';
import { registerAndSignIn } from '../support/accounts';
import { interviewFixture } from '../support/interviews';

const interview = interviewFixture({
  questions: [
    { title: 'Tell us about yourself', content: 'Two minutes is plenty.' },
    { thumbnail_image_group_id: 'thumb-group-1', video_group_id: 'video-group-1' },
  ],
  outro: { title: 'Thanks!', content: 'We will be in touch.' },
});

let owner: Awaited<ReturnType<typeof registerAndSignIn>>;
beforeAll(async () => {
  owner = await registerAndSignIn('Positions Co');
});

const create = async (jobTitle = 'Backend engineer', session = owner.sessionId, companyId = owner.companyId) => {
  const res = await call('createPosition', { params: { companyId }, session, body: { job_title: jobTitle, interview } });
  expect(res.status).toBe(201);
  return res.body.position_id as string;
};

const body = (position: Record<string, unknown>) => {
  const { position_id: _id, company_id: _company, current_status: _status, candidates: _c, created_at: _created, ...rest } = position;
  return rest;
};

describe('positions', () => {
  it('are created open with the interview, listed in one page per tab, and read back', async () => {
    const positionId = await create('Designer');
    const list = await call('listPositions', { params: { companyId: owner.companyId }, query: { status: 'open' }, session: owner.sessionId });
    expect(list.body.positions[0]).toMatchObject({
      position_id: positionId,
      job_title: 'Designer',
      current_status: 'open',
      candidates: { invited: 0, responded: 0, shortlisted: 0, rejected: 0 },
    });
    const position = await call('getPosition', { params: { positionId }, session: owner.sessionId });
    expect(position.body).toMatchObject({
      job_title: 'Designer',
      interview: {
        questions: [{ title: 'Tell us about yourself' }, { video_group_id: 'video-group-1' }],
        pacing: { thinking_time: 30, answer_time: 120, retakes: 0 },
      },
      sharing: null,
      notifying: null,
      planned_messages: [],
      invites_expire_after: null,
      apply_link: null,
      version: 1,
    });
  });

  it('validate the interview: limits, pacing options and complete questions', async () => {
    const post = (i: unknown, jobTitle = 'X') =>
      call('createPosition', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { job_title: jobTitle, interview: i } });
    const tooLong = await post({ ...interview, questions: [{ ...interview.questions[0], title: 'x'.repeat(141) }] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.detail[0].loc).toEqual(['body', 'interview', 'questions', 0, 'title']);
    expect((await post({ ...interview, questions: [{ ...interview.questions[0], content: 'x'.repeat(281) }] })).status).toBe(400);
    expect((await post({ ...interview, outro: { ...interview.outro, title: 'x'.repeat(51) } })).status).toBe(400);
    expect((await post({ ...interview, outro: { ...interview.outro, content: 'x'.repeat(251) } })).status).toBe(400);
    expect((await post({ ...interview, questions: [] })).body.detail[0].msg).toBe('Add at least one question.');
    const empty = await post({ ...interview, questions: interviewFixture({ questions: ['  '] }).questions });
    expect(empty.body.detail[0].msg).toBe('Every question needs a video or a title.');
    expect((await post({ ...interview, pacing: { thinking_time: 20, answer_time: 120, retakes: 0 } })).status).toBe(400);
    expect((await post({ ...interview, pacing: { thinking_time: null, answer_time: null, retakes: null } })).status).toBe(400);
    expect((await post({ ...interview, pacing: { thinking_time: null, answer_time: 600, retakes: null } })).status).toBe(201);
    expect((await post(interview, '   ')).body.detail[0].msg).toBe('Enter a position name.');
  });

  it('save the full body with a version: a stale version is a 409', async () => {
    const positionId = await create();
    const read = (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body;
    const saved = await call('updatePosition', {
      params: { positionId },
      session: owner.sessionId,
      body: {
        ...body(read),
        job_title: 'Senior backend engineer',
        invites_expire_after: 'P7D',
        planned_messages: [{ template_id: 'standard-reminder', send_trigger: 'P2D' }],
      },
    });
    expect(saved).toMatchObject({ status: 200, body: { job_title: 'Senior backend engineer', invites_expire_after: 'P7D', version: 2 } });
    const stale = await call('updatePosition', { params: { positionId }, session: owner.sessionId, body: { ...body(read), job_title: 'Overwrite' } });
    expect(stale).toMatchObject({ status: 409, body: { code: 'version_conflict' } });
    expect((await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.job_title).toBe('Senior backend engineer');
    const badTrigger = await call('updatePosition', {
      params: { positionId },
      session: owner.sessionId,
      body: { ...body(saved.body), planned_messages: [{ template_id: 'standard-reminder', send_trigger: 'P99D' }] },
    });
    expect(badTrigger.status).toBe(400);
    const badTemplate = await call('updatePosition', {
      params: { positionId },
      session: owner.sessionId,
      body: { ...body(saved.body), planned_messages: [{ template_id: 'nope', send_trigger: 'invite' }] },
    });
    expect(badTemplate.body.code).toBe('unknown_template');
  });

  it('limit access to named members, and notifications to members with access', async () => {
    const positionId = await create();
    const member = await registerAndSignIn('Elsewhere');
    await localDb().send(
      new PutCommand({
        TableName: localEnv().TABLE_NAME,
        Item: {
          ...keys.membership(owner.companyId, member.userId),
          companyId: owner.companyId,
          userId: member.userId,
          email: member.email,
          role: 'member',
          status: 'active',
        },
      }),
    );
    expect((await call('getPosition', { params: { positionId }, session: member.sessionId })).status).toBe(200);
    const read = (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body;
    const nobody = await call('updatePosition', {
      params: { positionId },
      session: owner.sessionId,
      body: { ...body(read), sharing: { user_ids: [] } },
    });
    expect(nobody.body.detail[0].msg).toBe("Nobody would have access. Changes can't be saved.");
    const notifyOutsider = await call('updatePosition', {
      params: { positionId },
      session: owner.sessionId,
      body: { ...body(read), sharing: { user_ids: [owner.userId] }, notifying: { user_ids: [member.userId] } },
    });
    expect(notifyOutsider.body.code).toBe('notify_without_access');
    const limited = await call('updatePosition', {
      params: { positionId },
      session: owner.sessionId,
      body: { ...body(read), sharing: { user_ids: [owner.userId] } },
    });
    expect(limited.status).toBe(200);
    expect((await call('getPosition', { params: { positionId }, session: member.sessionId })).status).toBe(404);
    const list = await call('getContentLibrary', { params: { companyId: owner.companyId }, session: member.sessionId });
    expect(list.body.positions_content.map((p: { position_id: string }) => p.position_id)).not.toContain(positionId);
  });

  it('close, re-open, and delete only when closed', async () => {
    const positionId = await create('Short-lived');
    const put = (status: string) => call('setPositionStatus', { params: { positionId, status }, session: owner.sessionId });
    expect((await put('delete')).body.code).toBe('position_not_closed');
    expect((await put('close')).body.current_status).toBe('closed');
    const closed = await call('listPositions', { params: { companyId: owner.companyId }, query: { status: 'closed' }, session: owner.sessionId });
    expect(closed.body.positions.map((p: { position_id: string }) => p.position_id)).toContain(positionId);
    expect((await put('open')).body.current_status).toBe('open');
    await put('close');
    expect((await put('delete')).body.current_status).toBe('deleted');
    expect((await call('getPosition', { params: { positionId }, session: owner.sessionId })).status).toBe(404);
    expect((await put('archive')).status).toBe(400);
  });

  it('make one public apply link, cleared by saving with no link', async () => {
    const positionId = await create();
    const first = await call('createApplyLink', { params: { positionId }, session: owner.sessionId });
    expect(first.body.link_href).toMatch(/^http:\/\/localhost:\d+\/#\/apply\/[A-Za-z0-9_-]+$/);
    expect((await call('createApplyLink', { params: { positionId }, session: owner.sessionId })).body.link_href).toBe(first.body.link_href);
    const read = (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body;
    expect(read.apply_link).toEqual({ link_href: first.body.link_href });
    const cleared = await call('updatePosition', { params: { positionId }, session: owner.sessionId, body: { ...body(read), apply_link: null } });
    expect(cleared.body.apply_link).toBeNull();
  });

  it('switch the public apply link off by itself: it stops admitting at once, the version and the edits stay, and on again is a new link', async () => {
    const positionId = await create();
    const on = (await call('createApplyLink', { params: { positionId }, session: owner.sessionId })).body.link_href as string;
    const linkId = on.split('/').pop()!;
    expect((await call('getApplyLink', { params: { linkId } })).status).toBe(200);
    const before = (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body;

    const off = await call('deleteApplyLink', { params: { positionId }, session: owner.sessionId });
    expect(off.status).toBe(204);
    expect((await call('getApplyLink', { params: { linkId } })).status).toBe(404);
    const applied = await call('applyThroughLink', { params: { linkId }, body: { candidate_name: 'Late Comer', email: 'late@example.com' } });
    expect(applied.status).toBe(404);
    const after = (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body;
    expect(after.apply_link).toBeNull();
    // Not a save: the version an open settings view holds still saves.
    expect(after.version).toBe(before.version);
    const saved = await call('updatePosition', {
      params: { positionId },
      session: owner.sessionId,
      body: { ...body(before), job_title: 'Renamed', apply_link: null },
    });
    expect(saved.status).toBe(200);
    // Off twice is still off; on again makes a new link.
    expect((await call('deleteApplyLink', { params: { positionId }, session: owner.sessionId })).status).toBe(204);
    const again = (await call('createApplyLink', { params: { positionId }, session: owner.sessionId })).body.link_href;
    expect(again).not.toBe(on);
    // Another company's owner reaches nothing.
    const other = await registerAndSignIn('Link Intruder');
    expect((await call('deleteApplyLink', { params: { positionId }, session: other.sessionId })).status).toBe(404);
    expect((await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.apply_link).toEqual({ link_href: again });
  });

  it('are invisible to other companies: 404 for every call', async () => {
    const positionId = await create();
    const other = await registerAndSignIn('Intruder');
    expect((await call('getPosition', { params: { positionId }, session: other.sessionId })).status).toBe(404);
    expect((await call('setPositionStatus', { params: { positionId, status: 'close' }, session: other.sessionId })).status).toBe(404);
    expect((await call('createApplyLink', { params: { positionId }, session: other.sessionId })).status).toBe(404);
    expect((await call('listPositions', { params: { companyId: owner.companyId }, session: other.sessionId })).status).toBe(404);
    expect(
      (await call('createPosition', { params: { companyId: owner.companyId }, session: other.sessionId, body: { job_title: 'X', interview } }))
        .status,
    ).toBe(404);
    expect((await call('getContentLibrary', { params: { companyId: owner.companyId }, session: other.sessionId })).status).toBe(404);
  });

  it('offer the server-side lists of message triggers and invite expiry offsets', async () => {
    const triggers = await call('getMessageTriggers', { session: owner.sessionId });
    expect(triggers.body.message_triggers).toContainEqual({ label: 'When the candidate is invited', value: 'invite' });
    const offsets = await call('getInviteExpiryOffsets', { session: owner.sessionId });
    expect(offsets.body.invite_expiry_offsets).toContainEqual({ label: '1 week', value: 'P7D' });
    expect((await call('getMessageTriggers')).status).toBe(401);
  });

  it('list the standard message templates, marked in use once a position plans one', async () => {
    const list = async () =>
      (await call('listMessageTemplates', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.message_templates;
    const before = await list();
    expect(before.map((t: { template_id: string }) => t.template_id)).toContain('standard-reminder');
    expect(before.every((t: { is_standard: boolean }) => t.is_standard)).toBe(true);
    const positionId = await create();
    const read = (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body;
    const planned = [{ template_id: 'standard-reminder', send_trigger: 'P2D' }];
    expect(
      (await call('updatePosition', { params: { positionId }, session: owner.sessionId, body: { ...body(read), planned_messages: planned } })).status,
    ).toBe(200);
    const after = await list();
    expect(after.find((t) => t.template_id === 'standard-reminder')?.in_use).toBe(true);
    const other = await registerAndSignIn('Template snoop');
    expect((await call('listMessageTemplates', { params: { companyId: owner.companyId }, session: other.sessionId })).status).toBe(404);
  });
});
