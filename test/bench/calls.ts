import { API_PREFIX, operationPath, operations, type OperationId } from '../../lambdas/operations/index';
import { routeEntries } from '../../lambdas/operations/index';
import { describeOperations, summarizeCalls, type RecordedInvocation } from '../../lib/local/dynamodb-calls';
import { addCredits, goal, printTable, type StackContext } from './support';
import { interviewFixture } from '../support/interviews';

/**
 * DynamoDB calls per request (issue 17): every route of the route table called once, as the owner
 * where it takes a session, against a small world made through the API; the local Lambda runtime
 * counts each invocation's calls (lib/local/dynamodb-calls.ts, `GET /_local/dynamodb-calls`).
 *
 * Per route: the calls in all, the longest chain of reads one after another, the most reads in
 * sequence before a write (the reads a write waits for), and the operations. Goals: at most 2
 * sequential reads before a write on every route, and at most 4 calls for the common reads, the
 * GET routes the hiring app's screens load (COMMON_READS), but for getCandidate, which issue 26 gives
 * 6 calls and at most 2 rounds after the session.
 */

/** The reads behind the hiring app's screens: the shell (me, company, plan), positions, candidates, settings. */
export const COMMON_READS: readonly OperationId[] = [
  'getMe',
  'getCompany',
  'getCompanyConfig',
  'getPlanStatus',
  'getOwnershipStatus',
  'getTheme',
  'listPositions',
  'getPosition',
  'listCandidates',
  'getCandidate',
  'listMembers',
  'listMessageTemplates',
];

const SEQUENTIAL_READS_GOAL = 2;
const COMMON_CALLS_GOAL = 4;
/**
 * Issue 26: `GET /candidates/{id}` in at most 2 rounds after the session, 6 calls accepted (it
 * supersedes the common reads' 4 calls for getCandidate).
 */
const CANDIDATE_ROUNDS_GOAL = 2;
const CANDIDATE_CALLS_GOAL = 6;

interface Sent {
  status: number;
  body: any;
  headers: Headers;
}

interface Measured {
  operation: OperationId;
  /** The operation, and the action where the path names one (`setCandidateStatus shortlist`). */
  label: string;
  status: number;
  invocation: RecordedInvocation;
}

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a5b00000000049454e44ae426082',
  'hex',
);

const interview = interviewFixture({
  questions: [{ title: 'Tell us about yourself', content: 'Two minutes is plenty.' }],
  pacing: { thinking_time: 30, answer_time: 120, retakes: 1 },
});

export const callsFigure = async ({ url, env, session, companyId }: StackContext) => {
  const unique = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const send = async (
    operation: OperationId,
    options: {
      params?: Record<string, string>;
      query?: Record<string, string>;
      body?: unknown;
      session?: string;
      headers?: Record<string, string>;
      raw?: string;
    } = {},
  ): Promise<Sent> => {
    const res = await fetch(`${url}${API_PREFIX}${operationPath(operation, options.params, options.query)}`, {
      method: operations[operation].method,
      redirect: 'manual',
      headers: {
        ...(options.body !== undefined || options.raw !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.session ? { 'x-session-id': options.session } : {}),
        ...options.headers,
      },
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, body, headers: res.headers };
  };
  const must = async (operation: OperationId, options: Parameters<typeof send>[1] = {}) => {
    const res = await send(operation, options);
    if (res.status >= 300 && res.status !== 302) throw new Error(`${operation}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, any>;
  };
  const measured = new Map<string, Measured>();
  /** Calls the route and takes the DynamoDB calls its invocation made (the bench calls one route at a time). */
  const measure = async (operation: OperationId, options: Parameters<typeof send>[1] & { refused?: boolean } = {}) => {
    const res = await send(operation, options);
    // A refusal is measured only where success needs what the bench does not make (an ATS's signature, a code Lever issued, a transcoded video).
    if (res.status >= 400 && !options.refused) throw new Error(`${operation}: ${res.status} ${JSON.stringify(res.body)}`);
    const requestId = res.headers.get('apigw-requestid') ?? '';
    const { invocations } = (await (await fetch(`${url}/_local/dynamodb-calls?requestId=${encodeURIComponent(requestId)}`)).json()) as {
      invocations: RecordedInvocation[];
    };
    const invocation = invocations[0];
    if (!invocation) throw new Error(`${operation}: no invocation recorded`);
    const label = options.params?.status ? `${operation} ${options.params.status}` : operation;
    measured.set(label, { operation, label, status: res.status, invocation });
    return res.body as Record<string, any>;
  };
  const mails = async (to: string) => {
    const { messages } = (await (await fetch(`${url}/_local/mail?format=json`)).json()) as {
      messages: { to: string[]; subject: string; text: string }[];
    };
    return messages.filter((message) => message.to.includes(to));
  };
  const codeFor = async (email: string) =>
    /code is ([A-Z]{6})/.exec((await mails(email)).find((m) => m.subject.startsWith('Your sign-in code'))?.text ?? '')?.[1] ?? '';
  const nonceFor = async (email: string) =>
    /#\/invite\/([A-Za-z0-9_-]+)/.exec((await mails(email)).find((m) => m.subject.startsWith("You're invited"))?.text ?? '')?.[1] ?? '';
  const tokenOf = (href: string) => /#\/interview\/([A-Za-z0-9_-]+)$/.exec(href)?.[1] ?? '';
  const owner = { session };

  await addCredits(env, companyId, 50);

  // Account and session
  await measure('getHealth');
  await measure('getOpenApi');
  await measure('checkEmail', { body: { email: unique('check') } });
  const me = await measure('getMe', owner);
  await measure('sendMagicCode', { body: { email: me.user.email } });
  const spare = await measure('createMagicCodeSession', { body: { email: me.user.email, shortnonce: await codeFor(me.user.email) } });
  const otherEmail = unique('other-owner');
  const other = await measure('createAccount', { body: { email: otherEmail, company_name: 'Bench other', tags: [] } });

  // Company
  const params = { companyId };
  await measure('getCompany', { ...owner, params });
  await measure('getCompanyConfig', { ...owner, params });
  await measure('getOwnershipStatus', { ...owner, params });
  await measure('getPlanStatus', { ...owner, params });
  await measure('getTheme', { ...owner, params });
  await measure('updateCompany', { ...owner, params, body: { company_name: 'Bench' } });
  await measure('putRetention', { ...owner, params, body: { retention_months: 6 } });

  // Media: an image, which becomes the company's logo
  const mediaGroupId = `g-${crypto.randomUUID()}`;
  const upload = await measure('createUserMediaUpload', {
    ...owner,
    body: { media_group_id: mediaGroupId, content_type: 'image/png', properties: { company_id: companyId, size: png.length, file_name: 'logo.png' } },
  });
  await fetch(upload.upload_url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png });
  await measure('completeMediaUploads', { ...owner, body: { media_ids: [upload.media_id] } });
  await measure('getMediaUploadGroups', { ...owner, params: { mediaGroupIds: mediaGroupId } });
  await measure('putTheme', {
    ...owner,
    params,
    body: {
      theme_enabled: true,
      theme_definition: { palette: { primary: { main: '#123456' }, secondary: { main: '#abcdef' } } },
      logo_image_group_id: mediaGroupId,
    },
  });
  await measure('getCompanyLogo', { params: { logoImageGroupId: mediaGroupId } });

  // Members
  const memberEmail = unique('member');
  await measure('inviteMember', { ...owner, params, body: { email: memberEmail } });
  const nonce = await nonceFor(memberEmail);
  await measure('getMemberInvite', { params: { nonce } });
  const joined = await measure('confirmMemberInvite', { body: { nonce } });
  await measure('listMembers', { ...owner, params });

  // Positions
  const { position_id: positionId } = await measure('createPosition', { ...owner, params, body: { job_title: 'Bench calls', interview } });
  await measure('listPositions', { ...owner, params, query: { status: 'open' } });
  const position = await measure('getPosition', { ...owner, params: { positionId } });
  const { position_id: _p, company_id: _c, current_status: _s, candidates: _n, created_at: _t, ...editable } = position;
  await measure('updatePosition', { ...owner, params: { positionId }, body: editable });
  const { link_href: linkHref } = await measure('createApplyLink', { ...owner, params: { positionId } });
  const linkId = String(linkHref).split('/apply/')[1]!;
  await measure('getContentLibrary', { ...owner, params });
  await measure('getApplyLink', { params: { linkId } });
  await measure('applyThroughLink', { params: { linkId }, body: { candidate_name: 'Walk In', email: unique('applicant') } });

  // Candidates, and one interview answered (its bytes are no video: the pipeline fails it at once)
  const invited = await measure('inviteCandidate', {
    ...owner,
    params: { positionId },
    body: { candidate_name: 'Bench Candidate', email: unique('candidate') },
  });
  const batch = await measure('inviteCandidatesBatch', {
    ...owner,
    params: { positionId },
    body: { new_candidates: [{ candidate_name: 'Batch One', email: unique('batch') }] },
  });
  await measure('checkCandidateEmails', { ...owner, params: { positionId }, body: { emails: [batch.candidates[0].email, unique('not-yet')] } });
  await measure('sendPreviewInvite', { ...owner, params: { positionId } });
  const token = tokenOf(invited.interview_href);
  await measure('getInterview', { params: { token } });
  const started = await measure('startAnswer', { params: { token }, body: { question_index: 0, content_type: 'video/webm' } });
  const answerId = started.answer_id as string;
  const urls = await measure('getAnswerPartUrls', { params: { token, answerId }, body: { part_numbers: [1] } });
  const put = await fetch(urls.parts[0].upload_url, { method: 'PUT', body: Buffer.from('not a video') });
  await measure('submitAnswer', { params: { token, answerId }, body: { parts: [{ part_number: 1, etag: put.headers.get('etag') }] } });
  const candidateId = invited.candidate_id as string;
  await measure('listCandidates', { ...owner, params: { positionId } });
  await measure('getCandidate', { ...owner, params: { candidateId } });
  await measure('getCandidateAccessStatus', { ...owner, params: { candidateId } });
  await measure('getAnswerTranscripts', { ...owner, params: { candidateId } });
  await measure('searchAnswers', { ...owner, params: { positionId }, query: { text: 'interview' } });
  await measure('rateAnswer', { ...owner, params: { answerId }, body: { new_rating: 4 } });
  // The audit log (issue 28): the page says an answer started playing.
  await measure('recordAnswerPlay', { ...owner, params: { answerId } });
  // Scorecards and comments (issue 27)
  const scorecard = await measure('updatePositionScorecard', {
    ...owner,
    params: { positionId },
    body: { criteria: [{ name: 'Communication', guide1: 'Hard to follow', guide3: 'Clear', guide5: 'Compelling' }] },
  });
  await measure('getPositionScorecard', { ...owner, params: { positionId } });
  await measure('submitScorecard', {
    ...owner,
    params: { candidateId },
    body: { scores: [{ criterion_id: scorecard.criteria[0].criterion_id, score: 4 }], note: null },
  });
  await measure('getCandidateScorecards', { ...owner, params: { candidateId } });
  await measure('listMentionableMembers', { ...owner, params: { candidateId } });
  const comment = await measure('createComment', { ...owner, params: { candidateId }, body: { content: 'A clear answer', mentioned_user_ids: [] } });
  await measure('listComments', { ...owner, params: { candidateId } });
  await measure('updateComment', {
    ...owner,
    params: { commentId: comment.comment_id },
    body: { content: 'A clear answer, edited', mentioned_user_ids: [] },
  });
  await measure('deleteComment', { ...owner, params: { commentId: comment.comment_id } });
  await measure('setCandidateStatus', { ...owner, params: { candidateId, status: 'shortlist' } });
  await measure('reinviteCandidate', { ...owner, params: { candidateId: batch.candidates[0].candidate_id } });
  // Mail delivery (issue 26): the address corrected and the invitation resent, without a credit.
  await measure('fixCandidateEmail', { ...owner, params: { candidateId: batch.candidates[0].candidate_id }, body: { email: unique('fixed') } });
  // Timing (issue 25): the invited candidate asks, the team sets it.
  const waiting = tokenOf(batch.candidates[0].interview_href);
  await measure('requestInterviewTiming', { params: { token: waiting }, body: { choice: 'double-time' } });
  await measure('setCandidateTiming', {
    ...owner,
    params: { candidateId: batch.candidates[0].candidate_id },
    body: { time_limits_off: false, time_multiplier: 2, extra_retakes: 0 },
  });
  // Live recording (issue 30): a take's and a team video's recording, started with an offer no WebRTC endpoint takes (refused), then stopped.
  const liveTake = await measure('startAnswer', { params: { token: waiting }, body: { question_index: 0, content_type: 'video/mp4' } });
  const { recording_id: takeRecordingId } = await measure('createAnswerRecording', {
    params: { token: waiting },
    body: { answer_id: liveTake.answer_id },
  });
  const offer = 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
  await measure('startAnswerRecording', { params: { token: waiting, recordingId: takeRecordingId }, body: { offer }, refused: true });
  await measure('stopAnswerRecording', { params: { token: waiting, recordingId: takeRecordingId }, refused: true });
  const { recording_id: userRecordingId } = await measure('createUserRecording', {
    ...owner,
    body: { media_group_id: `g-${Date.now()}`, company_id: companyId },
  });
  await measure('startUserRecording', { ...owner, params: { recordingId: userRecordingId }, body: { offer }, refused: true });
  await measure('stopUserRecording', { ...owner, params: { recordingId: userRecordingId }, refused: true });
  await measure('exportCandidates', { ...owner, params: { positionId } });
  // The answer is no video, so the package has nothing to export: its refusal is what is measured.
  await measure('createAnswerPackage', { ...owner, params: { candidateId }, refused: true });
  const shared = await measure('createSharingDetails', { ...owner, params: { candidateId }, body: { expires_in_days: 7 } });
  await measure('getMySharingDetails', { ...owner, params: { candidateId } });
  await measure('getPublicCandidate', { params: { publicCandidateId: shared.public_candidate_id } });
  await measure('getPublicAnswerTranscripts', { params: { publicCandidateId: shared.public_candidate_id } });
  await measure('deleteSharing', { ...owner, params: { publicCandidateId: shared.public_candidate_id } });
  // The audit log (issue 28): a page of everything above.
  await measure('listAuditLog', { ...owner, params: { companyId } });

  // Messages
  await measure('getMessageTriggers', owner);
  await measure('getInviteExpiryOffsets', owner);
  await measure('listMessageTemplates', { ...owner, params });
  const templateBody = { template_name: 'Follow-up', subject_line: 'About {jobTitle}', body_content: 'Hello {candidateName}: {interviewLink}' };
  const { template_id: templateId } = await measure('createMessageTemplate', { ...owner, params, body: templateBody });
  await measure('previewMessageTemplate', {
    ...owner,
    params,
    body: { subject_line: templateBody.subject_line, body_content: templateBody.body_content },
  });
  await measure('sendTestMessage', { ...owner, params, body: { subject_line: templateBody.subject_line, body_content: templateBody.body_content } });
  await measure('getMessageTemplate', { ...owner, params: { templateId } });
  await measure('updateMessageTemplate', { ...owner, params: { templateId }, body: { ...templateBody, template_name: 'Follow-up, renamed' } });
  await measure('deleteMessageTemplate', { ...owner, params: { templateId } });

  // Billing
  const { prices } = await measure('listPrices', owner);
  const priceId = prices.find((price: { lookup_key: string }) => price.lookup_key === 'pack_10_usd').price_id as string;
  const frontendReferenceId = crypto.randomUUID();
  const back = `${url}/#/companies/${companyId}`;
  const checkout = await measure('createCheckoutSession', {
    ...owner,
    body: { price_id: priceId, company_id: companyId, frontend_reference_id: frontendReferenceId, success_url: back, cancel_url: back },
  });
  await measure('getCheckoutSessionStatus', { ...owner, params: { frontendReferenceId } });
  await measure('createPortalSession', { ...owner, body: { company_id: companyId, return_url: back } });
  {
    // The event Stripe sends when the checkout expires, signed as the stand-in signs it.
    const { default: Stripe } = await import('stripe');
    const payload = JSON.stringify({
      id: `evt_bench_${crypto.randomUUID().slice(0, 8)}`,
      object: 'event',
      type: 'checkout.session.expired',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: checkout.session_id, object: 'checkout.session', client_reference_id: frontendReferenceId, mode: 'payment' } },
    });
    const signature = new Stripe('sk_test_bench').webhooks.generateTestHeaderString({
      payload,
      secret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_local_test',
    });
    await measure('handleStripeWebhook', { raw: payload, headers: { 'stripe-signature': signature } });
  }

  // Integrations (HR Partner and Lever, against their stand-ins)
  await measure('listIntegrations', { ...owner, params });
  const { integration_id: integrationId } = await measure('createIntegration', {
    ...owner,
    params,
    body: { integration_type: 'hrpartner', auth_token: 'hrpartner-local-key' },
  });
  await measure('handleIntegrationWebhook', { params: { integrationId }, body: { event: 'bench' }, refused: true });
  const stateOf = (href: string) => new URL(href).searchParams.get('state') ?? '';
  const consent = await measure('createLeverOAuthHref', { ...owner, body: { company_id: companyId } });
  await measure('abortLeverOAuth', {
    ...owner,
    body: { state: stateOf(consent.auth_href), error: 'access_denied', error_description: 'The user denied access.' },
  });
  const again = await must('createLeverOAuthHref', { ...owner, body: { company_id: companyId } });
  await measure('completeLeverOAuth', { ...owner, body: { state: stateOf(again.auth_href), code: 'code-nobody-issued' }, refused: true });
  await measure('deleteIntegration', { ...owner, params: { integrationId } });

  // What removes things comes last, on objects of its own where others still need theirs.
  await measure('setPositionStatus', { ...owner, params: { positionId, status: 'close' } });
  await measure('setPositionStatus', { ...owner, params: { positionId, status: 'open' } });
  const doomed = await must('inviteCandidate', { ...owner, params: { positionId }, body: { candidate_name: 'Leaving', email: unique('leaving') } });
  await measure('deleteCandidate', { ...owner, params: { candidateId: doomed.candidate_id } });
  // Deletion on request (issue 28): the candidate asks, then confirms from the mailed link.
  const erased = unique('erased');
  await must('inviteCandidate', { ...owner, params: { positionId }, body: { candidate_name: 'Erased', email: erased } });
  await measure('getDataDeletionCompany', { params: { companyId } });
  await measure('requestDataDeletion', { body: { company_id: companyId, email: erased } });
  const deletionNonce =
    /#\/confirm-deletion\/([A-Za-z0-9_-]+)/.exec((await mails(erased)).find((m) => m.subject.startsWith('Confirm the deletion'))?.text ?? '')?.[1] ??
    '';
  await measure('confirmDataDeletion', { body: { nonce: deletionNonce } });
  await measure('removeMember', { ...owner, params: { companyId, userId: joined.user_id } });
  await measure('deleteSession', { params: { sessionId: spare.session_id } });
  await must('sendMagicCode', { body: { email: otherEmail } });
  const otherOwner = await must('createMagicCodeSession', { body: { email: otherEmail, shortnonce: await codeFor(otherEmail) } });
  await measure('deleteCompany', { session: otherOwner.session_id, params: { companyId: other.company_id } });
  const { position_id: doomedPosition } = await must('createPosition', { ...owner, params, body: { job_title: 'Bench leaving', interview } });
  await must('setPositionStatus', { ...owner, params: { positionId: doomedPosition, status: 'close' } });
  await measure('deletePosition', { ...owner, params: { positionId: doomedPosition } });

  const missing = routeEntries
    .map(([operation]) => operation)
    .filter((operation) => ![...measured.values()].some((row) => row.operation === operation));
  if (missing.length > 0) throw new Error(`calls: routes not measured: ${missing.join(', ')}`);

  const rows = [...measured.values()];
  const dash = (value: number | null) => (value === null ? '–' : String(value));
  // A GET writes nothing but the session's sliding expiry (one UpdateItem a minute per session, on
  // whichever request comes then): shown in the table, not counted against the read.
  const slides = (row: Measured) => (operations[row.operation].method === 'GET' ? (row.invocation.summary.operations.UpdateItem ?? 0) : 0);
  console.log('\nDynamoDB calls per request (each route once, as the owner; local stack)\n');
  printTable(
    ['route', 'status', 'calls', 'reads in sequence', 'sequential reads before write', 'round trips', 'operations'],
    rows.map((row) => [
      row.label,
      String(row.status),
      slides(row) > 0 ? `${row.invocation.summary.calls - slides(row)} (+${slides(row)} slide)` : String(row.invocation.summary.calls),
      String(row.invocation.summary.sequentialReads),
      dash(slides(row) > 0 ? null : row.invocation.summary.sequentialReadsBeforeWrite),
      String(row.invocation.summary.roundTrips),
      describeOperations(row.invocation.calls),
    ]),
  );

  /**
   * The round trips after the session read: the session is the invocation's first call (the chain
   * starts it before the handler runs; what the handler reads alongside it, or in the same
   * BatchGetItem, is in that first round), so these are the longest chain of calls that started
   * once it had ended. A GET's sliding expiry (an UpdateItem alongside) is left out.
   */
  const roundsAfterSession = (row: Measured) => {
    const calls = row.invocation.calls.filter((call) => slides(row) === 0 || call.operation !== 'UpdateItem');
    const session = [...calls].sort((a, b) => a.startMs - b.startMs)[0];
    if (!session) return 0;
    return summarizeCalls(calls.filter((call) => call.startMs >= (session.endMs ?? Number.POSITIVE_INFINITY))).roundTrips;
  };

  const writers = rows.filter((row) => row.invocation.summary.sequentialReadsBeforeWrite !== null && slides(row) === 0);
  const worstWriter = writers.reduce((worst, row) =>
    row.invocation.summary.sequentialReadsBeforeWrite! > worst.invocation.summary.sequentialReadsBeforeWrite! ? row : worst,
  );
  const worstBefore = worstWriter.invocation.summary.sequentialReadsBeforeWrite!;
  goal({
    figure: 'DynamoDB: sequential reads before a write (worst route)',
    value: `${worstBefore} (${worstWriter.label})`,
    goal: `≤ ${SEQUENTIAL_READS_GOAL} on every route`,
    met: worstBefore <= SEQUENTIAL_READS_GOAL,
  });
  // getCandidate has issue 26's goal of its own (below), which supersedes the 4 calls for it.
  const common = rows.filter((row) => COMMON_READS.includes(row.operation) && row.operation !== 'getCandidate');
  const callsOf = (row: Measured) => row.invocation.summary.calls - slides(row);
  const worstCommon = common.reduce((worst, row) => (callsOf(row) > callsOf(worst) ? row : worst));
  goal({
    figure: `DynamoDB: calls of the common reads (worst of ${common.length}; getCandidate: issue 26's goal)`,
    value: `${callsOf(worstCommon)} (${worstCommon.operation})`,
    goal: `≤ ${COMMON_CALLS_GOAL} each`,
    met: callsOf(worstCommon) <= COMMON_CALLS_GOAL,
  });
  const candidate = rows.find((row) => row.operation === 'getCandidate')!;
  const candidateRounds = roundsAfterSession(candidate);
  goal({
    figure: 'GET /candidates/{id}: rounds after the session, calls (issue 26)',
    value: `${candidateRounds} rounds, ${callsOf(candidate)} calls`,
    goal: `≤ ${CANDIDATE_ROUNDS_GOAL} rounds, ≤ ${CANDIDATE_CALLS_GOAL} calls`,
    met: candidateRounds <= CANDIDATE_ROUNDS_GOAL && callsOf(candidate) <= CANDIDATE_CALLS_GOAL,
  });
  console.log(`\nCommon reads: ${COMMON_READS.join(', ')}.`);
  const over = [
    ...writers
      .filter((row) => row.invocation.summary.sequentialReadsBeforeWrite! > SEQUENTIAL_READS_GOAL)
      .map((row) => `${row.label} (${row.invocation.summary.sequentialReadsBeforeWrite} reads before a write)`),
    ...common.filter((row) => callsOf(row) > COMMON_CALLS_GOAL).map((row) => `${row.label} (${callsOf(row)} calls)`),
    ...(candidateRounds > CANDIDATE_ROUNDS_GOAL || callsOf(candidate) > CANDIDATE_CALLS_GOAL
      ? [`getCandidate (${candidateRounds} rounds after the session, ${callsOf(candidate)} calls)`]
      : []),
  ];
  if (over.length > 0) console.log(`Over the goals: ${over.join(', ')}.`);
  const failed = rows.filter((row) => row.status >= 400);
  if (failed.length > 0)
    console.log(
      `Measured on a refusal (success needs what the bench does not make): ${failed.map((row) => `${row.label} ${row.status}`).join(', ')}.`,
    );
};
