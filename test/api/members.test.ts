import { BatchWriteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../lambdas/platform/crypto';
import { keys, sortKeyPrefixes } from '../../lambdas/data/keys';
import { call } from '../support/api';
import { localDb, localEnv } from '../support/aws';
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
    const invited = await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } });
    expect(invited).toMatchObject({ status: 201, body: { email, status: 'invited' } });

    const list = await call('listMembers', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(list.body.members).toEqual([{ user_id: owner.userId, email: owner.email, user_role: 'owner', status: 'active' }]);
    expect(list.body.invited_members).toEqual([
      { user_id: invited.body.user_id, email, status: 'invited', mail: expect.objectContaining({ reason: null }) },
    ]);

    const nonce = await inviteNonce(email);
    expect((await call('getMemberInvite', { params: { nonce } })).body).toEqual({ company_name: 'Hooli', has_existing_account: false });
    const accepted = await call('confirmMemberInvite', { body: { nonce } });
    expect(accepted.status).toBe(201);
    expect(accepted.body.company_id).toBe(owner.companyId);

    const me = await call('getMe', { session: accepted.body.session_id });
    expect(me.body.companies).toEqual([{ company_id: owner.companyId, company_name: 'Hooli', user_role: 'member' }]);
    const after = await call('listMembers', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(after.body.members.map((m: { email: string }) => m.email)).toEqual([owner.email, email]);
    expect(after.body.invited_members).toEqual([]);

    // A used link does not work twice.
    expect((await call('confirmMemberInvite', { body: { nonce } })).status).toBe(404);
    // Members are not owners: owner-only calls are refused.
    const asMember = await call('inviteMember', {
      params: { companyId: owner.companyId },
      session: accepted.body.session_id,
      body: { email: uniqueEmail() },
    });
    expect(asMember.status).toBe(403);
  });

  it('adds an existing account to a second company, which then shows in /me', async () => {
    const a = await registerAndSignIn('Alpha');
    const b = await registerAndSignIn('Beta');
    await call('inviteMember', { params: { companyId: a.companyId }, session: a.sessionId, body: { email: b.email } });
    const nonce = await inviteNonce(b.email);
    expect((await call('getMemberInvite', { params: { nonce } })).body.has_existing_account).toBe(true);
    const accepted = await call('confirmMemberInvite', { body: { nonce } });
    expect(accepted.body.user_id).toBe(b.userId);
    const me = await call('getMe', { session: b.sessionId });
    expect(me.body.companies.map((c: { company_name: string }) => c.company_name)).toEqual(['Alpha', 'Beta']);
  });

  it('renames the company on every membership, beyond one transaction, and only there', async () => {
    const owner = await registerAndSignIn('Before');
    const email = uniqueEmail('teammate');
    await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } });
    const joined = await call('confirmMemberInvite', { body: { nonce: await inviteNonce(email) } });
    const other = await registerAndSignIn('Bystander');
    // More memberships than one transaction holds (100 items), seeded straight in the table.
    const seeded = Array.from({ length: 120 }, (_, i) => ({
      ...keys.membership(owner.companyId, `seeded-${i}`),
      ...keys.membershipByUser(`seeded-${i}`, owner.companyId),
      type: 'membership',
      companyId: owner.companyId,
      userId: `seeded-${i}`,
      email: `seeded-${i}@example.com`,
      companyName: 'Before',
      role: 'member',
      status: 'active',
    }));
    for (let i = 0; i < seeded.length; i += 25) {
      await localDb().send(
        new BatchWriteCommand({ RequestItems: { [localEnv().TABLE_NAME!]: seeded.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }),
      );
    }

    const renamed = await call('updateCompany', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { company_name: 'After' },
    });
    expect(renamed).toMatchObject({ status: 200, body: { company_id: owner.companyId, company_name: 'After' } });
    expect((await call('getMe', { session: joined.body.session_id })).body.companies).toEqual([
      { company_id: owner.companyId, company_name: 'After', user_role: 'member' },
    ]);
    const memberships = await localDb().send(
      new QueryCommand({
        TableName: localEnv().TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :member)',
        ExpressionAttributeValues: { ':pk': keys.company(owner.companyId).PK, ':member': sortKeyPrefixes.member },
      }),
    );
    expect(memberships.Items).toHaveLength(122);
    expect(memberships.Items!.filter((item) => item.companyName !== 'After')).toEqual([]);
    expect((await call('getMe', { session: other.sessionId })).body.companies[0].company_name).toBe('Bystander');
  });

  it('replaces an earlier invitation link when inviting again', async () => {
    const owner = await registerAndSignIn();
    const email = uniqueEmail();
    await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } });
    const first = await inviteNonce(email);
    await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } });
    const second = await inviteNonce(email);
    expect(second).not.toBe(first);
    expect((await call('getMemberInvite', { params: { nonce: first } })).status).toBe(404);
    expect((await call('getMemberInvite', { params: { nonce: second } })).status).toBe(200);
    const list = await call('listMembers', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(list.body.invited_members).toHaveLength(1);
  });

  it('refuses an expired invitation, whether its link or the invitation itself has run out', async () => {
    const owner = await registerAndSignIn();
    const expire = (key: { PK: string; SK: string }) =>
      localDb().send(
        new UpdateCommand({
          TableName: localEnv().TABLE_NAME,
          Key: key,
          UpdateExpression: 'SET #ttl = :past',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 60 },
        }),
      );
    for (const which of ['link', 'invitation'] as const) {
      const email = uniqueEmail(which);
      const invited = await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } });
      const nonce = await inviteNonce(email);
      expect((await call('getMemberInvite', { params: { nonce } })).status).toBe(200);
      await expire(which === 'link' ? keys.memberInviteNonce(sha256(nonce)) : keys.memberInvite(owner.companyId, invited.body.user_id));
      expect((await call('getMemberInvite', { params: { nonce } })).body).toMatchObject({ code: 'invite_not_found' });
      expect((await call('confirmMemberInvite', { body: { nonce } })).body).toMatchObject({ code: 'invite_not_found' });
    }
  });

  it('removes members and invitations, never the owner', async () => {
    const owner = await registerAndSignIn();
    const email = uniqueEmail();
    const invited = await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } });
    expect(
      (await call('removeMember', { params: { companyId: owner.companyId, userId: invited.body.user_id }, session: owner.sessionId })).status,
    ).toBe(204);
    expect((await call('getMemberInvite', { params: { nonce: await inviteNonce(email) } })).status).toBe(404);

    // An active member: removed, they lose the company (in /me and its calls), and the list no longer shows them.
    const memberEmail = uniqueEmail('leaver');
    await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email: memberEmail } });
    const joined = await call('confirmMemberInvite', { body: { nonce: await inviteNonce(memberEmail) } });
    expect(joined.status).toBe(201);
    const before = await call('listMembers', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(before.body.members.map((m: { email: string }) => m.email)).toEqual([owner.email, memberEmail]);
    expect(
      (await call('removeMember', { params: { companyId: owner.companyId, userId: joined.body.user_id }, session: owner.sessionId })).status,
    ).toBe(204);
    const after = await call('listMembers', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(after.body).toEqual({
      members: [{ user_id: owner.userId, email: owner.email, user_role: 'owner', status: 'active' }],
      invited_members: [],
    });
    expect((await call('getMe', { session: joined.body.session_id })).body.companies).toEqual([]);
    expect((await call('listMembers', { params: { companyId: owner.companyId }, session: joined.body.session_id })).status).toBe(404);

    const self = await call('removeMember', { params: { companyId: owner.companyId, userId: owner.userId }, session: owner.sessionId });
    expect(self).toMatchObject({ status: 400, body: { code: 'owner_not_removable', detail: 'The owner cannot be removed.' } });
    expect((await call('removeMember', { params: { companyId: owner.companyId, userId: 'nobody' }, session: owner.sessionId })).status).toBe(404);
  });

  it('refuses to invite an existing member, bad addresses, and other companies', async () => {
    const owner = await registerAndSignIn();
    const self = await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email: owner.email } });
    expect(self).toMatchObject({ status: 409, body: { code: 'already_member' } });
    const bad = await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email: 'nope' } });
    expect(bad.status).toBe(400);
    const other = await registerAndSignIn();
    expect((await call('listMembers', { params: { companyId: other.companyId }, session: owner.sessionId })).status).toBe(404);
    expect(
      (await call('inviteMember', { params: { companyId: other.companyId }, session: owner.sessionId, body: { email: uniqueEmail() } })).status,
    ).toBe(404);
    expect((await call('getMemberInvite', { params: { nonce: 'short' } })).status).toBe(400);
  });
});
