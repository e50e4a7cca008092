/**
 * The route table: every API route, once. Plain data that imports nothing, so the CDK API
 * construct, the local server, the OpenAPI generator and the handlers themselves can all read it
 * without pulling handler code along.
 *
 * - `path` is relative to API_PREFIX and uses API Gateway's `{param}` syntax.
 * - `handler` is the module under `lambdas/` (no extension) exporting `handler`.
 * - `auth`: `public` (no session), `session` (a valid `X-Session-Id`), `owner` (a session whose user
 *   owns the company named by the `companyId` path parameter).
 * - `operation` names the zod contract in `lambdas/contracts` (see contracts/index.ts).
 */
export const API_PREFIX = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type AuthMode = 'public' | 'session' | 'owner';

/**
 * What a route's handler may touch. The CDK API construct turns each into the env var and the
 * least-privilege IAM grant together; the local server sets the same env vars for every handler.
 * Authenticated routes always get `table:write` (sessions slide their expiry).
 * - table:read / table:write  the one DynamoDB table (TABLE_NAME)
 * - media:read / media:write / media:delete  the media bucket (MEDIA_BUCKET), presigned URLs included
 * - mail:send  SES (MAIL_FROM), with app:links for the links in mails
 * - app:links  the SPA's origin (APP_ORIGIN or its SSM parameter) for links in responses
 * - workflow:start  StartExecution on the media pipeline (STATE_MACHINE_ARN)
 * - health:check  describe-only calls on the table, bucket, SES account and state machine
 */
export type Grant =
  'table:read' | 'table:write' | 'media:read' | 'media:write' | 'media:delete' | 'mail:send' | 'app:links' | 'workflow:start' | 'health:check';

export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly handler: string;
  readonly auth: AuthMode;
  readonly grants: readonly Grant[];
  /** Overrides for heavier handlers; everything else gets the defaults of the API construct. */
  readonly memoryMb?: number;
  readonly timeoutSeconds?: number;
}

export const routes = {
  getHealth: { method: 'GET', path: '/health', handler: 'api/system/get-health', auth: 'public', grants: ['health:check'] },
  getOpenApi: { method: 'GET', path: '/openapi.json', handler: 'api/system/get-openapi', auth: 'public', grants: [] },

  // Account and session
  checkEmail: { method: 'POST', path: '/email-check', handler: 'api/account/check-email', auth: 'public', grants: [] },
  createAccount: { method: 'POST', path: '/accounts', handler: 'api/account/create-account', auth: 'public', grants: ['table:write'] },
  sendMagicCode: {
    method: 'POST',
    path: '/magic-codes',
    handler: 'api/account/send-magic-code',
    auth: 'public',
    grants: ['table:write', 'mail:send'],
  },
  createMagicCodeSession: {
    method: 'POST',
    path: '/magic-code-sessions',
    handler: 'api/account/create-magic-code-session',
    auth: 'public',
    grants: ['table:write'],
  },
  deleteSession: {
    method: 'DELETE',
    path: '/magic-link-sessions/{sessionId}',
    handler: 'api/account/delete-session',
    auth: 'public',
    grants: ['table:write'],
  },
  getMe: { method: 'GET', path: '/me', handler: 'api/account/get-me', auth: 'session', grants: ['table:read'] },

  // Company
  getCompany: { method: 'GET', path: '/companies/{companyId}', handler: 'api/companies/get-company', auth: 'session', grants: ['table:read'] },
  updateCompany: { method: 'PUT', path: '/companies/{companyId}', handler: 'api/companies/update-company', auth: 'owner', grants: ['table:write'] },
  deleteCompany: {
    method: 'DELETE',
    path: '/companies/{companyId}',
    handler: 'api/companies/delete-company',
    auth: 'owner',
    grants: ['table:write', 'media:delete'],
    timeoutSeconds: 120,
  },
  getCompanyConfig: {
    method: 'GET',
    path: '/companies/{companyId}/config',
    handler: 'api/companies/get-company-config',
    auth: 'session',
    grants: ['table:read'],
  },
  getOwnershipStatus: {
    method: 'GET',
    path: '/companies/{companyId}/ownership-status',
    handler: 'api/companies/get-ownership-status',
    auth: 'session',
    grants: ['table:read'],
  },
  getPlanStatus: {
    method: 'GET',
    path: '/companies/{companyId}/plan-status',
    handler: 'api/companies/get-plan-status',
    auth: 'session',
    grants: ['table:read'],
  },
  getTheme: { method: 'GET', path: '/companies/{companyId}/theme', handler: 'api/companies/get-theme', auth: 'session', grants: ['table:read'] },

  // Members
  listMembers: {
    method: 'GET',
    path: '/companies/{companyId}/members',
    handler: 'api/members/list-members',
    auth: 'session',
    grants: ['table:read'],
  },
  inviteMember: {
    method: 'POST',
    path: '/companies/{companyId}/members',
    handler: 'api/members/invite-member',
    auth: 'owner',
    grants: ['table:write', 'mail:send'],
  },
  removeMember: {
    method: 'DELETE',
    path: '/companies/{companyId}/members/{userId}',
    handler: 'api/members/remove-member',
    auth: 'owner',
    grants: ['table:write'],
  },
  getMemberInvite: {
    method: 'GET',
    path: '/member-invites/{nonce}',
    handler: 'api/members/get-member-invite',
    auth: 'public',
    grants: ['table:read'],
  },
  confirmMemberInvite: {
    method: 'POST',
    path: '/member-invites/confirmed',
    handler: 'api/members/confirm-member-invite',
    auth: 'public',
    grants: ['table:write'],
  },

  // Media
  createUserMediaUpload: {
    method: 'POST',
    path: '/user-media-uploads',
    handler: 'api/media/create-user-media-upload',
    auth: 'session',
    grants: ['table:write', 'media:write'],
  },
  completeMediaUploads: {
    method: 'PUT',
    path: '/media-uploads/complete',
    handler: 'api/media/complete-media-uploads',
    auth: 'session',
    grants: ['table:write', 'media:read', 'workflow:start'],
  },
  getMediaUploadGroups: {
    method: 'GET',
    path: '/media-upload-groups/{mediaGroupIds}',
    handler: 'api/media/get-media-upload-groups',
    auth: 'session',
    grants: ['table:read', 'media:read'],
  },

  // Positions
  listPositions: {
    method: 'GET',
    path: '/companies/{companyId}/positions',
    handler: 'api/positions/list-positions',
    auth: 'session',
    grants: ['table:read'],
  },
  createPosition: {
    method: 'POST',
    path: '/companies/{companyId}/positions',
    handler: 'api/positions/create-position',
    auth: 'session',
    grants: ['table:write'],
  },
  getPosition: {
    method: 'GET',
    path: '/positions/{positionId}',
    handler: 'api/positions/get-position',
    auth: 'session',
    grants: ['table:read', 'app:links'],
  },
  updatePosition: {
    method: 'PUT',
    path: '/positions/{positionId}',
    handler: 'api/positions/update-position',
    auth: 'session',
    grants: ['table:write', 'app:links'],
  },
  setPositionStatus: {
    method: 'PUT',
    path: '/positions/{positionId}/{status}',
    handler: 'api/positions/set-position-status',
    auth: 'session',
    grants: ['table:write', 'media:read', 'media:delete'],
    timeoutSeconds: 60,
  },
  createApplyLink: {
    method: 'POST',
    path: '/positions/{positionId}/apply-links',
    handler: 'api/positions/create-apply-link',
    auth: 'session',
    grants: ['table:write', 'app:links'],
  },
  getContentLibrary: {
    method: 'GET',
    path: '/companies/{companyId}/content-library',
    handler: 'api/positions/get-content-library',
    auth: 'session',
    grants: ['table:read'],
  },

  // Candidates (the hiring team's side)
  listCandidates: {
    method: 'GET',
    path: '/positions/{positionId}/candidates',
    handler: 'api/candidates/list-candidates',
    auth: 'session',
    grants: ['table:read', 'media:read', 'app:links'],
  },
  inviteCandidate: {
    method: 'POST',
    path: '/positions/{positionId}/candidates',
    handler: 'api/candidates/invite-candidate',
    auth: 'session',
    grants: ['table:write', 'mail:send'],
  },
  inviteCandidatesBatch: {
    method: 'POST',
    path: '/positions/{positionId}/candidates/batch',
    handler: 'api/candidates/invite-candidates-batch',
    auth: 'session',
    grants: ['table:write', 'mail:send'],
    timeoutSeconds: 60,
  },
  sendPreviewInvite: {
    method: 'POST',
    path: '/positions/{positionId}/preview-invite',
    handler: 'api/candidates/send-preview-invite',
    auth: 'session',
    grants: ['table:write', 'mail:send'],
  },
  getCandidate: {
    method: 'GET',
    path: '/candidates/{candidateId}',
    handler: 'api/candidates/get-candidate',
    auth: 'session',
    grants: ['table:read', 'media:read', 'app:links'],
  },
  reinviteCandidate: {
    method: 'PUT',
    path: '/candidates/{candidateId}/reinvite',
    handler: 'api/candidates/reinvite-candidate',
    auth: 'session',
    grants: ['table:write', 'mail:send'],
  },
  setCandidateStatus: {
    method: 'PUT',
    path: '/candidates/{candidateId}/{status}',
    handler: 'api/candidates/set-candidate-status',
    auth: 'session',
    grants: ['table:write', 'media:delete'],
    timeoutSeconds: 30,
  },

  exportCandidates: {
    method: 'GET',
    path: '/positions/{positionId}/candidates-export',
    handler: 'api/candidates/export-candidates',
    auth: 'session',
    grants: ['table:read', 'app:links'],
  },
  rateAnswer: {
    method: 'PUT',
    path: '/answers/{answerId}/rating',
    handler: 'api/candidates/rate-answer',
    auth: 'session',
    grants: ['table:write'],
  },
  getAnswerTranscripts: {
    method: 'GET',
    path: '/candidates/{candidateId}/answer-transcripts',
    handler: 'api/candidates/get-answer-transcripts',
    auth: 'session',
    grants: ['table:read', 'media:read'],
  },
  getCandidateAccessStatus: {
    method: 'GET',
    path: '/candidates/{candidateId}/access-status',
    handler: 'api/candidates/get-candidate-access-status',
    auth: 'session',
    grants: ['table:read'],
  },
  createAnswerPackage: {
    method: 'POST',
    path: '/candidates/{candidateId}/answer-package',
    handler: 'api/candidates/create-answer-package',
    auth: 'session',
    grants: ['table:write', 'media:read', 'media:write'],
    memoryMb: 1024,
    timeoutSeconds: 29,
  },
  createSharingDetails: {
    method: 'POST',
    path: '/candidates/{candidateId}/sharing-details',
    handler: 'api/candidates/create-sharing-details',
    auth: 'session',
    grants: ['table:write', 'app:links'],
  },
  getMySharingDetails: {
    method: 'GET',
    path: '/candidates/{candidateId}/my-sharing-details',
    handler: 'api/candidates/get-my-sharing-details',
    auth: 'session',
    grants: ['table:read', 'app:links'],
  },
  deleteSharing: {
    method: 'DELETE',
    path: '/sharing-public-candidate-ids/{publicCandidateId}',
    handler: 'api/candidates/delete-sharing',
    auth: 'session',
    grants: ['table:write'],
  },
  getPublicCandidate: {
    method: 'GET',
    path: '/public-candidates/{publicCandidateId}',
    handler: 'api/public/get-public-candidate',
    auth: 'public',
    grants: ['table:read', 'media:read'],
  },
  getPublicAnswerTranscripts: {
    method: 'GET',
    path: '/public-candidates/{publicCandidateId}/answer-transcripts',
    handler: 'api/public/get-public-answer-transcripts',
    auth: 'public',
    grants: ['table:read', 'media:read'],
  },

  // The candidate's interview (public: the interview token authorizes) and public apply links
  getInterview: {
    method: 'GET',
    path: '/interviews/{token}',
    handler: 'api/interviews/get-interview',
    auth: 'public',
    grants: ['table:read', 'media:read'],
  },
  startAnswer: {
    method: 'POST',
    path: '/interviews/{token}/answers',
    handler: 'api/interviews/start-answer',
    auth: 'public',
    grants: ['table:write', 'media:write'],
  },
  getAnswerPartUrls: {
    method: 'POST',
    path: '/interviews/{token}/answers/{answerId}/part-urls',
    handler: 'api/interviews/get-answer-part-urls',
    auth: 'public',
    grants: ['table:read', 'media:write'],
  },
  submitAnswer: {
    method: 'PUT',
    path: '/interviews/{token}/answers/{answerId}/submission',
    handler: 'api/interviews/submit-answer',
    auth: 'public',
    grants: ['table:write', 'media:read', 'media:write', 'workflow:start', 'mail:send'],
    timeoutSeconds: 30,
  },
  getApplyLink: {
    method: 'GET',
    path: '/apply-links/{linkId}',
    handler: 'api/interviews/get-apply-link',
    auth: 'public',
    grants: ['table:read', 'media:read'],
  },
  applyThroughLink: {
    method: 'POST',
    path: '/apply-links/{linkId}/candidates',
    handler: 'api/interviews/apply-through-link',
    auth: 'public',
    grants: ['table:write', 'mail:send'],
  },

  // Message settings
  getMessageTriggers: {
    method: 'GET',
    path: '/available-message-triggers',
    handler: 'api/messages/get-message-triggers',
    auth: 'session',
    grants: [],
  },
  getInviteExpiryOffsets: {
    method: 'GET',
    path: '/available-invite-expiry-offsets',
    handler: 'api/messages/get-invite-expiry-offsets',
    auth: 'session',
    grants: [],
  },
  listMessageTemplates: {
    method: 'GET',
    path: '/companies/{companyId}/message-templates',
    handler: 'api/messages/list-message-templates',
    auth: 'session',
    grants: ['table:read'],
  },
} as const satisfies Record<string, RouteDefinition>;

export type OperationId = keyof typeof routes;

export const routeEntries = Object.entries(routes) as [OperationId, RouteDefinition][];

/** `GET /health` → `GET /api/v1/health`, the key API Gateway uses for a route. */
export const routeKey = (route: RouteDefinition): string => `${route.method} ${API_PREFIX}${route.path}`;
