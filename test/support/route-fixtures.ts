import { API_KEY_SCOPES } from '../../lambdas/contracts/api-keys';
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import type { Contract } from '../../lambdas/contracts/contract';
import { toCamelCase } from '../../lambdas/contracts/wire-case';

import { operations, routeEntries, type OperationId } from '../../lambdas/operations/index';
import { baseUrl, call, type PathParams } from './api';
import { mailTo, registerAndSignIn, signIn, uniqueEmail } from './accounts';
import { allocateCredits } from './aws';
import { startAnswer, tokenFromHref, uploadParts, interviewFixture } from './interviews';
import { LOCAL_OIDC, oidcIssuer, ssoDomain } from './sso';

/**
 * What the tests derived from the route table (the isolation matrix, the body fuzz) need: one real
 * object of every kind a path can name, made through the API; a valid body for every route that
 * takes one; and a request helper that never waits forever.
 */

/** A company with one of everything a route can address. Names carry a random tag, so finding one in a response means a leak. */
export interface World {
  companyName: string;
  owner: { email: string; sessionId: string; userId: string; companyId: string };
  /** A member (not the owner) without access to `position`, which is shared with the owner alone. */
  member: { email: string; sessionId: string; userId: string };
  /** A pending member invitation. */
  invitee: { email: string; nonce: string };
  position: { positionId: string; jobTitle: string; linkId: string };
  /** Invited to `position`; answered question 1 (`answerId`), recording question 2 (`recordingId`), shared publicly. */
  candidate: {
    candidateId: string;
    candidateName: string;
    email: string;
    token: string;
    answerId: string;
    recordingId: string;
    /** A live recording (IVS stage, locally the stand-in) of the take at question 2. */
    liveRecordingId: string;
    publicCandidateId: string;
    /** A comment of the owner's on the candidate, pinned to second 1 of `answerId` (issue 27). */
    commentId: string;
  };
  media: { mediaGroupId: string; mediaId: string };
  /** A checkout the owner started for a pack (not paid). */
  checkout: { frontendReferenceId: string; priceId: string };
  /** A message template of the company's own (not planned by any position). */
  messageTemplate: { templateId: string };
  /** An ATS integration of the company's (HR Partner, against its stand-in). */
  integration: { integrationId: string };
  /** A webhook endpoint of the company's (issue 38), at the local receiver, and an attempt in its delivery log. */
  webhook: { endpointId: string; deliveryId: string };
  /** An API key of the company's (issue 38), with every scope. */
  apiKey: { keyId: string; secret: string };
  /** Single sign-on (issue 42): an OIDC provider of the company's (the local OpenID provider), and a domain it has added (not proven). */
  sso: { providerId: string; domain: string };
  /** Another live session of the owner (sign-out routes take a session id), and one signed out. */
  spareSessionId: string;
  revokedSessionId: string;
}

export const interviewBody = interviewFixture({
  questions: [{ title: 'Tell us about yourself', content: 'Two minutes is plenty.' }, 'Why this role?'],
  outro: { title: 'Thanks!', content: 'We will be in touch.' },
  pacing: { retakes: 1 },
});

const ok = async (res: Promise<{ status: number; body: any }>, status: number) => {
  const done = await res;
  expect(done.status, JSON.stringify(done.body)).toBe(status);
  return done.body;
};

export const memberInviteNonce = async (email: string) => {
  const mail = (await mailTo(email)).find((m) => m.subject.startsWith("You're invited"));
  const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!nonce) throw new Error(`no invitation mailed to ${email}`);
  return nonce;
};

export const buildWorld = async (label: string): Promise<World> => {
  const tag = randomUUID().slice(0, 8);
  const companyName = `${label} Co ${tag}`;
  const owner = await registerAndSignIn(companyName);
  await allocateCredits(owner.companyId, 50);
  const session = owner.sessionId;

  const memberEmail = uniqueEmail('member');
  await ok(call('inviteMember', { params: { companyId: owner.companyId }, session, body: { email: memberEmail } }), 201);
  const joined = await ok(call('confirmMemberInvite', { body: { nonce: await memberInviteNonce(memberEmail) } }), 201);
  const inviteeEmail = uniqueEmail('invitee');
  await ok(call('inviteMember', { params: { companyId: owner.companyId }, session, body: { email: inviteeEmail } }), 201);

  const jobTitle = `${label} role ${tag}`;
  const { position_id: positionId } = await ok(
    call('createPosition', { params: { companyId: owner.companyId }, session, body: { job_title: jobTitle, interview: interviewBody } }),
    201,
  );
  const read = await ok(call('getPosition', { params: { positionId }, session }), 200);
  const { position_id: _p, company_id: _c, current_status: _s, candidates: _n, created_at: _t, ...editable } = read;
  await ok(call('updatePosition', { params: { positionId }, session, body: { ...editable, sharing: { user_ids: [owner.userId] } } }), 200);
  const { link_href: linkHref } = await ok(call('createApplyLink', { params: { positionId }, session }), 201);

  const candidateName = `${label} Candidate ${tag}`;
  const candidateEmail = uniqueEmail('candidate');
  const invited = await ok(
    call('inviteCandidate', { params: { positionId }, session, body: { candidate_name: candidateName, email: candidateEmail } }),
    201,
  );
  const token = tokenFromHref(invited.interview_href);
  const started = await startAnswer(token, 0);
  expect(started.status).toBe(201);
  // Not a video: the pipeline fails it at once, which is all an answer id needs.
  const parts = await uploadParts(token, started.body.answer_id, new TextEncoder().encode('not a video'), started.body.min_part_bytes);
  await ok(call('submitAnswer', { params: { token, answerId: started.body.answer_id }, body: { parts } }), 200);
  const recording = await startAnswer(token, 1, 'video/mp4');
  expect(recording.status).toBe(201);
  const live = await ok(call('createAnswerRecording', { params: { token }, body: { answer_id: recording.body.answer_id } }), 201);
  const shared = await ok(call('createSharingDetails', { params: { candidateId: invited.candidate_id }, session }), 200);
  const comment = await ok(
    call('createComment', {
      params: { candidateId: invited.candidate_id },
      session,
      body: { content: `${label} comment ${tag}`, answer_id: started.body.answer_id, at_seconds: 1 },
    }),
    201,
  );

  const mediaGroupId = `g-${randomUUID()}`;
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const upload = await ok(
    call('createUserMediaUpload', {
      session,
      body: { media_group_id: mediaGroupId, content_type: 'image/png', properties: { company_id: owner.companyId, size: png.length } },
    }),
    201,
  );
  expect((await fetch(upload.upload_url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png })).status).toBe(200);
  await ok(call('completeMediaUploads', { session, body: { media_ids: [upload.media_id] } }), 200);

  const { prices } = await ok(call('listPrices', { session }), 200);
  const priceId = prices.find((price: { lookup_key: string }) => price.lookup_key === 'pack_10_usd').price_id as string;
  const frontendReferenceId = randomUUID();
  await ok(
    call('createCheckoutSession', {
      session,
      body: {
        price_id: priceId,
        company_id: owner.companyId,
        frontend_reference_id: frontendReferenceId,
        success_url: `${baseUrl()}/#/companies/${owner.companyId}`,
        cancel_url: `${baseUrl()}/#/companies/${owner.companyId}`,
      },
    }),
    201,
  );

  const template = await ok(
    call('createMessageTemplate', {
      params: { companyId: owner.companyId },
      session,
      body: { template_name: `${label} template ${tag}`, subject_line: 'Hello {candidateName}', body_content: 'Record here: {interviewLink}' },
    }),
    201,
  );

  const integration = await ok(
    call('createIntegration', {
      params: { companyId: owner.companyId },
      session,
      body: { integration_type: 'hrpartner', auth_token: 'hrpartner-local-key' },
    }),
    201,
  );

  const apiKey = await ok(
    call('createApiKey', {
      params: { companyId: owner.companyId },
      session,
      body: { name: `${label} key ${tag}`, scopes: [...API_KEY_SCOPES], expires_at: null },
    }),
    201,
  );

  const webhook = await ok(
    call('createWebhookEndpoint', {
      params: { companyId: owner.companyId },
      session,
      body: { url: `${baseUrl()}/_local/webhooks/receive/matrix-${tag}`, events: ['candidate.invited'], description: `${label} hook` },
    }),
    201,
  );
  await ok(call('sendWebhookTestEvent', { params: { companyId: owner.companyId, endpointId: webhook.endpoint_id }, session }), 202);
  let deliveryId: string | undefined;
  for (let tries = 0; !deliveryId && tries < 100; tries += 1) {
    const log = await call('listWebhookDeliveries', { params: { companyId: owner.companyId, endpointId: webhook.endpoint_id }, session });
    deliveryId = log.body.deliveries[0]?.delivery_id;
    if (!deliveryId) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(deliveryId, 'the webhook test event was logged').toBeDefined();

  const ssoProvider = await ok(
    call('createSsoProvider', {
      params: { companyId: owner.companyId },
      session,
      body: { kind: 'oidc', name: `${label} IdP ${tag}`, issuer: oidcIssuer(), client_id: LOCAL_OIDC.clientId, client_secret: LOCAL_OIDC.clientSecret },
    }),
    201,
  );
  const ssoDomainName = ssoDomain();
  await ok(call('createSsoDomain', { params: { companyId: owner.companyId }, session, body: { domain: ssoDomainName } }), 201);

  const spare = await signIn(owner.email);
  const revoked = await signIn(owner.email);
  await ok(call('deleteSession', { params: { sessionId: revoked.sessionId } }), 204);

  return {
    companyName,
    owner,
    member: { email: memberEmail, sessionId: joined.session_id, userId: joined.user_id },
    invitee: { email: inviteeEmail, nonce: await memberInviteNonce(inviteeEmail) },
    position: { positionId, jobTitle, linkId: linkHref.split('/apply/')[1] },
    candidate: {
      candidateId: invited.candidate_id,
      candidateName,
      email: candidateEmail,
      token,
      answerId: started.body.answer_id,
      recordingId: recording.body.answer_id,
      liveRecordingId: live.recording_id,
      publicCandidateId: shared.public_candidate_id,
      commentId: comment.comment_id,
    },
    media: { mediaGroupId, mediaId: upload.media_id },
    checkout: { frontendReferenceId, priceId },
    messageTemplate: { templateId: template.template_id },
    integration: { integrationId: integration.integration_id },
    webhook: { endpointId: webhook.endpoint_id, deliveryId: deliveryId! },
    apiKey: { keyId: apiKey.key_id, secret: apiKey.secret },
    sso: { providerId: ssoProvider.provider_id, domain: ssoDomainName },
    spareSessionId: spare.sessionId,
    revokedSessionId: revoked.sessionId,
  };
};

/** The value a world gives each kind of path id. A route naming a kind missing here fails the tests until one is added. */
export const pathIds = (w: World): Record<string, string> => ({
  companyId: w.owner.companyId,
  userId: w.member.userId,
  nonce: w.invitee.nonce,
  sessionId: w.spareSessionId,
  mediaGroupIds: w.media.mediaGroupId,
  positionId: w.position.positionId,
  linkId: w.position.linkId,
  candidateId: w.candidate.candidateId,
  answerId: w.candidate.answerId,
  recordingId: w.candidate.liveRecordingId,
  publicCandidateId: w.candidate.publicCandidateId,
  token: w.candidate.token,
  // A question of the candidate's interview (issue 39's typed and file answers): an index, the token names whose.
  questionIndex: '1',
  frontendReferenceId: w.checkout.frontendReferenceId,
  // An image group of the owner's; it is no company's logo, so the logo route answers 404 for it.
  logoImageGroupId: w.media.mediaGroupId,
  templateId: w.messageTemplate.templateId,
  integrationId: w.integration.integrationId,
  endpointId: w.webhook.endpointId,
  deliveryId: w.webhook.deliveryId,
  commentId: w.candidate.commentId,
  keyId: w.apiKey.keyId,
  providerId: w.sso.providerId,
  domain: w.sso.domain,
});

/**
 * Kinds of id that are themselves the credential on public routes: whoever holds one may use it,
 * so the question there is whether another one (a wrong link) reaches anything. An ATS webhook's
 * integration id only addresses it: the ATS's signature is what it takes, and nothing unsigned
 * reaches anything (test/api/integrations.test.ts). A company id is one only on the "Delete my data"
 * pages' read of the company's name (issue 43): every mail to a candidate carries it in that link,
 * and it answers the name alone.
 */
export const credentialKinds = new Set([
  'token',
  'linkId',
  'publicCandidateId',
  'nonce',
  'sessionId',
  'logoImageGroupId',
  'integrationId',
  'companyId',
  // The SAML assertion consumer service's provider id (issue 42) only addresses it: a signed assertion is what it takes.
  'providerId',
]);

/** Everything of a world that must never show in another caller's response. */
export const secretsOf = (w: World): string[] => [
  // A question's index is no secret (every interview has a question 1); the ids are.
  ...Object.entries(pathIds(w)).flatMap(([kind, id]) => (kind === 'questionIndex' ? [] : [id])),
  w.companyName,
  w.owner.email,
  w.owner.userId,
  w.owner.sessionId,
  w.member.email,
  w.member.sessionId,
  w.invitee.email,
  w.position.jobTitle,
  w.candidate.candidateName,
  w.candidate.email,
  w.media.mediaId,
  w.apiKey.secret,
];

/** What a member without access to the world's position must never see. */
export const positionSecretsOf = (w: World): string[] => [
  w.position.positionId,
  w.position.jobTitle,
  w.position.linkId,
  ...Object.values(w.candidate),
];

/** The names of an operation's path parameters, from its template. */
export const pathParamsOf = (operation: OperationId): string[] => [...operations[operation].path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

const enumParam = (operation: OperationId, name: string): readonly string[] | null => {
  const params = (operations[operation] as Contract).params;
  const schema = params instanceof z.ZodMiniObject ? params.shape[name] : undefined;
  return schema instanceof z.ZodMiniEnum ? (schema.options as string[]) : null;
};

/** Path parameters no fixture covers (enum parameters such as `{status}` take their values from the contract). */
export const missingPathFixtures = (w: World): string[] =>
  routeEntries.flatMap(([operation]) =>
    pathParamsOf(operation)
      .filter((name) => !(name in pathIds(w)) && !enumParam(operation, name))
      .map((name) => `${operation}: {${name}}`),
  );

/**
 * The route's path parameters from `ids` (by kind), once per value of each enum parameter
 * (`setPositionStatus` with `close` and `open`).
 */
export const pathParamSetsOf = (operation: OperationId, ids: Record<string, string>): Record<string, string>[] => {
  let sets: Record<string, string>[] = [{}];
  for (const name of pathParamsOf(operation)) {
    const values = enumParam(operation, name) ?? [ids[name]!];
    sets = sets.flatMap((set) => values.map((value) => ({ ...set, [name]: value })));
  }
  return sets;
};

/** A minimal valid wire body (snake_case) for every route with a body contract; checked against the contract by the tests. */
export const validBodies: { [K in OperationId]?: (w: World) => unknown } = {
  checkEmail: () => ({ email: uniqueEmail('check') }),
  createAccount: () => ({ email: uniqueEmail('new'), company_name: 'New Co', tags: ['fuzz'] }),
  sendMagicCode: () => ({ email: uniqueEmail('code') }),
  createMagicCodeSession: () => ({ email: uniqueEmail('nobody'), shortnonce: 'ABCDEF' }),
  updateCompany: () => ({ company_name: 'Renamed Co' }),
  createApiKey: () => ({ name: 'Fuzz key', scopes: ['read'], expires_at: null }),
  // Single sign-on (issue 42): a second provider (the local OpenID provider), a domain, settings that require nothing,
  // a sign-in for an address nobody proved, a ticket and a recovery code nobody was given.
  createSsoProvider: () => ({ kind: 'oidc', name: 'Fuzz IdP', issuer: oidcIssuer(), client_id: LOCAL_OIDC.clientId, client_secret: LOCAL_OIDC.clientSecret }),
  createSsoDomain: () => ({ domain: ssoDomain() }),
  putSsoSettings: () => ({ require_sso: false, join_mode: 'invitation_only' }),
  startSsoSignIn: () => ({ email: uniqueEmail('sso') }),
  createSsoSession: () => ({ ticket: unknownId() + unknownId() }),
  createRecoverySession: () => ({ email: uniqueEmail('recovery'), recovery_code: 'VIR-AAAAA-AAAAA-AAAAA-AAAAA' }),
  putTheme: (w) => ({
    theme_enabled: true,
    theme_definition: { palette: { primary: { main: '#123456' }, secondary: { main: '#abcdef' } } },
    logo_image_group_id: w.media.mediaGroupId,
  }),
  // The retention policy (issue 28): months 1-24, or null for never.
  putRetention: () => ({ retention_months: 12 }),
  // The time zone its reports count days in (issue 40).
  putTimeZone: () => ({ time_zone: 'Europe/London' }),
  // Summaries (issue 41): the company's setting (off again, so nothing the world answers is summarised) and a reviewer's preference.
  putSummaries: () => ({ enabled: false, show_on_share_page: false }),
  putPreferences: () => ({ hide_summaries: false }),
  inviteMember: () => ({ email: uniqueEmail('invite') }),
  createMessageTemplate: () => ({
    template_name: 'Follow-up',
    subject_line: 'About {jobTitle}',
    body_content: 'Hello {candidateName}: {interviewLink}',
  }),
  updateMessageTemplate: () => ({
    template_name: 'Follow-up, renamed',
    subject_line: 'About {jobTitle}',
    body_content: 'Hi {candidateName}: {interviewLink}',
  }),
  previewMessageTemplate: () => ({ subject_line: 'About {jobTitle}', body_content: 'Hello {candidateName}: {interviewLink}' }),
  sendTestMessage: () => ({ subject_line: 'About {jobTitle}', body_content: 'Hello {candidateName}: {interviewLink}' }),
  confirmMemberInvite: (w) => ({ nonce: w.invitee.nonce }),
  // Deletion on request (issue 28): a company and an address (the same 202 whatever they name); a nonce nobody was mailed.
  requestDataDeletion: (w) => ({ company_id: w.owner.companyId, email: uniqueEmail('erase') }),
  confirmDataDeletion: () => ({ nonce: unknownId() }),
  createUserMediaUpload: (w) => ({
    media_group_id: `g-${randomUUID()}`,
    content_type: 'image/png',
    properties: { company_id: w.owner.companyId, size: 100, file_name: 'logo.png' },
  }),
  completeMediaUploads: (w) => ({ media_ids: [w.media.mediaId] }),
  createPosition: () => ({ job_title: 'Another role', interview: interviewBody }),
  updatePosition: (w) => ({
    job_title: 'Renamed role',
    interview: interviewBody,
    sharing: { user_ids: [w.owner.userId] },
    notifying: { user_ids: [w.owner.userId] },
    planned_messages: [{ template_id: 'standard-reminder', send_trigger: 'P2D' }],
    invites_expire_after: 'P7D',
    apply_link: { link_href: `${baseUrl()}/#/apply/${w.position.linkId}` },
    version: 2,
  }),
  inviteCandidate: () => ({ candidate_name: 'Someone New', email: uniqueEmail('someone') }),
  inviteCandidatesBatch: () => ({ new_candidates: [{ candidate_name: 'Batch One', email: uniqueEmail('batch') }] }),
  checkCandidateEmails: (w) => ({ emails: [w.candidate.email, uniqueEmail('not-yet')] }),
  rateAnswer: () => ({ new_rating: 4 }),
  // Expiring share links (issue 28): 1, 7 or 30 days, or null for never.
  createSharingDetails: () => ({ expires_in_days: 7 }),
  updatePositionScorecard: () => ({ criteria: [{ name: 'Communication', guide1: 'Hard to follow', guide3: 'Clear', guide5: 'Compelling' }] }),
  // The world's candidate has not responded and its position may have no criteria: a 409 for those who may see them, a 404 for others.
  submitScorecard: () => ({ scores: [{ criterion_id: 'criterion-1', score: 3 }], note: null }),
  createComment: (w) => ({ content: 'Strong answer @owner', answer_id: w.candidate.answerId, at_seconds: 2, mentioned_user_ids: [w.owner.userId] }),
  updateComment: () => ({ content: 'Strong answer, edited', mentioned_user_ids: [] }),
  setCandidateTiming: () => ({ time_limits_off: false, time_multiplier: 1.5, extra_retakes: 1 }),
  // Mail delivery (issue 26): the corrected address of an invited candidate.
  fixCandidateEmail: () => ({ email: uniqueEmail('fixed') }),
  requestInterviewTiming: () => ({ choice: 'double-time' }),
  startAnswer: () => ({ question_index: 1, content_type: 'video/webm' }),
  getAnswerPartUrls: () => ({ part_numbers: [1] }),
  // Issue 39: the world's questions ask for videos, so these are refused as the wrong type (400), never served elsewhere.
  startFileAnswer: () => ({ file_name: 'cv.pdf', size: 1024 }),
  saveAnswerDraft: () => ({ text: 'A first thought' }),
  submitTypedAnswer: () => ({ text: 'A written answer' }),
  submitAnswer: () => ({ parts: [{ part_number: 1, etag: '"0123456789abcdef0123456789abcdef"' }] }),
  createAnswerRecording: (w) => ({ answer_id: w.candidate.recordingId }),
  // Not an offer any WebRTC endpoint accepts: the live-recording service refuses it (502, "Unable to connect to recorder").
  startAnswerRecording: () => ({ offer: 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n' }),
  createUserRecording: (w) => ({ media_group_id: `g-${randomUUID()}`, company_id: w.owner.companyId }),
  startUserRecording: () => ({ offer: 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n' }),
  applyThroughLink: () => ({ candidate_name: 'Walk In', email: uniqueEmail('applicant') }),
  createCheckoutSession: (w) => ({
    price_id: w.checkout.priceId,
    company_id: w.owner.companyId,
    frontend_reference_id: randomUUID(),
    success_url: `${baseUrl()}/#/companies/${w.owner.companyId}`,
    cancel_url: `${baseUrl()}/#/companies/${w.owner.companyId}`,
  }),
  createPortalSession: (w) => ({ company_id: w.owner.companyId, return_url: `${baseUrl()}/#/companies/${w.owner.companyId}` }),
  createIntegration: () => ({ integration_type: 'comeet', auth_token: 'comeet-local-key' }),
  // Outgoing webhooks (issue 38): an endpoint at the local receiver (the local stack allows its own origin).
  createWebhookEndpoint: () => ({ url: `${baseUrl()}/_local/webhooks/receive/fuzz`, events: ['candidate.invited'], description: 'Fuzz' }),
  updateWebhookEndpoint: () => ({ description: 'Renamed hook' }),
  createLeverOAuthHref: (w) => ({ company_id: w.owner.companyId }),
  completeLeverOAuth: () => ({ state: randomUUID(), code: 'code-nobody-issued' }),
  abortLeverOAuth: () => ({ state: randomUUID(), error: 'access_denied', error_description: 'The user denied access.' }),
};

export const bodyRoutes = routeEntries.filter(([operation]) => (operations[operation] as Contract).body !== undefined);

/** Body routes without a valid body, and valid bodies their contract refuses: both mean the map above needs work. */
export const validBodyProblems = (w: World): string[] =>
  bodyRoutes.flatMap(([operation]) => {
    const make = validBodies[operation];
    if (!make) return [`${operation}: no valid body in validBodies`];
    const parsed = (operations[operation] as Contract).body!.safeParse(toCamelCase(make(w)));
    return parsed.success ? [] : [`${operation}: its valid body is refused: ${JSON.stringify(parsed.error.issues)}`];
  });

/** A well-formed id nobody holds: passes every id schema, names nothing. */
export const unknownId = () => randomBytes(32).toString('base64url');

export interface Sent {
  status: number;
  text: string;
  headers: Headers;
  json: any;
}

/** A valid query for the routes that require one (the matrix and the fuzz reach their checks, not the query's). */
const today = () => new Date().toISOString().slice(0, 10);
export const validQueries: { [K in OperationId]?: () => Record<string, string> } = {
  getCompanyReport: () => ({ from: today(), to: today() }),
  getPositionReport: () => ({ from: today(), to: today() }),
};

/**
 * One call of an operation with a time limit (a hang is a failure, reported as status 0 with the
 * error). `body` is sent as it is (raw text), with `contentType` when given.
 */
export const send = async (
  operation: OperationId,
  params: Record<string, string>,
  options: { body?: string; contentType?: string; session?: string; bearer?: string; timeoutMs?: number } = {},
): Promise<Sent> => {
  // Without a content type, a text body goes as fetch sends one by default (`call` would say JSON).
  const contentType = options.contentType ?? (options.body === undefined ? undefined : 'text/plain;charset=UTF-8');
  try {
    const response = await call(operation, {
      params: params as PathParams<OperationId>,
      query: validQueries[operation]?.(),
      rawBody: options.body,
      session: options.session,
      headers: { ...(contentType ? { 'content-type': contentType } : {}), ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}) },
      timeoutMs: options.timeoutMs ?? 15_000,
    });
    let json: unknown;
    try {
      json = response.text ? JSON.parse(response.text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, text: response.text, headers: response.headers, json };
  } catch (error) {
    return { status: 0, text: String(error), headers: new Headers(), json: undefined };
  }
};

/** Runs `tasks` at most `limit` at a time. */
export const pool = async <T>(tasks: (() => Promise<T>)[], limit = 8): Promise<T[]> => {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
};

/** `{detail, code}`, the error model of every route. */
export const isErrorModel = (json: any): boolean =>
  typeof json === 'object' && json !== null && typeof json.code === 'string' && (typeof json.detail === 'string' || Array.isArray(json.detail));

export const shorten = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);
