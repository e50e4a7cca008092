import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { sha256 } from '../../lambdas/platform/crypto';
import { call } from '../support/api';
import { localDb, localEnv } from '../support/aws';
import { latestCode, mailTo, registerAndSignIn, requestCode, signIn, uniqueEmail } from '../support/accounts';

const table = () => localEnv().TABLE_NAME!;

describe('registration', () => {
  it('creates the user, the company and the owner membership, with 3 interview credits', async () => {
    const { sessionId, companyId, email } = await registerAndSignIn('Initech');
    const me = await call('getMe', { session: sessionId });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    expect(me.body.companies).toEqual([{ company_id: companyId, company_name: 'Initech', user_role: 'owner' }]);
    const plan = await call('getPlanStatus', { params: { companyId }, session: sessionId });
    expect(plan.body).toEqual({
      subscription_status: 'not_subscribed',
      candidate_packs_status: { allocated: 3, invited: 0, remaining: 3 },
      subscription: null,
    });
  });

  it('refuses a second registration of the same e-mail with already_exists', async () => {
    const email = uniqueEmail();
    expect((await call('createAccount', { body: { email, company_name: 'One' } })).status).toBe(201);
    const again = await call('createAccount', { body: { email: email.toUpperCase(), company_name: 'Two' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'already_exists', detail: 'You already have an account and can sign in.' });
  });

  it('lets only one of two concurrent registrations of an address succeed', async () => {
    const email = uniqueEmail();
    const results = await Promise.all([1, 2, 3].map((n) => call('createAccount', { body: { email, company_name: `Co ${n}` } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('answers missing or malformed fields with 400 and the fields named', async () => {
    const res = await call('createAccount', { body: { email: 'not-an-email', company_name: '' } });
    expect(res.status).toBe(400);
    expect(res.body.detail.map((d: { loc: string[] }) => d.loc)).toEqual(
      expect.arrayContaining([
        ['body', 'email'],
        ['body', 'company_name'],
      ]),
    );
    expect((await call('createAccount', { rawBody: '{' })).body.code).toBe('invalid_json');
  });
});

describe('sign-in codes', () => {
  it('mails a 6-character code with HTML and text parts that says it expires', async () => {
    const { email } = await registerAndSignIn();
    await requestCode(email);
    const [mail] = await mailTo(email);
    expect(mail!.subject).toMatch(/^Your sign-in code: [A-Z]{6}$/);
    expect(mail!.text).toContain('expires in 10 minutes');
    expect(mail!.html).toContain(mail!.subject.slice(-6));
  });

  it('answers an address without an account exactly like one with, and mails it a way to register', async () => {
    const email = uniqueEmail('nobody');
    const res = await call('sendMagicCode', { body: { email } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ email });
    const [mail] = await mailTo(email);
    expect(mail!.text).toContain('/#/register');
    const signInAttempt = await call('createMagicCodeSession', { body: { email, shortnonce: 'ABCDEF' } });
    expect(signInAttempt).toMatchObject({ status: 400, body: { code: 'invalid_code' } });
  });

  it('works once: a used code cannot sign in again', async () => {
    const { email } = await registerAndSignIn();
    const code = await requestCode(email);
    expect((await call('createMagicCodeSession', { body: { email, shortnonce: code.toLowerCase() } })).status).toBe(201);
    const reuse = await call('createMagicCodeSession', { body: { email, shortnonce: code } });
    expect(reuse).toMatchObject({ status: 400, body: { code: 'invalid_code' } });
  });

  it('replaces the previous code when a new one is sent', async () => {
    const { email } = await registerAndSignIn();
    const first = await requestCode(email);
    let second = await requestCode(email);
    while (second === first) second = await requestCode(email); // 1 in 1.5e8
    expect((await call('createMagicCodeSession', { body: { email, shortnonce: first } })).status).toBe(400);
    expect((await call('createMagicCodeSession', { body: { email, shortnonce: second } })).status).toBe(201);
  });

  it('burns the code after five wrong tries', async () => {
    const { email } = await registerAndSignIn();
    const code = await requestCode(email);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await call('createMagicCodeSession', { body: { email, shortnonce: wrong } })).body.code!);
    expect(codes).toEqual(['invalid_code', 'invalid_code', 'invalid_code', 'invalid_code', 'code_locked']);
    const right = await call('createMagicCodeSession', { body: { email, shortnonce: code } });
    expect(right).toMatchObject({ status: 400, body: { code: 'invalid_code' } });
  });

  it('expires codes after 10 minutes', async () => {
    const { email } = await registerAndSignIn();
    const code = await requestCode(email);
    // Ten minutes pass: the stored expiry is moved into the past.
    await localDb().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.magicCode(sha256(email)),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const res = await call('createMagicCodeSession', { body: { email, shortnonce: code } });
    expect(res).toMatchObject({ status: 400, body: { code: 'code_expired', detail: 'That code has expired. Request a new code.' } });
  });

  it('stores only hashes of codes and sessions', async () => {
    const { email, sessionId } = await registerAndSignIn();
    const code = await requestCode(email);
    const { Item } = await localDb().send(new GetCommand({ TableName: table(), Key: keys.magicCode(sha256(email)) }));
    expect(JSON.stringify(Item)).not.toContain(code);
    const session = await localDb().send(new GetCommand({ TableName: table(), Key: keys.session(sha256(sessionId)) }));
    expect(session.Item?.userId).toBeTruthy();
    expect(JSON.stringify(session.Item)).not.toContain(sessionId);
    expect(sessionId.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
  });

  it('rate-limits sends per address with 429 and a clear detail', async () => {
    const { email } = await registerAndSignIn(); // one send already used
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call('sendMagicCode', { body: { email } })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
    const limited = await call('sendMagicCode', { body: { email } });
    expect(limited.body).toEqual({
      code: 'rate_limited',
      detail: 'Too many codes were requested for this address. Wait a few minutes and try again.',
    });
    await expect(latestCode(email)).resolves.toMatch(/^[A-Z]{6}$/);
  });
});

describe('sessions', () => {
  it('are required for /me', async () => {
    expect((await call('getMe')).status).toBe(401);
    expect((await call('getMe', { session: 'made-up' })).status).toBe(401);
  });

  it('stop working at once when signed out', async () => {
    const { sessionId } = await registerAndSignIn();
    expect((await call('getMe', { session: sessionId })).status).toBe(200);
    expect((await call('deleteSession', { params: { sessionId } })).status).toBe(204);
    expect((await call('getMe', { session: sessionId })).status).toBe(401);
  });

  it('are independent: signing out one leaves another of the same user working', async () => {
    const { email, sessionId } = await registerAndSignIn();
    const second = await signIn(email);
    await call('deleteSession', { params: { sessionId } });
    expect((await call('getMe', { session: second.sessionId })).status).toBe(200);
  });
});

describe('companies', () => {
  it('start with the default theme and config', async () => {
    const { sessionId, companyId } = await registerAndSignIn();
    const theme = await call('getTheme', { params: { companyId }, session: sessionId });
    expect(theme.body).toEqual({
      theme_enabled: false,
      theme_definition: { palette: { primary: { main: '#3f51b5' }, secondary: { main: '#f50057' } } },
      logo_image_group_id: null,
    });
    const config = await call('getCompanyConfig', { params: { companyId }, session: sessionId });
    expect(config.body).toEqual({
      is_evaluation_enabled: true,
      is_rating_enabled: true,
      integration_types: ['hiringthing', 'ashby', 'comeet', 'greenhouse', 'hrpartner', 'lacrm', 'lever', 'recruitee'],
    });
    const owner = await call('getOwnershipStatus', { params: { companyId }, session: sessionId });
    expect(owner.body).toEqual({ is_owner: true });
    const company = await call('getCompany', { params: { companyId }, session: sessionId });
    expect(company.body).toMatchObject({ company_id: companyId, company_name: 'Acme' });
  });

  it("are invisible to other companies' sessions: 404 for every call", async () => {
    const a = await registerAndSignIn('A Corp');
    const b = await registerAndSignIn('B Corp');
    for (const operation of ['getCompany', 'getCompanyConfig', 'getOwnershipStatus', 'getPlanStatus', 'getTheme'] as const) {
      const res = await call(operation, { params: { companyId: b.companyId }, session: a.sessionId });
      expect(res.status, operation).toBe(404);
    }
    expect((await call('updateCompany', { params: { companyId: b.companyId }, session: a.sessionId, body: { company_name: 'Mine' } })).status).toBe(
      404,
    );
    expect((await call('deleteCompany', { params: { companyId: b.companyId }, session: a.sessionId })).status).toBe(404);
    expect((await call('getCompany', { params: { companyId: b.companyId }, session: b.sessionId })).body.company_name).toBe('B Corp');
  });

  it('can be renamed by the owner only, and the new name shows in /me', async () => {
    const owner = await registerAndSignIn('Old Name');
    const renamed = await call('updateCompany', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { company_name: 'New Name' },
    });
    expect(renamed).toMatchObject({ status: 200, body: { company_name: 'New Name' } });
    expect((await call('getMe', { session: owner.sessionId })).body.companies[0].company_name).toBe('New Name');

    const member = await registerAndSignIn('Elsewhere');
    await localDb().send(
      new PutCommand({
        TableName: table(),
        Item: { ...keys.membership(owner.companyId, member.userId), companyId: owner.companyId, userId: member.userId, role: 'member' },
      }),
    );
    const denied = await call('updateCompany', {
      params: { companyId: owner.companyId },
      session: member.sessionId,
      body: { company_name: 'Hijack' },
    });
    expect(denied).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect((await call('getOwnershipStatus', { params: { companyId: owner.companyId }, session: member.sessionId })).body).toEqual({
      is_owner: false,
    });
  });

  it('can be deleted by the owner, memberships and message templates included', async () => {
    const owner = await registerAndSignIn('Doomed');
    const template = await call('createMessageTemplate', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { template_name: 'Farewell', subject_line: 'Bye', body_content: 'Hello {candidateName}' },
    });
    expect(template.status).toBe(201);
    expect((await call('deleteCompany', { params: { companyId: owner.companyId }, session: owner.sessionId })).status).toBe(204);
    const stored = await localDb().send(new GetCommand({ TableName: table(), Key: keys.messageTemplate(template.body.template_id) }));
    expect(stored.Item).toBeUndefined();
    expect((await call('getMe', { session: owner.sessionId })).body.companies).toEqual([]);
    expect((await call('getCompany', { params: { companyId: owner.companyId }, session: owner.sessionId })).status).toBe(404);
  });
});

describe('POST /email-check', () => {
  it('normalises and validates without revealing accounts', async () => {
    expect((await call('checkEmail', { body: { email: '  Ada@Example.COM ' } })).body).toEqual({
      email: 'ada@example.com',
      is_valid: true,
    });
    expect((await call('checkEmail', { body: { email: 'nope' } })).body).toEqual({ email: 'nope', is_valid: false });
  });
});
