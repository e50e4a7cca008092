import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { href, paths } from '../../lambdas/contracts/app-paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { baseUrl, call } from '../support/api';
import { mailTo, registerAndSignIn, signIn, uniqueEmail } from '../support/accounts';
import { allocateCredits, localDb, localEnv, partition } from '../support/aws';
import { answerQuestion, interviewLinkMailedTo, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';
import { interviewBody } from '../support/route-fixtures';

/**
 * ATS integrations through the API against the vendors' local stand-ins (lib/local/ats): connecting
 * (credentials checked, sealed at rest, shown masked), candidates in (scheduled sync and signed
 * webhooks, never twice), results back (notes, greenhouse's stage move, retries ending in a
 * visible failed state), Lever's OAuth consent, removal, and other companies kept out.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const standIn = (type: string, path = '') => `${baseUrl()}/_local/ats/${type}${path}`;

const addInAts = async (type: string, person: { name: string; email?: string; tag: string }) => {
  const res = await fetch(standIn(type, '/candidates'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(person),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { candidate: { id: string }; webhooks: { status: number | null }[] };
};

const atsState = async (type: string) =>
  (await (await fetch(standIn(type, '/state'))).json()) as {
    candidates: { id: string; name: string; notes: { body: string }[]; stage: string; stageMoves: { from: string; to: string }[] }[];
    hooks: { id: string; url: string }[];
    tokens: { kind: string; value: string }[];
  };

const runSchedule = async (id: string, time?: Date) => {
  const res = await fetch(`${baseUrl()}/_local/schedules/${id}${time ? `?time=${encodeURIComponent(time.toISOString())}` : ''}`, { method: 'POST' });
  expect(res.status).toBe(200);
  return res.json();
};

/** A member (not the owner) of the company, through the invitation e-mail. */
const joinAsMember = async (company: Owner) => {
  const email = uniqueEmail('member');
  await call('inviteMember', { params: { companyId: company.companyId }, session: company.sessionId, body: { email } });
  const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec((await mailTo(email))[0]?.text ?? '')?.[1];
  const joined = await call('confirmMemberInvite', { body: { nonce } });
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  return { sessionId: joined.body.session_id as string, userId: joined.body.user_id as string };
};

const connect = (owner: Owner, body: Record<string, unknown>) =>
  call('createIntegration', { params: { companyId: owner.companyId }, session: owner.sessionId, body });

const createTaggedPosition = async (owner: Owner, tags: { integration_type: string; tag: string }[]) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Support engineer', interview: { ...interviewBody, questions: interviewBody.questions.slice(0, 1) } },
  });
  expect(created.status).toBe(201);
  const positionId = created.body.position_id as string;
  const position = (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body;
  const saved = await call('updatePosition', { params: { positionId }, session: owner.sessionId, body: { ...position, integration_tags: tags } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.integration_tags).toEqual(tags);
  return positionId;
};

const candidatesOf = async (owner: Owner, positionId: string) =>
  (await call('listCandidates', { params: { positionId }, session: owner.sessionId, query: { tab: 'invited' } })).body.candidates as {
    candidate_id: string;
    candidate_name: string;
  }[];

let owner: Owner;
let other: Owner;
beforeAll(async () => {
  [owner, other] = await Promise.all([registerAndSignIn('Integrated Co'), registerAndSignIn('Other Co')]);
  await allocateCredits(owner.companyId, 20);
});

describe('connecting an integration', () => {
  it('checks the credentials with the ATS, seals them at rest and shows them only masked; other companies and members are kept out', async () => {
    const refused = await connect(owner, { integration_type: 'recruitee', auth_token: 'not-the-token', username: 'recruitee-local-company' });
    expect(refused).toMatchObject({ status: 400, body: { code: 'credentials_rejected' } });
    expect(refused.body.detail).toContain('Recruitee did not accept these credentials');
    expect((await connect(owner, { integration_type: 'recruitee', auth_token: 'recruitee-local-token' })).body.code).toBe('username_required');
    expect((await connect(owner, { integration_type: 'lever', auth_token: 'x' })).body.code).toBe('oauth_required');

    const token = 'recruitee-local-token';
    const added = await connect(owner, { integration_type: 'recruitee', auth_token: token, username: 'recruitee-local-company' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      integration_type: 'recruitee',
      username: 'recruitee-local-company',
      integration_properties: { auth_token: '•'.repeat(Math.round(token.length * 1.25)), greenhouse: null },
      webhooks: false,
      last_sync: null,
    });
    expect(JSON.stringify(added.body)).not.toContain(token);
    const again = await connect(owner, { integration_type: 'recruitee', auth_token: token, username: 'recruitee-local-company' });
    expect(again).toMatchObject({ status: 409, body: { code: 'already_added' } });

    // At rest: KMS ciphertext bound to the integration, nothing of the token in the item.
    const { Item } = await localDb().send(
      new GetCommand({ TableName: localEnv().TABLE_NAME, Key: { PK: `INTEGRATION#${added.body.integration_id}`, SK: 'INTEGRATION' } }),
    );
    expect(Item?.sealed).toMatch(/^[A-Za-z0-9+/=]{40,}$/);
    expect(JSON.stringify(Item)).not.toContain(token);

    const listed = await call('listIntegrations', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(listed.body.integrations).toEqual([added.body]);
    expect(
      (await call('getCompanyConfig', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.integration_types,
    ).toHaveLength(8);

    // Another company: 404 on every route; a member who is not the owner may read but not change.
    expect((await call('listIntegrations', { params: { companyId: owner.companyId }, session: other.sessionId })).status).toBe(404);
    expect((await call('deleteIntegration', { params: { integrationId: added.body.integration_id }, session: other.sessionId })).status).toBe(404);
    expect(
      (await connect({ ...other, companyId: owner.companyId }, { integration_type: 'hrpartner', auth_token: 'hrpartner-local-key' })).status,
    ).toBe(404);
    const member = await joinAsMember(owner);
    expect((await call('listIntegrations', { params: { companyId: owner.companyId }, session: member.sessionId })).body.integrations).toHaveLength(1);
    expect((await call('deleteIntegration', { params: { integrationId: added.body.integration_id }, session: member.sessionId })).status).toBe(403);

    // Removing it deletes it (and its sealed secrets) for good.
    expect((await call('deleteIntegration', { params: { integrationId: added.body.integration_id }, session: owner.sessionId })).status).toBe(204);
    expect((await call('deleteIntegration', { params: { integrationId: added.body.integration_id }, session: owner.sessionId })).status).toBe(404);
    const gone = await localDb().send(
      new GetCommand({ TableName: localEnv().TABLE_NAME, Key: { PK: `INTEGRATION#${added.body.integration_id}`, SK: 'INTEGRATION' } }),
    );
    expect(gone.Item).toBeUndefined();
  });
});

describe('candidates in and results back', () => {
  let clip: Uint8Array;
  beforeAll(async () => {
    clip = (await makeClip(1)).bytes;
  });

  it('invites greenhouse candidates with the tag once, writes the response back as a note with a stage move, and retries until a visible failure', async () => {
    const added = await connect(owner, {
      integration_type: 'greenhouse',
      auth_token: 'greenhouse-local-secret',
      username: 'greenhouse-local-client',
      integration_properties: { greenhouse: { automatic_stage_transitions: true } },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.integration_properties.greenhouse).toEqual({ automatic_stage_transitions: true });
    const tag = `video-${Date.now()}`;
    const positionId = await createTaggedPosition(owner, [{ integration_type: 'greenhouse', tag }]);

    const emails = [uniqueEmail('gh-a'), uniqueEmail('gh-b')];
    const ada = await addInAts('greenhouse', { name: 'Ada Lovelace', email: emails[0], tag });
    await addInAts('greenhouse', { name: 'Brian Kernighan', email: emails[1], tag });
    await addInAts('greenhouse', { name: 'Not Tagged', email: uniqueEmail('gh-c'), tag: 'another-tag' });

    await runSchedule('syncIntegrations');
    let invited = await candidatesOf(owner, positionId);
    expect(invited.map((c) => c.candidate_name).sort()).toEqual(['Ada Lovelace', 'Brian Kernighan']);
    // The next sync (and any replay) invites nobody twice.
    await runSchedule('syncIntegrations');
    invited = await candidatesOf(owner, positionId);
    expect(invited).toHaveLength(2);
    const listed = (await call('listIntegrations', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.integrations;
    expect(listed.find((i) => i.integration_type === 'greenhouse')?.last_sync).toMatchObject({
      invited: 0,
      problem: null,
    });

    const adaCandidate = invited.find((c) => c.candidate_name === 'Ada Lovelace')!;
    const detail = await call('getCandidate', { params: { candidateId: adaCandidate.candidate_id }, session: owner.sessionId });
    expect(detail.body).toMatchObject({
      integration_type: 'greenhouse',
      integration_attributes: { profile_href: expect.stringContaining(`/_local/ats/greenhouse/app/people/${ada.candidate.id}`), write_back: null },
    });
    expect((await fetch(detail.body.integration_attributes!.profile_href!)).status).toBe(200);

    // Ada records her interview: the response goes back as a note with the link, and the application moves on.
    const token = tokenFromHref(await interviewLinkMailedTo(emails[0]!));
    expect((await answerQuestion(token, 0, clip)).completed).toBe(true);
    expect(
      (await call('getCandidate', { params: { candidateId: adaCandidate.candidate_id }, session: owner.sessionId })).body.integration_attributes
        ?.write_back,
    ).toMatchObject({
      event: 'responded',
      status: 'pending',
    });
    await runSchedule('deliverIntegrationResults');
    const inAts = (await atsState('greenhouse')).candidates.find((c) => c.id === ada.candidate.id)!;
    expect(inAts.notes).toHaveLength(1);
    expect(inAts.notes[0]!.body).toContain('Ada Lovelace completed the video interview for Support engineer.');
    expect(inAts.notes[0]!.body).toContain(href(paths.candidate.to(owner.companyId, positionId, adaCandidate.candidate_id)));
    expect(inAts.stageMoves).toHaveLength(1);
    expect(
      (await call('getCandidate', { params: { candidateId: adaCandidate.candidate_id }, session: owner.sessionId })).body.integration_attributes
        ?.write_back,
    ).toMatchObject({
      event: 'responded',
      status: 'delivered',
      attempts: 1,
      last_error: null,
    });

    // The ATS is down: shortlisting is retried with backoff and ends in a failed state the team sees.
    await fetch(standIn('greenhouse', '/outage'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: 100, status: 503 }),
    });
    expect(
      (await call('setCandidateStatus', { params: { candidateId: adaCandidate.candidate_id, status: 'shortlist' }, session: owner.sessionId }))
        .status,
    ).toBe(200);
    let clock = Date.now();
    const panel = async () =>
      (await call('getCandidate', { params: { candidateId: adaCandidate.candidate_id }, session: owner.sessionId })).body.integration_attributes
        ?.write_back;
    for (let attempt = 1; attempt <= 5; attempt++) {
      await runSchedule('deliverIntegrationResults', new Date(clock));
      expect(await panel()).toMatchObject({ event: 'shortlisted', status: 'retrying', attempts: attempt });
      clock += 60_000 * 2 ** (attempt - 1) + 1000;
    }
    await runSchedule('deliverIntegrationResults', new Date(clock));
    const failed = await panel();
    expect(failed).toMatchObject({ event: 'shortlisted', status: 'failed', attempts: 6 });
    expect(failed!.last_error).toContain('503');
    await fetch(standIn('greenhouse', '/outage'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: 0 }),
    });
    expect((await atsState('greenhouse')).candidates.find((c) => c.id === ada.candidate.id)!.notes).toHaveLength(1);
  });

  it('takes candidates in at once through a signed webhook (ashby), never twice on a replay, and refuses unsigned deliveries', async () => {
    const added = await connect(owner, { integration_type: 'ashby', auth_token: 'ashby-local-key' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.webhooks).toBe(true);
    const hook = (await atsState('ashby')).hooks.find((h) => h.url.endsWith(`/integration-webhooks/${added.body.integration_id}`));
    expect(hook).toBeDefined();

    const tag = `hook-${Date.now()}`;
    const positionId = await createTaggedPosition(owner, [{ integration_type: 'ashby', tag }]);
    const email = uniqueEmail('ashby');
    const person = await addInAts('ashby', { name: 'Grace Hopper', email, tag });
    // The stand-in delivered the signed webhook when the candidate was added: no schedule ran.
    expect(person.webhooks.map((w) => w.status)).toEqual([200]);
    expect((await candidatesOf(owner, positionId)).map((c) => c.candidate_name)).toEqual(['Grace Hopper']);
    expect(await interviewLinkMailedTo(email)).toContain(href(paths.interview.to('')));

    const replay = await fetch(standIn('ashby', `/candidates/${person.candidate.id}/webhook`), { method: 'POST' });
    expect(((await replay.json()) as { webhooks: { status: number }[] }).webhooks.map((w) => w.status)).toEqual([200]);
    expect(await candidatesOf(owner, positionId)).toHaveLength(1);

    const forged = await fetch(`${baseUrl()}/api/v1/integration-webhooks/${added.body.integration_id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'ashby-signature': `sha256=${'0'.repeat(64)}` },
      body: JSON.stringify({ action: 'applicationSubmit', data: {} }),
    });
    expect(forged.status).toBe(400);

    // Removed: the webhook is unregistered at the ATS and deliveries find nothing; the record of
    // whom it brought in goes with it, and its type is free again.
    expect((await partition(`INTEGRATION#${added.body.integration_id}`)).filter((item) => String(item.SK).startsWith('IMPORT#'))).toHaveLength(1);
    expect((await call('deleteIntegration', { params: { integrationId: added.body.integration_id }, session: owner.sessionId })).status).toBe(204);
    expect((await atsState('ashby')).hooks.some((h) => h.id === hook!.id)).toBe(false);
    expect(await partition(`INTEGRATION#${added.body.integration_id}`)).toEqual([]);
    const type = await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.integrationType(owner.companyId, 'ashby') }));
    expect(type.Item).toBeUndefined();
    const late = await fetch(`${baseUrl()}/api/v1/integration-webhooks/${added.body.integration_id}`, { method: 'POST', body: '{}' });
    expect(late.status).toBe(404);
  });
});

describe('deleting the company', () => {
  it('takes its integrations (webhooks unregistered, imports and all), positions open and closed with their candidates, and its own items; a member is refused and nothing goes', async () => {
    const doomed = await registerAndSignIn('Integrated, then gone');
    await allocateCredits(doomed.companyId, 5);
    const added = await connect(doomed, { integration_type: 'ashby', auth_token: 'ashby-local-key' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const integrationId = added.body.integration_id as string;
    const hook = (await atsState('ashby')).hooks.find((h) => h.url.endsWith(`/integration-webhooks/${integrationId}`));
    expect(hook).toBeDefined();

    // An open position with a candidate the ATS brought in, and a closed one with a candidate of its own.
    const tag = `gone-${Date.now()}`;
    const open = await createTaggedPosition(doomed, [{ integration_type: 'ashby', tag }]);
    await addInAts('ashby', { name: 'Ada Lovelace', email: uniqueEmail('gone-ats'), tag });
    const imported = await candidatesOf(doomed, open);
    expect(imported.map((c) => c.candidate_name)).toEqual(['Ada Lovelace']);
    const closed = await createTaggedPosition(doomed, []);
    const invited = await call('inviteCandidate', {
      params: { positionId: closed },
      session: doomed.sessionId,
      body: { candidate_name: 'Alan Turing', email: uniqueEmail('gone') },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect((await call('setPositionStatus', { params: { positionId: closed, status: 'close' }, session: doomed.sessionId })).status).toBe(200);
    const candidateIds = [imported[0]!.candidate_id, invited.body.candidate_id as string];

    const read = async (key: { PK: string; SK: string }) =>
      (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: key }))).Item;
    const companyItems = async () => partition(keys.company(doomed.companyId).PK);

    // A member is refused (403), and what the deletion read alongside that check deletes nothing.
    const member = await joinAsMember(doomed);
    expect(await call('deleteCompany', { params: { companyId: doomed.companyId }, session: member.sessionId })).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    });
    expect(await read(keys.integration(integrationId))).toBeDefined();
    expect((await partition(`INTEGRATION#${integrationId}`)).length).toBe(2);
    for (const positionId of [open, closed]) expect(await read(keys.position(positionId))).toBeDefined();
    for (const candidateId of candidateIds) expect(await read(keys.candidate(candidateId))).toBeDefined();
    expect((await atsState('ashby')).hooks.some((h) => h.id === hook!.id)).toBe(true);
    expect((await companyItems()).map((item) => item.SK).sort()).toEqual(
      ['INTEGRATIONTYPE#ashby', `MEMBER#${doomed.userId}`, `MEMBER#${member.userId}`, 'PROFILE'].sort(),
    );

    expect((await call('deleteCompany', { params: { companyId: doomed.companyId }, session: doomed.sessionId })).status).toBe(204);
    expect((await atsState('ashby')).hooks.some((h) => h.id === hook!.id)).toBe(false);
    expect(await partition(`INTEGRATION#${integrationId}`)).toEqual([]);
    for (const positionId of [open, closed]) expect(await read(keys.position(positionId))).toBeUndefined();
    for (const candidateId of candidateIds) expect(await partition(keys.candidate(candidateId).PK)).toEqual([]);
    expect(await companyItems()).toEqual([]);
    expect((await call('getMe', { session: doomed.sessionId })).body.companies).toEqual([]);
    expect((await call('getMe', { session: member.sessionId })).body.companies).toEqual([]);
  });
});

describe("Lever's OAuth consent", () => {
  const consent = async (company: Owner, decision: 'allow' | 'deny') => {
    const href = await call('createLeverOAuthHref', { session: company.sessionId, body: { company_id: company.companyId } });
    expect(href.status, JSON.stringify(href.body)).toBe(200);
    const authHref = new URL(href.body.auth_href as string);
    expect(authHref.searchParams.get('redirect_uri')).toBe(`${baseUrl()}/?oauth=lever`);
    const page = await fetch(authHref);
    expect(page.status).toBe(200);
    const form = new URLSearchParams({
      client_id: authHref.searchParams.get('client_id')!,
      redirect_uri: authHref.searchParams.get('redirect_uri')!,
      state: authHref.searchParams.get('state')!,
      scope: authHref.searchParams.get('scope') ?? '',
      decision,
    });
    const back = await fetch(`${authHref.origin}${authHref.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
    expect(back.status).toBe(302);
    return new URL(back.headers.get('location')!).searchParams;
  };

  it('connects Lever with a single-use state bound to the owner, and a refusal stores nothing', async () => {
    const company = await registerAndSignIn('Lever Co');
    const refused = await consent(company, 'deny');
    expect(refused.get('error')).toBe('access_denied');
    const aborted = await call('abortLeverOAuth', {
      session: company.sessionId,
      body: { state: refused.get('state'), error: refused.get('error'), error_description: refused.get('error_description') },
    });
    expect(aborted).toMatchObject({ status: 200, body: { company_id: company.companyId } });
    expect((await call('listIntegrations', { params: { companyId: company.companyId }, session: company.sessionId })).body.integrations).toEqual([]);

    const granted = await consent(company, 'allow');
    // The state is bound to the user who started the consent.
    const stranger = await signIn(owner.email);
    expect(
      (await call('completeLeverOAuth', { session: stranger.sessionId, body: { state: granted.get('state'), code: granted.get('code') } })).status,
    ).toBe(400);
    // …and that attempt used it up.
    expect(
      (await call('completeLeverOAuth', { session: company.sessionId, body: { state: granted.get('state'), code: granted.get('code') } })).status,
    ).toBe(400);

    const fresh = await consent(company, 'allow');
    const completed = await call('completeLeverOAuth', { session: company.sessionId, body: { state: fresh.get('state'), code: fresh.get('code') } });
    expect(completed).toMatchObject({ status: 200, body: { company_id: company.companyId } });
    const [lever] = (await call('listIntegrations', { params: { companyId: company.companyId }, session: company.sessionId })).body.integrations;
    expect(lever).toMatchObject({ integration_type: 'lever', webhooks: true });
    const replayed = await call('completeLeverOAuth', { session: company.sessionId, body: { state: fresh.get('state'), code: fresh.get('code') } });
    expect(replayed).toMatchObject({ status: 400, body: { code: 'invalid_state' } });

    // Nothing of Lever's tokens is in the table in the clear.
    const { Items } = await localDb().send(
      new QueryCommand({
        TableName: localEnv().TABLE_NAME,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': `COMPANY#${company.companyId}#INTEGRATIONS` },
      }),
    );
    expect(Items).toHaveLength(1);
    // The values the stand-in issued (to this test or others): none of them, nor a piece of one, is stored.
    const issued = (await atsState('lever')).tokens.filter((token) => token.kind === 'access' || token.kind === 'refresh');
    expect(issued.map((token) => token.kind)).toEqual(expect.arrayContaining(['access', 'refresh']));
    const stored = JSON.stringify(Items);
    for (const { value } of issued) {
      expect(stored).not.toContain(value);
      expect(stored).not.toContain(value.slice(-24));
    }
    expect(stored).not.toContain('lever-local-');
  });
});
