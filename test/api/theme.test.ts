import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { allocateCredits } from '../support/aws';
import { tokenFromHref } from '../support/interviews';
import { interviewBody } from '../support/route-fixtures';

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Uploads a file to a new media group of the owner's company and completes it. */
const upload = async (owner: Owner, contentType: string, bytes: Uint8Array) => {
  const group = `g-${randomUUID()}`;
  const created = await call('createUserMediaUpload', {
    session: owner.sessionId,
    body: { media_group_id: group, content_type: contentType, properties: { company_id: owner.companyId, size: bytes.length } },
  });
  expect(created.status).toBe(201);
  const put = await fetch(created.body.upload_url, { method: 'PUT', headers: { 'content-type': contentType }, body: Buffer.from(bytes) });
  expect(put.status).toBe(200);
  const completed = await call('completeMediaUploads', { session: owner.sessionId, body: { media_ids: [created.body.media_id] } });
  expect(completed.status).toBe(200);
  return group;
};

const theme = (primary: string, secondary: string, logo: string | null, enabled = true) => ({
  theme_enabled: enabled,
  theme_definition: { palette: { primary: { main: primary }, secondary: { main: secondary } } },
  logo_image_group_id: logo,
});

let owner: Owner;
let other: Owner;
beforeAll(async () => {
  [owner, other] = await Promise.all([registerAndSignIn('Themed Co'), registerAndSignIn('Other Co')]);
});

describe('the branding theme', () => {
  it('starts as the default theme, saves a theme with a logo and reads it back', async () => {
    const initial = await call('getTheme', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(initial).toMatchObject({ status: 200, body: theme('#3f51b5', '#f50057', null, false) });

    const logo = await upload(owner, 'image/png', png);
    const saved = await call('putTheme', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: theme('#112233', '#FFEEDD', logo),
    });
    expect(saved).toMatchObject({ status: 200, body: theme('#112233', '#FFEEDD', logo) });

    const read = await call('getTheme', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(read.body).toEqual(theme('#112233', '#FFEEDD', logo));
    const company = await call('getCompany', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(company.body.theme).toEqual(theme('#112233', '#FFEEDD', logo));

    // Turning it off and removing the logo is saved too.
    const cleared = await call('putTheme', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: theme('#112233', '#ffeedd', null, false),
    });
    expect(cleared).toMatchObject({ status: 200, body: theme('#112233', '#ffeedd', null, false) });
    // Read back: off, without the logo, as the theme and on the company.
    expect((await call('getTheme', { params: { companyId: owner.companyId }, session: owner.sessionId })).body).toEqual(
      theme('#112233', '#ffeedd', null, false),
    );
    expect((await call('getCompany', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.theme).toEqual(
      theme('#112233', '#ffeedd', null, false),
    );
  });

  it('refuses colours that are not #rrggbb', async () => {
    for (const bad of ['red', '#12345', '#1234567', '112233', '#gg0000', '']) {
      const res = await call('putTheme', { params: { companyId: owner.companyId }, session: owner.sessionId, body: theme(bad, '#000000', null) });
      expect(res.status, bad).toBe(400);
      const res2 = await call('putTheme', { params: { companyId: owner.companyId }, session: owner.sessionId, body: theme('#000000', bad, null) });
      expect(res2.status, bad).toBe(400);
    }
  });

  it("refuses a logo that is another company's upload, not an image, unknown or unfinished", async () => {
    const before = (await call('getTheme', { params: { companyId: owner.companyId }, session: owner.sessionId })).body;

    const foreign = await upload(other, 'image/png', png);
    const res = await call('putTheme', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: theme('#000000', '#ffffff', foreign),
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'invalid_logo' } });

    // A video (not a real one: the pipeline fails it, but its content type is what counts).
    const video = await upload(owner, 'video/mp4', new TextEncoder().encode('not a video'));
    const notImage = await call('putTheme', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: theme('#000000', '#ffffff', video),
    });
    expect(notImage).toMatchObject({ status: 400, body: { code: 'logo_not_image' } });

    const unknown = await call('putTheme', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: theme('#000000', '#ffffff', `g-${randomUUID()}`),
    });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'invalid_logo' } });

    const pendingGroup = `g-${randomUUID()}`;
    const pending = await call('createUserMediaUpload', {
      session: owner.sessionId,
      body: { media_group_id: pendingGroup, content_type: 'image/png', properties: { company_id: owner.companyId, size: png.length } },
    });
    expect(pending.status).toBe(201);
    const unfinished = await call('putTheme', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: theme('#000000', '#ffffff', pendingGroup),
    });
    expect(unfinished).toMatchObject({ status: 400, body: { code: 'logo_not_ready' } });

    expect((await call('getTheme', { params: { companyId: owner.companyId }, session: owner.sessionId })).body).toEqual(before);
  });

  it("answers 404 for another company's theme and 403 for a member who is not the owner", async () => {
    const asOther = await call('putTheme', {
      params: { companyId: owner.companyId },
      session: other.sessionId,
      body: theme('#000000', '#ffffff', null),
    });
    expect(asOther.status).toBe(404);

    const email = uniqueEmail('member');
    expect((await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } })).status).toBe(201);
    const mail = (await mailTo(email)).find((m) => m.subject.startsWith("You're invited"));
    const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')![1];
    const joined = await call('confirmMemberInvite', { body: { nonce } });
    expect(joined.status).toBe(201);
    const asMember = await call('putTheme', {
      params: { companyId: owner.companyId },
      session: joined.body.session_id,
      body: theme('#000000', '#ffffff', null),
    });
    expect(asMember.status).toBe(403);
    // Members still read it.
    expect((await call('getTheme', { params: { companyId: owner.companyId }, session: joined.body.session_id })).status).toBe(200);
  });

  it("shows on the candidate's interview, the public candidate page and the invitation e-mail while it is on", async () => {
    const company = await registerAndSignIn('Branded Co');
    await allocateCredits(company.companyId, 5);
    const session = company.sessionId;
    const logo = await upload(company, 'image/png', png);
    expect((await call('putTheme', { params: { companyId: company.companyId }, session, body: theme('#ffeb3b', '#112233', logo) })).status).toBe(200);

    const position = await call('createPosition', {
      params: { companyId: company.companyId },
      session,
      body: { job_title: 'Designer', interview: interviewBody },
    });
    expect(position.status).toBe(201);
    const email = uniqueEmail('candidate');
    const invited = await call('inviteCandidate', {
      params: { positionId: position.body.position_id },
      session,
      body: { candidate_name: 'Dana', email },
    });
    expect(invited.status).toBe(201);

    // The invitation's HTML opens with the company's band: its primary colour, the logo, the secondary rule; the button's text is readable.
    const mail = (await mailTo(email)).find((m) => m.subject.includes('invites you to a video interview'))!;
    expect(mail.html).toContain('background:#ffeb3b;color:#000000');
    expect(mail.html).toContain('border-bottom:4px solid #112233');
    const logoSrc = /<img src="([^"]+)" alt="Branded Co"/.exec(mail.html)?.[1];
    expect(logoSrc).toBeTruthy();
    // The mail links to the API's logo route (a redirect to a fresh presigned URL), so the link does not expire.
    expect(logoSrc).toContain(`/api/v1/company-logos/${logo}`);
    const fromMail = await fetch(logoSrc!.replace(/&amp;/g, '&'));
    expect(fromMail.status).toBe(200);
    expect(Buffer.from(await fromMail.arrayBuffer())).toEqual(png);
    expect(mail.text).not.toContain('<img');

    const interview = await call('getInterview', { params: { token: tokenFromHref(invited.body.interview_href) } });
    expect(interview.body.theme).toEqual(theme('#ffeb3b', '#112233', logo));
    expect(Buffer.from(await (await fetch(interview.body.logo_href!)).arrayBuffer())).toEqual(png);

    const shared = await call('createSharingDetails', { params: { candidateId: invited.body.candidate_id }, session });
    expect(shared.status).toBe(200);
    const page = await call('getPublicCandidate', { params: { publicCandidateId: shared.body.public_candidate_id } });
    expect(page.body.theme).toEqual(theme('#ffeb3b', '#112233', logo));
    expect(Buffer.from(await (await fetch(page.body.logo_href!)).arrayBuffer())).toEqual(png);

    // The team's mails carry it too: a member's invitation.
    const memberEmail = uniqueEmail('member');
    expect((await call('inviteMember', { params: { companyId: company.companyId }, session, body: { email: memberEmail } })).status).toBe(201);
    const memberMail = (await mailTo(memberEmail)).find((m) => m.subject.startsWith("You're invited"))!;
    expect(memberMail.html).toContain('background:#ffeb3b;color:#000000');
    expect(memberMail.html).toMatch(/<img src="[^"]+" alt="Branded Co"/);

    // Template mails too (the same renderer for the preview, the test mail and planned messages).
    const preview = await call('previewMessageTemplate', {
      params: { companyId: company.companyId },
      session,
      body: { subject_line: 'Hello {candidateName}', body_content: 'Your link: {interviewLink}' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('background:#ffeb3b;color:#000000');
    expect(preview.body.html).toMatch(/<img src="[^"]+" alt="Branded Co"/);

    // Off: no logo link, and mails go out in the plain layout.
    expect(
      (await call('putTheme', { params: { companyId: company.companyId }, session, body: theme('#ffeb3b', '#112233', logo, false) })).status,
    ).toBe(200);
    expect((await call('getPublicCandidate', { params: { publicCandidateId: shared.body.public_candidate_id } })).body.logo_href).toBeNull();
    expect((await call('getCompanyLogo', { params: { logoImageGroupId: logo } })).status).toBe(404);
    const plainEmail = uniqueEmail('candidate');
    await call('inviteCandidate', { params: { positionId: position.body.position_id }, session, body: { candidate_name: 'Eli', email: plainEmail } });
    const plain = (await mailTo(plainEmail)).find((m) => m.subject.includes('invites you to a video interview'))!;
    expect(plain.html).not.toContain('<img');
    expect(plain.html).not.toContain('#ffeb3b');
  });
});
