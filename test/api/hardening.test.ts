import { Agent, request } from 'node:http';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, operationPath, operations, type OperationId } from '../../lambdas/operations/index';
import { keys } from '../../lambdas/data/keys';
import { baseUrl, call, callPath } from '../support/api';
import { mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { savePosition } from '../support/positions';
import { interviewFixture } from '../support/interviews';

/** The server-side defects of the "Hardening" issue, each through the local API. */

const interview = interviewFixture({ questions: [{ title: 'Tell us about yourself', content: 'Two minutes\nis plenty.' }] });

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const createPosition = async (owner: Owner, jobTitle = 'Hardened engineer') => {
  const res = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: jobTitle, interview },
  });
  expect(res.status).toBe(201);
  return res.body.position_id as string;
};

/** A teammate who accepted the owner's invitation, signed in as a member. */
const addMember = async (owner: Owner) => {
  const email = uniqueEmail('member');
  expect((await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } })).status).toBe(201);
  const mail = (await mailTo(email)).find((m) => m.subject.startsWith("You're invited"));
  const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  const accepted = await call('confirmMemberInvite', { body: { nonce } });
  expect(accepted.status).toBe(201);
  return { email, sessionId: accepted.body.session_id as string, userId: accepted.body.user_id as string };
};

describe('request bodies', () => {
  it('answer deeply nested JSON with 400 too_deep on a body route, never a 500', async () => {
    const deep = await call('checkEmail', { rawBody: `${'['.repeat(10_000)}${']'.repeat(10_000)}` });
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ code: 'too_deep', detail: expect.stringContaining('nested too deeply') });
    const objects = await call('checkEmail', { rawBody: `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}` });
    expect(objects).toMatchObject({ status: 400, body: { code: 'too_deep' } });
    const fine = await call('checkEmail', { rawBody: '{"email": "Ada@Example.com", "__proto__": {"email": 1}, "constructor": {}}' });
    expect(fine).toMatchObject({ status: 200, body: { email: 'ada@example.com', is_valid: true } });
  });
});

describe('public apply links', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await registerAndSignIn('Switch Co');
  });

  const linkIdOf = (href: string) => href.split('/apply/')[1]!;
  const turnOn = async (positionId: string) => {
    const res = await call('createApplyLink', { params: { positionId }, session: owner.sessionId });
    expect(res.status).toBe(201);
    return linkIdOf(res.body.link_href as string);
  };
  const turnOff = async (positionId: string) => {
    const res = await savePosition(owner.sessionId, positionId, { apply_link: null });
    expect(res.status).toBe(200);
    expect(res.body.apply_link).toBeNull();
  };
  const apply = (linkId: string) =>
    call('applyThroughLink', { params: { linkId }, body: { candidate_name: 'Walk In', email: uniqueEmail('walkin') } });

  it('can be created after the position was saved without one', async () => {
    const positionId = await createPosition(owner);
    expect((await savePosition(owner.sessionId, positionId)).status).toBe(200);
    const linkId = await turnOn(positionId);
    expect((await call('getApplyLink', { params: { linkId } })).status).toBe(200);

    // A position saved before this fix holds the link as NULL: it can be switched on too.
    const legacy = await createPosition(owner);
    await localDb().send(
      new UpdateCommand({
        TableName: localEnv().TABLE_NAME,
        Key: keys.position(legacy),
        UpdateExpression: 'SET applyLinkId = :null',
        ExpressionAttributeValues: { ':null': null },
      }),
    );
    expect((await call('getPosition', { params: { positionId: legacy }, session: owner.sessionId })).body.apply_link).toBeNull();
    expect((await call('getApplyLink', { params: { linkId: await turnOn(legacy) } })).status).toBe(200);
  });

  it('switch off and on any number of times; a link switched off stops admitting applicants at once', async () => {
    const positionId = await createPosition(owner);
    const seen: string[] = [];
    for (let round = 0; round < 2; round++) {
      const linkId = await turnOn(positionId);
      expect(seen).not.toContain(linkId);
      seen.push(linkId);
      expect(await turnOn(positionId)).toBe(linkId); // on twice is the same link
      expect((await call('getApplyLink', { params: { linkId } })).body.open).toBe(true);
      // Saving other settings with the link on keeps it.
      const kept = await savePosition(owner.sessionId, positionId, { invites_expire_after: 'P7D' });
      expect(kept.body.apply_link!.link_href).toMatch(new RegExp(`/apply/${linkId}$`));
      await turnOff(positionId);
      for (const old of seen) {
        expect((await call('getApplyLink', { params: { linkId: old } })).status).toBe(404);
        expect((await apply(old)).status).toBe(404);
      }
    }
    const last = await turnOn(positionId);
    expect((await apply(last)).status).toBe(201);
    expect((await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.candidates.invited).toBe(1);
  });
});

describe('lists follow the access rule of their items', () => {
  it("keep an owner-only position out of a member's positions list, content library, candidates and templates in use", async () => {
    const owner = await registerAndSignIn('Need To Know');
    const member = await addMember(owner);
    const shared = await createPosition(owner, 'Whole team');
    const ownerOnly = await createPosition(owner, 'Owner only');
    const planned = [{ template_id: 'standard-reminder', send_trigger: 'P2D' }];
    expect((await savePosition(owner.sessionId, ownerOnly, { sharing: { user_ids: [owner.userId] }, planned_messages: planned })).status).toBe(200);
    const sharedWithMember = await createPosition(owner, 'Named member');
    expect((await savePosition(owner.sessionId, sharedWithMember, { sharing: { user_ids: [member.userId] } })).status).toBe(200);

    const ids = async (session: string, status: 'open' | 'closed') => {
      const res = await call('listPositions', { params: { companyId: owner.companyId }, query: { status }, session });
      expect(res.status).toBe(200);
      return (res.body.positions as { position_id: string }[]).map((p) => p.position_id);
    };
    expect(await ids(owner.sessionId, 'open')).toEqual(expect.arrayContaining([shared, ownerOnly, sharedWithMember]));
    const memberOpen = await ids(member.sessionId, 'open');
    expect(memberOpen).toEqual(expect.arrayContaining([shared, sharedWithMember]));
    expect(memberOpen).not.toContain(ownerOnly);
    expect((await call('getPosition', { params: { positionId: ownerOnly }, session: member.sessionId })).status).toBe(404);

    // The closed tab too.
    expect((await call('setPositionStatus', { params: { positionId: ownerOnly, status: 'close' }, session: owner.sessionId })).status).toBe(200);
    expect(await ids(owner.sessionId, 'closed')).toContain(ownerOnly);
    expect(await ids(member.sessionId, 'closed')).not.toContain(ownerOnly);

    const library = await call('getContentLibrary', { params: { companyId: owner.companyId }, session: member.sessionId });
    const libraryIds = (library.body.positions_content as { position_id: string }[]).map((p) => p.position_id);
    expect(libraryIds).toEqual(expect.arrayContaining([shared, sharedWithMember]));
    expect(libraryIds).not.toContain(ownerOnly);
    expect((await call('listCandidates', { params: { positionId: ownerOnly }, query: { tab: 'invited' }, session: member.sessionId })).status).toBe(
      404,
    );
    expect((await call('exportCandidates', { params: { positionId: ownerOnly }, session: member.sessionId })).status).toBe(404);

    // Templates are "in use" by the positions the reader can open, so a hidden one tells nothing.
    const inUse = async (session: string) =>
      (await call('listMessageTemplates', { params: { companyId: owner.companyId }, session })).body.message_templates.find(
        (t) => t.template_id === 'standard-reminder',
      )?.in_use;
    expect(await inUse(owner.sessionId)).toBe(true);
    expect(await inUse(member.sessionId)).toBe(false);
  });
});

describe('single-line text', () => {
  it('refuses line breaks and control characters in names and titles, naming the field', async () => {
    const owner = await registerAndSignIn('Plain Text Co');
    const post = (jobTitle: string) =>
      call('createPosition', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { job_title: jobTitle, interview } });
    const crlf = await post('Engineer\r\nBcc: victim@example.com');
    expect(crlf.status).toBe(400);
    expect(crlf.body.code).toBe('validation_error');
    expect(crlf.body.detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'job_title'], msg: 'Must not contain control characters or line breaks.' }),
    );
    for (const bad of ['Null\u0000byte', 'Lone \ud800 surrogate', 'Evil \u202Egnp.exe', 'Isolate \u2066x\u2069']) {
      expect((await post(bad)).body.detail[0].loc).toEqual(['body', 'job_title']);
    }
    const positionId = await post('Ünïcödé 👩‍💻 engineer');
    expect(positionId.status).toBe(201);

    const put = await savePosition(owner.sessionId, positionId.body.position_id, { job_title: 'Sneaky\nTitle' });
    expect(put.status).toBe(400);
    expect(put.body.detail[0].loc).toEqual(['body', 'job_title']);
    const candidate = await call('inviteCandidate', {
      params: { positionId: positionId.body.position_id },
      session: owner.sessionId,
      body: { candidate_name: 'Ada\u202ELovelace', email: null },
    });
    expect(candidate.status).toBe(400);
    expect(candidate.body.detail[0].loc).toEqual(['body', 'candidate_name']);
    const company = await call('updateCompany', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { company_name: 'Acme\r\nInc' },
    });
    expect(company.body.detail[0].loc).toEqual(['body', 'company_name']);
    const question = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Q', interview: { ...interview, questions: [{ ...interview.questions[0], content: 'Bell\u0007' }] } },
    });
    expect(question.body.detail[0]).toMatchObject({
      loc: ['body', 'interview', 'questions', 0, 'content'],
      msg: 'Must not contain control characters.',
    });
  });
});

describe('candidates export', () => {
  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const owner = await registerAndSignIn('Export Co');
    await allocateCredits(owner.companyId, 100);
    const positionId = await createPosition(owner);
    const names = ['=HYPERLINK("http://evil.example","click")', '@SUM(1)', '+1 555', '-2 Minus', 'Safe = name'];
    for (const name of names) {
      expect(
        (await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email: null } })).status,
      ).toBe(201);
    }
    const res = await call('exportCandidates', { params: { positionId }, session: owner.sessionId });
    expect(res.status).toBe(200);
    const exported = (res.body.rows as { candidate_name: string }[]).map((r) => r.candidate_name).sort();
    expect(exported).toEqual([`'=HYPERLINK("http://evil.example","click")`, `'@SUM(1)`, `'+1 555`, `'-2 Minus`, 'Safe = name'].sort());
  });
});

describe('the local API gateway', () => {
  it('answers a path with malformed percent-encoding with 400 {detail, code}', async () => {
    // Raw paths on purpose: no operation's path can carry broken percent-encoding.
    for (const path of ['/positions/%', '/positions/%E0%A4%A', '/candidates/%ZZ/access-status']) {
      const res = await callPath('GET', path);
      expect(res.status).toBe(400);
      const body = res.body as { detail: string; code: string };
      expect(body).toMatchObject({ code: 'bad_request', detail: expect.any(String) });
    }
  });

  it('answers a body over the limit with 413, and the next request on the same keep-alive agent too', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (operationId: OperationId, body: Buffer | string) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const { method } = operations[operationId];
        const path = `${API_PREFIX}${operationPath(operationId)}`;
        const req = request(
          `${baseUrl()}${path}`,
          { method, agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        // A hang guard, not a speed claim: a connection the 413 left stalled never answers the next request. Counted from the
        // moment it is sent, not socket idle time (a stalled connection holds the request before it gets a socket).
        const timer = setTimeout(() => req.destroy(new Error(`${method} ${path} got no answer in 20 s: the connection hangs`)), 20_000);
        req.on('close', () => clearTimeout(timer));
        req.on('error', reject);
        req.end(body);
      });
    try {
      const big = await send('checkEmail', Buffer.alloc(16 * 1024 * 1024, 0x20));
      expect(big.status).toBe(413);
      expect(JSON.parse(big.text)).toMatchObject({ code: 'payload_too_large' });
      const next = await send('checkEmail', JSON.stringify({ email: 'next@example.com' }));
      expect(next.status).toBe(200);
      expect(JSON.parse(next.text)).toMatchObject({ email: 'next@example.com', is_valid: true });
    } finally {
      agent.destroy();
    }
  });
});

describe('page cursors', () => {
  it('refuse a crafted key (another company, another tab, other attributes) with a 400, and page on with a real one', async () => {
    const [owner, other] = await Promise.all([registerAndSignIn('Cursor A'), registerAndSignIn('Cursor B')]);
    const older = await createPosition(owner, 'Cursor position');
    const newer = await createPosition(owner, 'Newer cursor position');
    const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    const positionKey = (companyId: string, status: string) => ({
      ...keys.position('p1'),
      ...keys.positionByCompany(companyId, status, '2026-01-01T00:00:00.000Z', 'p1'),
    });
    const crafted = {
      'another company': cursorOf(positionKey(other.companyId, 'open')),
      'another tab': cursorOf(positionKey(owner.companyId, 'closed')),
      'a number where a key is': cursorOf({ ...positionKey(owner.companyId, 'open'), SK: 1 }),
      'a missing attribute': cursorOf({ PK: 'POSITION#p1', SK: 'POSITION' }),
      'an extra attribute': cursorOf({ ...positionKey(owner.companyId, 'open'), extra: 'x' }),
      'not JSON': 'bm90IGpzb24',
    };
    for (const [label, cursor] of Object.entries(crafted)) {
      const res = await call('listPositions', {
        params: { companyId: owner.companyId },
        query: { status: 'open', cursor },
        session: owner.sessionId,
      });
      expect({ label, status: res.status, code: res.body.code }).toEqual({ label, status: 400, code: 'invalid_cursor' });
    }
    const genuine = await call('listPositions', {
      params: { companyId: owner.companyId },
      query: { status: 'open', cursor: cursorOf(positionKey(owner.companyId, 'open')) },
      session: owner.sessionId,
    });
    expect(genuine.status).toBe(200);
    // Read back: after the newer position's own key, the page holds the older one, and it is the last page.
    const first = await call('listPositions', { params: { companyId: owner.companyId }, query: { status: 'open' }, session: owner.sessionId });
    expect(first.body.positions.map((p: { position_id: string }) => p.position_id)).toEqual([newer, older]);
    const { Item } = await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.position(newer) }));
    const afterNewer = await call('listPositions', {
      params: { companyId: owner.companyId },
      query: { status: 'open', cursor: cursorOf({ PK: Item!.PK, SK: Item!.SK, GSI1PK: Item!.GSI1PK, GSI1SK: Item!.GSI1SK }) },
      session: owner.sessionId,
    });
    expect(afterNewer.status).toBe(200);
    expect(afterNewer.body).toMatchObject({
      positions: [expect.objectContaining({ position_id: older, job_title: 'Cursor position' })],
      cursor: null,
    });
  });
});
