import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX_CHARS, COMMENT_PAGE_SIZE } from '../../lambdas/contracts/comment';
import { call } from '../support/api';
import { mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { allocateCredits } from '../support/aws';
import { answerQuestion, interviewFixture, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';

/**
 * Comments on a candidate (issue 27): create, list (paged, newest first), edit and delete one's own,
 * pins within the candidate's answers, mentions of members who can see the position (mailed a link),
 * and the candidate's access rule for everything.
 */

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
interface Member {
  email: string;
  sessionId: string;
  userId: string;
}

let owner: Owner;
/** Can see the position (it is shared with them). */
let reviewer: Member;
/** A member of the company the position is not shared with. */
let outsider: Member;
let positionId: string;
let candidateId: string;
let candidateName: string;
let answerIds: string[];
/** Another candidate of the position, for pins on answers that are not the candidate's. */
let otherAnswerId: string;

const joinCompany = async (label: string): Promise<Member> => {
  const email = uniqueEmail(label);
  expect((await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } })).status).toBe(201);
  const mail = (await mailTo(email)).find((m) => m.subject.startsWith("You're invited"));
  const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')![1]!;
  const joined = await call('confirmMemberInvite', { body: { nonce } });
  expect(joined.status).toBe(201);
  return { email, sessionId: joined.body.session_id, userId: joined.body.user_id };
};

const comment = (body: Record<string, unknown>, session = owner.sessionId, id = candidateId) =>
  call('createComment', { params: { candidateId: id }, session, body: body as never });
const list = (session = owner.sessionId, cursor?: string) =>
  call('listComments', { params: { candidateId }, session, query: cursor ? { cursor } : {} });

const invite = async (name: string) => {
  const res = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email: null } });
  expect(res.status).toBe(201);
  return res.body as { candidate_id: string; interview_href: string };
};

beforeAll(async () => {
  owner = await registerAndSignIn('Comment Co');
  await allocateCredits(owner.companyId, 10);
  reviewer = await joinCompany('reviewer');
  outsider = await joinCompany('outsider');
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Comment role', interview: interviewFixture({ questions: ['One?', 'Two?'] }) },
  });
  positionId = created.body.position_id;
  const read = (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body;
  const { position_id: _p, company_id: _c, current_status: _s, candidates: _n, created_at: _t, ...editable } = read;
  const shared = await call('updatePosition', {
    params: { positionId },
    session: owner.sessionId,
    body: { ...editable, sharing: { user_ids: [owner.userId, reviewer.userId] } },
  });
  expect(shared.status).toBe(200);

  candidateName = 'Carla Commented';
  const carla = await invite(candidateName);
  candidateId = carla.candidate_id;
  const clip = (await makeClip(4)).bytes;
  answerIds = [];
  for (const index of [0, 1]) answerIds.push((await answerQuestion(tokenFromHref(carla.interview_href), index, clip)).answerId);
  const other = await invite('Otto Other');
  otherAnswerId = (await answerQuestion(tokenFromHref(other.interview_href), 0, clip)).answerId;
  // Every answer processed: their lengths are known.
  for (let i = 0; i < 240; i++) {
    const answers = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.answers as {
      video: { upload_status: string };
    }[];
    if (answers.length === 2 && answers.every((a) => a.video.upload_status !== 'processing' && a.video.upload_status !== 'uploading')) break;
    await new Promise((r) => setTimeout(r, 500));
  }
}, 240_000);

describe('comments on a candidate', () => {
  it('lists the members who can see the position as mentionable, to them only', async () => {
    const res = await call('listMentionableMembers', { params: { candidateId }, session: reviewer.sessionId });
    expect(res.status).toBe(200);
    expect(res.body.members.map((m: { email: string }) => m.email).sort()).toEqual([owner.email, reviewer.email].sort());
    expect((await call('listMentionableMembers', { params: { candidateId }, session: outsider.sessionId })).status).toBe(404);
  });

  it('creates a pinned comment that mentions a member, who is mailed a link to the moment (the author is not)', async () => {
    const content = `Listen from here @${reviewer.email}\nGood <b>structure</b>`;
    const res = await comment({ content, answer_id: answerIds[1], at_seconds: 2, mentioned_user_ids: [reviewer.userId] });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      candidate_id: candidateId,
      author: { user_id: owner.userId, email: owner.email },
      is_mine: true,
      content,
      pin: { answer_id: answerIds[1], question_index: 1, at_seconds: 2 },
      mentions: [{ user_id: reviewer.userId, email: reviewer.email }],
      edited_at: null,
    });
    const mail = (await mailTo(reviewer.email)).find((m) => m.subject === `${owner.email} mentioned you on ${candidateName}`);
    expect(mail?.text).toContain('at 0:02 of answer 2');
    expect(mail?.text).toContain(`/candidates/${candidateId}?answer=${answerIds[1]}&at=2`);
    expect(mail?.html).toContain('Good &lt;b&gt;structure&lt;/b&gt;');
    expect((await mailTo(owner.email)).filter((m) => m.subject.includes('mentioned you'))).toEqual([]);

    // The reviewer sees it, not as theirs.
    const seen = await list(reviewer.sessionId);
    expect(seen.status).toBe(200);
    const mine = seen.body.comments.find((c: { comment_id: string }) => c.comment_id === res.body.comment_id);
    expect(mine).toMatchObject({ content, is_mine: false });
  });

  it('refuses mentions of members who cannot see the position, and of nobody, with a clear message', async () => {
    const res = await comment({ content: `Thoughts @${outsider.email}?`, mentioned_user_ids: [outsider.userId] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'You can only mention team members who can see this position.', code: 'mention_without_access' });
    expect((await comment({ content: 'Who?', mentioned_user_ids: ['nobody-at-all'] })).status).toBe(400);
    expect((await comment({ content: 'Twice', mentioned_user_ids: [reviewer.userId, reviewer.userId] })).status).toBe(400);
    expect((await mailTo(outsider.email)).filter((m) => m.subject.includes('mentioned you'))).toEqual([]);
  });

  it("pins only to a moment within one of the candidate's answers, both or neither", async () => {
    const refused = async (body: Record<string, unknown>, detail: string) => {
      const res = await comment({ content: 'Pinned', ...body });
      expect(res.status, res.text).toBe(400);
      expect(JSON.stringify(res.body.detail)).toContain(detail);
    };
    await refused({ answer_id: answerIds[0] }, 'both an answer and a moment');
    await refused({ at_seconds: 1 }, 'both an answer and a moment');
    await refused({ answer_id: otherAnswerId, at_seconds: 1 }, "not one of this candidate's");
    await refused({ answer_id: answerIds[0], at_seconds: 60 }, 'past the end of the answer');
    await refused({ answer_id: answerIds[0], at_seconds: -1 }, 'must not be negative');
    await refused({ answer_id: answerIds[0], at_seconds: 1.5 }, 'whole number of seconds');
    expect((await comment({ content: 'At the very start', answer_id: answerIds[0], at_seconds: 0 })).status).toBe(201);
  });

  it('takes 1 to 2000 characters of multi-line text', async () => {
    const full = `${'a'.repeat(1000)}\n\t${'b'.repeat(COMMENT_MAX_CHARS - 1002)}`;
    const ok = await comment({ content: full });
    expect(ok.status).toBe(201);
    expect(ok.body.content).toBe(full);
    expect((await comment({ content: 'a'.repeat(COMMENT_MAX_CHARS + 1) })).status).toBe(400);
    expect((await comment({ content: '   \n ' })).status).toBe(400);
    expect((await comment({ content: 'bell \u0007' })).status).toBe(400);
    expect((await comment({})).status).toBe(400);
  });

  it('lets only the author edit or delete a comment; others get 403, strangers 404', async () => {
    const created = await comment({ content: 'First take' }, reviewer.sessionId);
    expect(created.status).toBe(201);
    const commentId = created.body.comment_id as string;

    const byOwner = await call('updateComment', { params: { commentId }, session: owner.sessionId, body: { content: 'Hijacked' } });
    expect(byOwner.status).toBe(403);
    expect(byOwner.body.code).toBe('not_your_comment');
    expect((await call('deleteComment', { params: { commentId }, session: owner.sessionId })).status).toBe(403);
    expect((await call('updateComment', { params: { commentId }, session: outsider.sessionId, body: { content: 'x' } })).status).toBe(404);
    expect((await call('deleteComment', { params: { commentId }, session: outsider.sessionId })).status).toBe(404);
    const stranger = await registerAndSignIn('Stranger Co');
    expect((await call('deleteComment', { params: { commentId }, session: stranger.sessionId })).status).toBe(404);

    // The author edits: the text, and a newly mentioned member is mailed.
    const edited = await call('updateComment', {
      params: { commentId },
      session: reviewer.sessionId,
      body: { content: `Second take @${owner.email}`, mentioned_user_ids: [owner.userId] },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ content: `Second take @${owner.email}`, mentions: [{ user_id: owner.userId }], is_mine: true });
    expect(edited.body.edited_at?.time_value).toEqual(expect.any(String));
    expect((await mailTo(owner.email)).some((m) => m.subject === `${reviewer.email} mentioned you on ${candidateName}`)).toBe(true);
    const mentionOutsider = await call('updateComment', {
      params: { commentId },
      session: reviewer.sessionId,
      body: { content: 'And you', mentioned_user_ids: [outsider.userId] },
    });
    expect(mentionOutsider.status).toBe(400);

    expect((await call('deleteComment', { params: { commentId }, session: reviewer.sessionId })).status).toBe(204);
    expect((await list()).body.comments.map((c: { comment_id: string }) => c.comment_id)).not.toContain(commentId);
    expect((await call('deleteComment', { params: { commentId }, session: reviewer.sessionId })).status).toBe(404);
    expect((await call('updateComment', { params: { commentId }, session: reviewer.sessionId, body: { content: 'Back?' } })).status).toBe(404);
  });

  it('are read only by members who can see the candidate, never on the public page', async () => {
    expect((await list(outsider.sessionId)).status).toBe(404);
    expect((await comment({ content: 'Let me in' }, outsider.sessionId)).status).toBe(404);
    const stranger = await registerAndSignIn('Other Co');
    expect((await list(stranger.sessionId)).status).toBe(404);
    expect((await call('listComments', { params: { candidateId } })).status).toBe(401);

    const shared = await call('createSharingDetails', { params: { candidateId }, session: owner.sessionId });
    const page = await call('getPublicCandidate', { params: { publicCandidateId: shared.body.public_candidate_id } });
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Listen from here');
  });

  it('pages newest first with a cursor, one page at a time', async () => {
    const id = (await invite('Paula Paged')).candidate_id;
    for (let i = 0; i < COMMENT_PAGE_SIZE + 3; i++) expect((await comment({ content: `Note ${i}` }, owner.sessionId, id)).status).toBe(201);
    const first = await call('listComments', { params: { candidateId: id }, session: owner.sessionId });
    expect(first.body.comments).toHaveLength(COMMENT_PAGE_SIZE);
    expect(first.body.comments[0].content).toBe(`Note ${COMMENT_PAGE_SIZE + 2}`);
    expect(first.body.cursor).toEqual(expect.any(String));
    const second = await call('listComments', { params: { candidateId: id }, session: owner.sessionId, query: { cursor: first.body.cursor } });
    expect(second.body.comments.map((c: { content: string }) => c.content)).toEqual(['Note 2', 'Note 1', 'Note 0']);
    expect(second.body.cursor).toBeNull();
    // Another candidate's cursor, or a made-up one, is a 400.
    expect((await list(owner.sessionId, first.body.cursor ?? undefined)).status).toBe(400);
    expect((await list(owner.sessionId, 'bm9wZQ')).status).toBe(400);

    // Comments go with their candidate.
    const kept = (await call('listComments', { params: { candidateId: id }, session: owner.sessionId })).body.comments[0].comment_id;
    expect((await call('deleteCandidate', { params: { candidateId: id }, session: owner.sessionId })).status).toBe(200);
    expect((await call('deleteComment', { params: { commentId: kept }, session: owner.sessionId })).status).toBe(404);
  });
});
