import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { interviewBody } from '../support/route-fixtures';
import { savePosition } from '../support/positions';

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const draft = {
  template_name: 'Gentle nudge',
  subject_line: 'Still keen on {jobTitle}?',
  body_content: 'Hi {candidateName},\n\n{companyName} would love to hear from you: {interviewLink}\n\n{deadline}',
};

const create = (owner: Owner, body: Record<string, unknown> = draft) =>
  call('createMessageTemplate', { params: { companyId: owner.companyId }, session: owner.sessionId, body });

const list = async (owner: Owner) =>
  (await call('listMessageTemplates', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.message_templates as {
    template_id: string;
    template_name: string;
    is_standard: boolean;
    in_use: boolean;
  }[];

const createPosition = async (owner: Owner) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Barista', interview: interviewBody },
  });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

const plan = (owner: Owner, positionId: string, planned: { template_id: string; send_trigger: string }[]) =>
  savePosition(owner.sessionId, positionId, { planned_messages: planned });

const joinAsMember = async (owner: Owner) => {
  const email = uniqueEmail('member');
  await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } });
  const mail = (await mailTo(email)).find((m) => m.subject.startsWith("You're invited"));
  const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')![1]!;
  const joined = await call('confirmMemberInvite', { body: { nonce } });
  expect(joined.status).toBe(201);
  return joined.body.session_id as string;
};

describe('message templates', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await registerAndSignIn('Brew Co');
    await allocateCredits(owner.companyId, 20);
  });

  it('creates, reads, lists, edits and deletes a company template', async () => {
    const created = await create(owner);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...draft, is_standard: false, in_use: false });
    const templateId = created.body.template_id as string;

    expect((await call('getMessageTemplate', { params: { templateId }, session: owner.sessionId })).body).toEqual(created.body);
    const listed = await list(owner);
    expect(listed.slice(0, 3).every((t) => t.is_standard)).toBe(true);
    expect(listed.find((t) => t.template_id === templateId)).toMatchObject({ template_name: 'Gentle nudge', is_standard: false });

    const edited = await call('updateMessageTemplate', {
      params: { templateId },
      session: owner.sessionId,
      body: { ...draft, template_name: '  Nudge  ', subject_line: 'About {jobTitle}' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ template_name: 'Nudge', subject_line: 'About {jobTitle}' });
    expect((await call('getMessageTemplate', { params: { templateId }, session: owner.sessionId })).body.template_name).toBe('Nudge');

    expect((await call('deleteMessageTemplate', { params: { templateId }, session: owner.sessionId })).status).toBe(204);
    expect((await call('getMessageTemplate', { params: { templateId }, session: owner.sessionId })).status).toBe(404);
    expect((await list(owner)).some((t) => t.template_id === templateId)).toBe(false);
    expect((await call('deleteMessageTemplate', { params: { templateId }, session: owner.sessionId })).status).toBe(404);
  });

  it('validates name, subject and body, and refuses unknown placeholders with the reason', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await create(owner, body);
      expect(res.status).toBe(400);
      return JSON.stringify(res.body.detail);
    };
    expect(await refused({ ...draft, template_name: '   ' })).toContain('Enter a name.');
    expect(await refused({ ...draft, subject_line: '' })).toContain('Enter a subject.');
    expect(await refused({ ...draft, body_content: '' })).toContain('Enter the message.');
    expect(await refused({ ...draft, template_name: 'x'.repeat(101) })).toContain('Use at most 100 characters.');
    expect(await refused({ ...draft, subject_line: 'Two\nlines' })).toContain('subject_line');
    expect(await refused({ ...draft, body_content: 'x'.repeat(5001) })).toContain('Use at most 5000 characters.');
    const unknown = await refused({ ...draft, body_content: 'Hello {firstName}: {interviewLink}' });
    expect(unknown).toContain('Unknown placeholder {firstName}');
    expect(unknown).toContain('{candidateName}');
    expect(await refused({ ...draft, subject_line: 'For {position}' })).toContain('Unknown placeholder {position}');
  });

  it('keeps the standard templates read-only', async () => {
    for (const templateId of ['standard-invite', 'standard-reminder']) {
      const got = await call('getMessageTemplate', { params: { templateId }, session: owner.sessionId });
      expect(got).toMatchObject({ status: 200, body: { template_id: templateId, is_standard: true } });
      const put = await call('updateMessageTemplate', { params: { templateId }, session: owner.sessionId, body: draft });
      expect(put.status).toBe(403);
      expect(put.body).toMatchObject({ code: 'standard_template', detail: expect.stringContaining('read-only') });
      const del = await call('deleteMessageTemplate', { params: { templateId }, session: owner.sessionId });
      expect(del).toMatchObject({ status: 403, body: { code: 'standard_template' } });
    }
  });

  it('hides a template from other companies (404) and lets members read but not change', async () => {
    const templateId = (await create(owner)).body.template_id as string;
    const stranger = await registerAndSignIn('Other Co');
    for (const res of [
      await call('getMessageTemplate', { params: { templateId }, session: stranger.sessionId }),
      await call('updateMessageTemplate', { params: { templateId }, session: stranger.sessionId, body: draft }),
      await call('deleteMessageTemplate', { params: { templateId }, session: stranger.sessionId }),
    ])
      expect(res.status).toBe(404);
    expect((await create(stranger)).status).toBe(201);
    expect((await call('createMessageTemplate', { params: { companyId: owner.companyId }, session: stranger.sessionId, body: draft })).status).toBe(
      404,
    );

    const member = await joinAsMember(owner);
    expect((await call('getMessageTemplate', { params: { templateId }, session: member })).status).toBe(200);
    expect((await call('updateMessageTemplate', { params: { templateId }, session: member, body: draft })).status).toBe(403);
    expect((await call('deleteMessageTemplate', { params: { templateId }, session: member })).status).toBe(403);
    expect((await call('createMessageTemplate', { params: { companyId: owner.companyId }, session: member, body: draft })).status).toBe(403);
    expect((await call('getMessageTemplate', { params: { templateId }, session: owner.sessionId })).body.template_name).toBe('Gentle nudge');
  });

  it('plans company templates on positions, only its own and only with the link where the candidate needs it', async () => {
    const positionId = await createPosition(owner);
    const stranger = await registerAndSignIn('Elsewhere');
    const foreign = (await create(stranger)).body.template_id as string;
    const notFromHere = await plan(owner, positionId, [{ template_id: foreign, send_trigger: 'P2D' }]);
    expect(notFromHere).toMatchObject({ status: 400, body: { code: 'unknown_template' } });

    const thanks = (await create(owner, { template_name: 'Thanks', subject_line: 'Thanks', body_content: 'Thank you, {candidateName}.' })).body
      .template_id as string;
    const asReminder = await plan(owner, positionId, [{ template_id: thanks, send_trigger: 'P2D' }]);
    expect(asReminder).toMatchObject({ status: 400, body: { code: 'interview_link_required', detail: expect.stringContaining('{interviewLink}') } });
    expect((await plan(owner, positionId, [{ template_id: thanks, send_trigger: 'response' }])).status).toBe(200);

    const nudge = (await create(owner)).body.template_id as string;
    expect((await plan(owner, positionId, [{ template_id: nudge, send_trigger: 'P2D' }])).status).toBe(200);
    expect((await list(owner)).find((t) => t.template_id === nudge)?.in_use).toBe(true);
    expect((await list(owner)).find((t) => t.template_id === thanks)?.in_use).toBe(false);

    // Planned as a reminder, it cannot lose the link.
    const withoutLink = await call('updateMessageTemplate', {
      params: { templateId: nudge },
      session: owner.sessionId,
      body: { ...draft, body_content: 'Hi {candidateName}, please reply.' },
    });
    expect(withoutLink).toMatchObject({ status: 400, body: { code: 'interview_link_required' } });

    // In use: not deletable, with the reason.
    const refused = await call('deleteMessageTemplate', { params: { templateId: nudge }, session: owner.sessionId });
    expect(refused).toMatchObject({ status: 409, body: { code: 'template_in_use', detail: expect.stringContaining('in use') } });
    expect((await call('getMessageTemplate', { params: { templateId: nudge }, session: owner.sessionId })).status).toBe(200);
    // Unplanned, it goes.
    expect((await plan(owner, positionId, [])).status).toBe(200);
    expect((await call('deleteMessageTemplate', { params: { templateId: nudge }, session: owner.sessionId })).status).toBe(204);
  });

  it('mails a reminder planned earlier in the wording the template has when it is sent', async () => {
    const positionId = await createPosition(owner);
    const templateId = (await create(owner, { ...draft, template_name: 'Later nudge' })).body.template_id as string;
    expect((await plan(owner, positionId, [{ template_id: templateId, send_trigger: 'P2D' }])).status).toBe(200);
    const email = uniqueEmail('waiting');
    const invited = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Wanda Waiting', email },
    });
    expect(invited.status).toBe(201);

    const edited = await call('updateMessageTemplate', {
      params: { templateId },
      session: owner.sessionId,
      body: {
        template_name: 'Later nudge',
        subject_line: 'Last call for {jobTitle}',
        body_content: 'Dear {candidateName}, edited wording: {interviewLink}',
      },
    });
    expect(edited.status).toBe(200);

    const time = new Date(Date.now() + 2 * 24 * 3600 * 1000 + 60_000).toISOString();
    const run = await fetch(`${baseUrl()}/_local/schedules/sendPlannedMessages?time=${encodeURIComponent(time)}`, { method: 'POST' });
    expect(run.status).toBe(200);
    const reminder = (await mailTo(email)).find((m) => m.subject === 'Last call for Barista');
    expect(reminder, JSON.stringify((await mailTo(email)).map((m) => m.subject))).toBeDefined();
    expect(reminder!.text).toContain('Dear Wanda Waiting, edited wording: ');
    expect(reminder!.text).toContain(invited.body.interview_href);
    expect(reminder!.html).toContain('Dear Wanda Waiting, edited wording: ');
  });

  it('sends a template planned for the invite as the invitation, instead of the standard one', async () => {
    const positionId = await createPosition(owner);
    const templateId = (
      await create(owner, {
        template_name: 'Our invitation',
        subject_line: '{companyName} would love to hear from you, {candidateName}',
        body_content: 'Record your answers for {jobTitle} here: {interviewLink}',
      })
    ).body.template_id as string;
    expect((await plan(owner, positionId, [{ template_id: templateId, send_trigger: 'invite' }])).status).toBe(200);
    const email = uniqueEmail('invited');
    const invited = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: 'Ivy', email } });
    expect(invited.status).toBe(201);
    const subjects = (await mailTo(email)).map((m) => m.subject);
    expect(subjects).toEqual(['Brew Co would love to hear from you, Ivy']);
    expect((await mailTo(email))[0]!.text).toContain(invited.body.interview_href);
  });

  it('previews a draft with sample values and mails the owner a test', async () => {
    const body = { subject_line: 'Hi {candidateName} <3', body_content: 'For {jobTitle} at {companyName}:\n\n{interviewLink}' };
    const preview = await call('previewMessageTemplate', { params: { companyId: owner.companyId }, session: owner.sessionId, body });
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe('Hi Alex Example <3');
    // The body, then every candidate mail's footer (issue 28): the link to delete their data.
    expect(preview.body.text).toMatch(
      /^For Product Designer at Brew Co:\n\nhttp.*#\/interview\/sample\n\n.*Delete my data: http.*#\/delete-my-data\//,
    );
    expect(preview.body.html).toContain('Hi Alex Example &lt;3');
    expect(preview.body.html).toContain('<p style="margin:0 0 16px">For Product Designer at Brew Co:</p>');

    const unknown = await call('previewMessageTemplate', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { ...body, body_content: '{nope}' },
    });
    expect(unknown.status).toBe(400);

    const sent = await call('sendTestMessage', { params: { companyId: owner.companyId }, session: owner.sessionId, body });
    expect(sent).toMatchObject({ status: 201, body: { sent_to: owner.email } });
    const mail = (await mailTo(owner.email)).find((m) => m.subject === '[Test] Hi Alex Example <3');
    expect(mail?.text).toContain('For Product Designer at Brew Co:');
  });
});
