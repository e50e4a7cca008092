import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';

const inviteNonce = async (email: string) => {
  const mail = (await mailTo(email)).find((m) => m.subject.startsWith("You're invited"));
  const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!nonce) throw new Error(`no invitation mailed to ${email}`);
  return nonce;
};

describe('team members', () => {
  it('invites by e-mail; the invitee accepts, is signed in and joins the company', async () => {
    const owner = await registerAndSignIn('Hooli');
    const email = uniqueEmail('teammate');
    const invited = await call('POST', `/companies/${owner.companyId}/members`, { session: owner.sessionId, body: { email } });
    expect(invited).toMatchObject({ status: 201, body: { email, status: 'invited' } });

    const list = await call('GET', `/companies/${owner.companyId}/members`, { session: owner.sessionId });
    expect(list.body.members).toEqual([{ user_id: owner.userId, email: owner.email, user_role: 'owner', status: 'active' }]);
    expect(list.body.invited_members).toEqual([{ user_id: invited.body.user_id, email, status: 'invited' }]);

    const nonce = await inviteNonce(email);
    expect((await call('GET', `/member-invites/${nonce}`)).body).toEqual({ company_name: 'Hooli', has_existing_account: false });
    const accepted = await call('POST', '/member-invites/confirmed', { body: { nonce } });
    expect(accepted.status).toBe(201);
    expect(accepted.body.company_id).toBe(owner.companyId);

    const me = await call('GET', '/me', { session: accepted.body.session_id });
    expect(me.body.companies).toEqual([{ company_id: owner.companyId, company_name: 'Hooli', user_role: 'member' }]);
    const after = await call('GET', `/companies/${owner.companyId}/members`, { session: owner.sessionId });
    expect(after.body.members.map((m: { email: string }) => m.email)).toEqual([owner.email, email]);
    expect(after.body.invited_members).toEqual([]);

    // A used link does not work twice.
    expect((await call('POST', '/member-invites/confirmed', { body: { nonce } })).status).toBe(404);
    // Members are not owners: owner-only calls are refused.
    const asMember = await call('POST', `/companies/${owner.companyId}/members`, {
      session: accepted.body.session_id,
      body: { email: uniqueEmail() },
    });
    expect(asMember.status).toBe(403);
  });

  it('adds an existing account to a second company, which then shows in /me', async () => {
    const a = await registerAndSignIn('Alpha');
    const b = await registerAndSignIn('Beta');
    await call('POST', `/companies/${a.companyId}/members`, { session: a.sessionId, body: { email: b.email } });
    const nonce = await inviteNonce(b.email);
    expect((await call('GET', `/member-invites/${nonce}`)).body.has_existing_account).toBe(true);
    const accepted = await call('POST', '/member-invites/confirmed', { body: { nonce } });
    expect(accepted.body.user_id).toBe(b.userId);
    const me = await call('GET', '/me', { session: b.sessionId });
    expect(me.body.companies.map((c: { company_name: string }) => c.company_name)).toEqual(['Alpha', 'Beta']);
  });

  it('replaces an earlier invitation link when inviting again', async () => {
    const owner = await registerAndSignIn();
    const email = uniqueEmail();
    await call('POST', `/companies/${owner.companyId}/members`, { session: owner.sessionId, body: { email } });
    const first = await inviteNonce(email);
    await call('POST', `/companies/${owner.companyId}/members`, { session: owner.sessionId, body: { email } });
    const second = await inviteNonce(email);
    expect(second).not.toBe(first);
    expect((await call('GET', `/member-invites/${first}`)).status).toBe(404);
    expect((await call('GET', `/member-invites/${second}`)).status).toBe(200);
    const list = await call('GET', `/companies/${owner.companyId}/members`, { session: owner.sessionId });
    expect(list.body.invited_members).toHaveLength(1);
  });

  it('removes members and invitations, never the owner', async () => {
    const owner = await registerAndSignIn();
    const email = uniqueEmail();
    const invited = await call('POST', `/companies/${owner.companyId}/members`, { session: owner.sessionId, body: { email } });
    expect((await call('DELETE', `/companies/${owner.companyId}/members/${invited.body.user_id}`, { session: owner.sessionId })).status).toBe(204);
    expect((await call('GET', `/member-invites/${await inviteNonce(email)}`)).status).toBe(404);

    const self = await call('DELETE', `/companies/${owner.companyId}/members/${owner.userId}`, { session: owner.sessionId });
    expect(self).toMatchObject({ status: 400, body: { code: 'owner_not_removable', detail: 'The owner cannot be removed.' } });
    expect((await call('DELETE', `/companies/${owner.companyId}/members/nobody`, { session: owner.sessionId })).status).toBe(404);
  });

  it('refuses to invite an existing member, bad addresses, and other companies', async () => {
    const owner = await registerAndSignIn();
    const self = await call('POST', `/companies/${owner.companyId}/members`, { session: owner.sessionId, body: { email: owner.email } });
    expect(self).toMatchObject({ status: 409, body: { code: 'already_member' } });
    const bad = await call('POST', `/companies/${owner.companyId}/members`, { session: owner.sessionId, body: { email: 'nope' } });
    expect(bad.status).toBe(400);
    const other = await registerAndSignIn();
    expect((await call('GET', `/companies/${other.companyId}/members`, { session: owner.sessionId })).status).toBe(404);
    expect((await call('POST', `/companies/${other.companyId}/members`, { session: owner.sessionId, body: { email: uniqueEmail() } })).status).toBe(
      404,
    );
    expect((await call('GET', '/member-invites/short')).status).toBe(400);
  });
});
