import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { DELETION_LINK_GONE_MESSAGE, DELETION_REQUESTED_MESSAGE } from '../../lambdas/contracts/data-deletion';
import { DELETED_DATA_KINDS } from '../../lambdas/contracts/vocabulary';
import { keys } from '../../lambdas/data/keys';
import { call } from '../support/api';
import { mailArriving, mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { interviewAsking } from '../support/interviews';

/**
 * Deletion on request (issue 28): the request answers the same whatever the company holds, mails a
 * single-use confirmation link only to an address that is a candidate there, and the confirmation
 * deletes every candidate of that address in that company (nobody else's, nowhere else), keeps a
 * receipt without personal data, mails the candidate the receipt and the owner a notice.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const createPosition = async (owner: Owner, jobTitle: string) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: jobTitle, interview: interviewAsking('Tell us about yourself') },
  });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

const invite = async (owner: Owner, positionId: string, candidateName: string, email: string) => {
  const res = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: candidateName, email } });
  expect(res.status).toBe(201);
  return res.body.candidate_id as string;
};

const request = (companyId: string, email: string) => call('requestDataDeletion', { body: { company_id: companyId, email } });
const confirm = (nonce: string) => call('confirmDataDeletion', { body: { nonce } });

const isConfirmation = (mail: { subject: string }) => mail.subject.startsWith('Confirm the deletion of your data');
const nonceIn = (text: string) => /#\/confirm-deletion\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

const candidateStatus = async (owner: Owner, candidateId: string) =>
  (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).status;

describe('deletion on request', () => {
  let a: Owner;
  let b: Owner;
  let nurse: string;
  let porter: string;
  beforeAll(async () => {
    [a, b] = await Promise.all([registerAndSignIn('Erasure A'), registerAndSignIn('Erasure B')]);
    await Promise.all([allocateCredits(a.companyId, 50), allocateCredits(b.companyId, 50)]);
    [nurse, porter] = await Promise.all([createPosition(a, 'Night nurse'), createPosition(a, 'Hospital porter')]);
  });

  it('puts a "Delete my data" link with the company and the address under the invitation', async () => {
    const email = uniqueEmail('footer');
    await invite(a, nurse, 'Footer Person', email);
    const mail = await mailArriving(email, (m) => m.subject.includes('invites you to a video interview'));
    const link = `#${paths.deleteMyData.to(a.companyId, { email })}`;
    expect(mail?.text).toMatch(/Want your data deleted\? Delete my data: http\S+\/#\/delete-my-data\//);
    expect(mail?.text).toContain(`/${link}`);
    expect(mail?.html).toContain(`/${link}`);
  });

  it('answers an address the company does not hold with the same 202 and mails nothing', async () => {
    const stranger = uniqueEmail('stranger');
    const res = await request(a.companyId, stranger);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: DELETION_REQUESTED_MESSAGE });
    // An unknown company answers the same.
    const nowhere = await request('no-such-company', stranger);
    expect(nowhere.status).toBe(202);
    expect(nowhere.body).toEqual({ message: DELETION_REQUESTED_MESSAGE });
    // A candidate's address at another company is not held by this one either.
    const elsewhere = uniqueEmail('elsewhere');
    await invite(b, await createPosition(b, 'Gardener'), 'Elsewhere Person', elsewhere);
    expect((await request(a.companyId, elsewhere)).body).toEqual({ message: DELETION_REQUESTED_MESSAGE });
    expect((await mailTo(stranger)).length).toBe(0);
    expect((await mailTo(elsewhere)).filter(isConfirmation)).toEqual([]);
  });

  it('deletes every candidate of the address in that company, and only those; the link works once', async () => {
    const email = uniqueEmail('leaving');
    const [asNurse, asPorter, other] = await Promise.all([
      invite(a, nurse, 'Robin Leaving', email),
      invite(a, porter, 'Robin Leaving', email),
      invite(a, nurse, 'Sam Staying', uniqueEmail('staying')),
    ]);
    const atB = await invite(b, await createPosition(b, 'Night nurse'), 'Robin Leaving', email);

    // The address in capitals and with spaces is the same address.
    const asked = await request(a.companyId, `  ${email.toUpperCase()} `);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: DELETION_REQUESTED_MESSAGE });
    const confirmation = await mailArriving(email, isConfirmation);
    expect(confirmation?.subject).toBe('Confirm the deletion of your data at Erasure A');
    const nonce = nonceIn(confirmation!.text);
    expect(nonce).not.toBe('');
    // The link names the company, for its page to say whose data goes (issue 43).
    expect(confirmation!.text).toContain(`#${paths.confirmDeletion.to(nonce, { company: a.companyId })}`);
    // The request stores the nonce's hash only.
    const stored = await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.deletionRequest(nonce) }));
    expect(stored.Item).toBeUndefined();
    // Nothing is deleted before the confirmation.
    expect(await candidateStatus(a, asNurse)).toBe(200);

    const confirmed = await confirm(nonce);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ company_name: 'Erasure A', kinds: [...DELETED_DATA_KINDS], candidates: 2 });
    const receiptId = confirmed.body.receipt_id as string;
    expect(receiptId).toMatch(/^DR-[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);

    expect(await candidateStatus(a, asNurse)).toBe(404);
    expect(await candidateStatus(a, asPorter)).toBe(404);
    expect(await candidateStatus(a, other)).toBe(200);
    expect(await candidateStatus(b, atB)).toBe(200);
    const counts = await call('getPosition', { params: { positionId: porter }, session: a.sessionId });
    expect(counts.body.candidates.invited).toBe(0);
    // The address is free again at A (it can be invited anew), still taken at B.
    await invite(a, porter, 'Robin Again', email);

    // Single use: the second confirmation is refused with a clear message.
    const again = await confirm(nonce);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 'deletion_link_gone', detail: DELETION_LINK_GONE_MESSAGE });

    // The candidate's receipt, the owner's notice (positions named, nobody), the kept receipt (no personal data).
    const receiptMail = await mailArriving(email, (m) => m.subject === 'Your data at Erasure A has been deleted');
    expect(receiptMail?.text).toContain(`Receipt id: ${receiptId}`);
    expect(receiptMail?.text).toContain('2 positions');
    const notice = await mailArriving(a.email, (m) => m.subject === 'A candidate was deleted at their request' && m.text.includes(receiptId));
    expect(notice?.text).toContain('Night nurse');
    expect(notice?.text).toContain('Hospital porter');
    for (const text of [notice!.text, notice!.html]) {
      expect(text).not.toContain('Robin');
      expect(text).not.toContain(email);
    }
    const receipt = await localDb().send(
      new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.deletionReceipt(a.companyId, receiptId), ConsistentRead: true }),
    );
    expect(receipt.Item).toMatchObject({ receiptId, companyId: a.companyId, path: 'candidate_request', count: 2, kinds: [...DELETED_DATA_KINDS] });
    const kept = JSON.stringify(receipt.Item);
    for (const secret of [email, 'Robin', asNurse, asPorter]) expect(kept).not.toContain(secret);

    // One audit entry per candidate, the candidate as actor (no member).
    const audit = await localDb().send(
      new QueryCommand({
        TableName: localEnv().TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.auditEntry(a.companyId, '', '').PK },
        ConsistentRead: true,
      }),
    );
    const onRequest = (audit.Items ?? []).filter((item) => item.action === 'deleted_on_request');
    expect(onRequest.map((item) => item.candidateId).sort()).toEqual([asNurse, asPorter].sort());
    expect(onRequest.map((item) => item.actorUserId ?? null)).toEqual([null, null]);
  });

  it('names the company for its pages by the id their links carry, and nothing else (issue 43)', async () => {
    const [atA, atB] = await Promise.all([
      call('getDataDeletionCompany', { params: { companyId: a.companyId } }),
      call('getDataDeletionCompany', { params: { companyId: b.companyId } }),
    ]);
    expect([atA.status, atA.body]).toEqual([200, { company_name: 'Erasure A' }]);
    expect([atB.status, atB.body]).toEqual([200, { company_name: 'Erasure B' }]);
    expect((await call('getDataDeletionCompany', { params: { companyId: 'no-such-company' } })).status).toBe(404);
  });

  it('refuses a made-up link with the same message', async () => {
    const res = await confirm('x'.repeat(32));
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(DELETION_LINK_GONE_MESSAGE);
  });

  it('limits the requests of one address to one company to 3 an hour', async () => {
    const email = uniqueEmail('again');
    await invite(a, nurse, 'Often Asking', email);
    for (let i = 0; i < 3; i++) expect((await request(a.companyId, email)).status).toBe(202);
    const fourth = await request(a.companyId, email);
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('rate_limited');
    expect((await mailTo(email)).filter(isConfirmation).length).toBe(3);
    // Another company's limit is its own.
    expect((await request(b.companyId, email)).status).toBe(202);
  });
});
