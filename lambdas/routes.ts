/**
 * The route table: every API operation (lambdas/operations.ts: method, path, auth) with what its
 * function is deployed with, once. Plain data, so the CDK API construct, the local server, the
 * OpenAPI generator and the handlers themselves can all read it without pulling handler code along.
 *
 * - `handler` is the module under `lambdas/` (no extension) exporting `handler`.
 * - `grants`: what the handler may touch (below); lib/functions.ts turns them into environment
 *   variables and IAM statements for CDK and the local runtime alike.
 */
import { API_PREFIX, operations, type AuthMode, type HttpMethod, type OperationDefinition, type OperationId } from './operations';

export { API_PREFIX, type AuthMode, type HttpMethod, type OperationId };

/**
 * What a route's handler may touch. The CDK API construct turns each into the env var and the
 * least-privilege IAM grant together; the local server sets the same env vars for every handler.
 * Authenticated routes always get `table:write` (sessions slide their expiry).
 * - table:read / table:write  the one DynamoDB table (TABLE_NAME)
 * - media:read / media:write / media:delete  the media bucket (MEDIA_BUCKET), presigned URLs included
 * - mail:send  SES (MAIL_FROM), with app:links for the links in mails
 * - app:links  the SPA's origin (APP_ORIGIN or its SSM parameter) for links in responses
 * - workflow:start  StartExecution on the media pipeline (STATE_MACHINE_ARN)
 * - package:start  StartExecution on the answer-package builder (ANSWER_PACKAGE_STATE_MACHINE_ARN)
 * - health:check  describe-only calls on the table, bucket, SES account and state machine
 * - billing:api  Stripe's API, with the secret key from Secrets Manager (STRIPE_API_KEY_SECRET_ID)
 * - billing:webhook  the webhook signing secret from Secrets Manager (STRIPE_WEBHOOK_SECRET_ID)
 * - ats:api  the ATS APIs: the integrations KMS key to seal and open their credentials (INTEGRATIONS_KEY_ID)
 *   and the product's own secrets at two vendors from Secrets Manager: its Lever OAuth client
 *   (LEVER_OAUTH_CLIENT_SECRET_ID) and its Comeet partner secret (COMEET_PARTNER_SECRET_ID)
 */
export type Grant =
  | 'table:read'
  | 'table:write'
  | 'media:read'
  | 'media:write'
  | 'media:delete'
  | 'mail:send'
  | 'app:links'
  | 'workflow:start'
  | 'package:start'
  | 'health:check'
  | 'billing:api'
  | 'billing:webhook'
  | 'ats:api';

/** What an operation's function is deployed with. */
export interface DeploymentDefinition {
  readonly handler: string;
  readonly grants: readonly Grant[];
  /** Overrides for heavier handlers; everything else gets the defaults of the API construct. */
  readonly memoryMb?: number;
  readonly timeoutSeconds?: number;
}

export interface RouteDefinition extends OperationDefinition, DeploymentDefinition {}

const deployments = {
  getHealth: { handler: 'api/system/get-health', grants: ['health:check'] },
  getOpenApi: { handler: 'api/system/get-openapi', grants: [] },

  // Account and session
  checkEmail: { handler: 'api/account/check-email', grants: [] },
  createAccount: { handler: 'api/account/create-account', grants: ['table:write'] },
  sendMagicCode: { handler: 'api/account/send-magic-code', grants: ['table:write', 'mail:send'] },
  createMagicCodeSession: { handler: 'api/account/create-magic-code-session', grants: ['table:write'] },
  deleteSession: { handler: 'api/account/delete-session', grants: ['table:write'] },
  getMe: { handler: 'api/account/get-me', grants: ['table:read'] },

  // Company
  getCompany: { handler: 'api/companies/get-company', grants: ['table:read'] },
  updateCompany: { handler: 'api/companies/update-company', grants: ['table:write'] },
  deleteCompany: { handler: 'api/companies/delete-company', grants: ['table:write', 'media:delete', 'ats:api'], timeoutSeconds: 120 },
  getCompanyConfig: { handler: 'api/companies/get-company-config', grants: ['table:read'] },
  getOwnershipStatus: { handler: 'api/companies/get-ownership-status', grants: ['table:read'] },
  getPlanStatus: { handler: 'api/companies/get-plan-status', grants: ['table:read'] },
  getTheme: { handler: 'api/companies/get-theme', grants: ['table:read'] },
  putTheme: { handler: 'api/companies/put-theme', grants: ['table:write'] },

  // Members
  listMembers: { handler: 'api/members/list-members', grants: ['table:read'] },
  inviteMember: { handler: 'api/members/invite-member', grants: ['table:write', 'mail:send', 'media:read'] },
  removeMember: { handler: 'api/members/remove-member', grants: ['table:write'] },
  getMemberInvite: { handler: 'api/members/get-member-invite', grants: ['table:read'] },
  confirmMemberInvite: { handler: 'api/members/confirm-member-invite', grants: ['table:write'] },

  // Media
  createUserMediaUpload: { handler: 'api/media/create-user-media-upload', grants: ['table:write', 'media:write'] },
  completeMediaUploads: { handler: 'api/media/complete-media-uploads', grants: ['table:write', 'media:read', 'workflow:start'] },
  getMediaUploadGroups: { handler: 'api/media/get-media-upload-groups', grants: ['table:read', 'media:read'] },

  // Positions
  listPositions: { handler: 'api/positions/list-positions', grants: ['table:read'] },
  createPosition: { handler: 'api/positions/create-position', grants: ['table:write'] },
  getPosition: { handler: 'api/positions/get-position', grants: ['table:read', 'app:links'] },
  updatePosition: { handler: 'api/positions/update-position', grants: ['table:write', 'app:links'] },
  setPositionStatus: { handler: 'api/positions/set-position-status', grants: ['table:write', 'media:read', 'media:delete'], timeoutSeconds: 60 },
  createApplyLink: { handler: 'api/positions/create-apply-link', grants: ['table:write', 'app:links'] },
  getContentLibrary: { handler: 'api/positions/get-content-library', grants: ['table:read'] },

  // Candidates (the hiring team's side)
  listCandidates: { handler: 'api/candidates/list-candidates', grants: ['table:read', 'media:read', 'app:links'] },
  inviteCandidate: { handler: 'api/candidates/invite-candidate', grants: ['table:write', 'mail:send', 'media:read'] },
  inviteCandidatesBatch: {
    handler: 'api/candidates/invite-candidates-batch',
    grants: ['table:write', 'mail:send', 'media:read'],
    timeoutSeconds: 60,
  },
  sendPreviewInvite: { handler: 'api/candidates/send-preview-invite', grants: ['table:write', 'mail:send', 'media:read'] },
  getCandidate: { handler: 'api/candidates/get-candidate', grants: ['table:read', 'media:read', 'app:links'] },
  reinviteCandidate: { handler: 'api/candidates/reinvite-candidate', grants: ['table:write', 'mail:send', 'media:read'] },
  setCandidateStatus: { handler: 'api/candidates/set-candidate-status', grants: ['table:write', 'media:delete'], timeoutSeconds: 30 },
  exportCandidates: { handler: 'api/candidates/export-candidates', grants: ['table:read', 'app:links'] },
  rateAnswer: { handler: 'api/candidates/rate-answer', grants: ['table:write'] },
  getAnswerTranscripts: { handler: 'api/candidates/get-answer-transcripts', grants: ['table:read', 'media:read'] },
  getCandidateAccessStatus: { handler: 'api/candidates/get-candidate-access-status', grants: ['table:read'] },
  createAnswerPackage: {
    handler: 'api/candidates/create-answer-package',
    // Only starts the build (lambdas/pipeline/answer-package.asl.ts); reading media is for the link to a package already built.
    grants: ['table:write', 'media:read', 'package:start'],
  },
  createSharingDetails: { handler: 'api/candidates/create-sharing-details', grants: ['table:write', 'app:links'] },
  getMySharingDetails: { handler: 'api/candidates/get-my-sharing-details', grants: ['table:read', 'app:links'] },
  deleteSharing: { handler: 'api/candidates/delete-sharing', grants: ['table:write'] },
  getPublicCandidate: { handler: 'api/public/get-public-candidate', grants: ['table:read', 'media:read'] },
  getCompanyLogo: { handler: 'api/public/get-company-logo', grants: ['table:read', 'media:read'] },
  getPublicAnswerTranscripts: { handler: 'api/public/get-public-answer-transcripts', grants: ['table:read', 'media:read'] },

  // The candidate's interview (public: the interview token authorizes) and public apply links
  getInterview: { handler: 'api/interviews/get-interview', grants: ['table:read', 'media:read'] },
  startAnswer: { handler: 'api/interviews/start-answer', grants: ['table:write', 'media:write'] },
  getAnswerPartUrls: { handler: 'api/interviews/get-answer-part-urls', grants: ['table:read', 'media:write'] },
  submitAnswer: {
    handler: 'api/interviews/submit-answer',
    grants: ['table:write', 'media:read', 'media:write', 'workflow:start', 'mail:send'],
    timeoutSeconds: 30,
  },
  getApplyLink: { handler: 'api/interviews/get-apply-link', grants: ['table:read', 'media:read'] },
  applyThroughLink: { handler: 'api/interviews/apply-through-link', grants: ['table:write', 'mail:send', 'media:read'] },

  // Message settings
  getMessageTriggers: { handler: 'api/messages/get-message-triggers', grants: [] },
  getInviteExpiryOffsets: { handler: 'api/messages/get-invite-expiry-offsets', grants: [] },
  listMessageTemplates: { handler: 'api/messages/list-message-templates', grants: ['table:read'] },
  createMessageTemplate: { handler: 'api/messages/create-message-template', grants: ['table:write'] },
  previewMessageTemplate: { handler: 'api/messages/preview-message-template', grants: ['table:read', 'app:links', 'media:read'] },
  sendTestMessage: { handler: 'api/messages/send-test-message', grants: ['table:write', 'mail:send', 'media:read'] },
  getMessageTemplate: { handler: 'api/messages/get-message-template', grants: ['table:read'] },
  updateMessageTemplate: { handler: 'api/messages/update-message-template', grants: ['table:write'] },
  deleteMessageTemplate: { handler: 'api/messages/delete-message-template', grants: ['table:write'] },

  // Billing
  listPrices: { handler: 'api/billing/list-prices', grants: ['billing:api'] },
  createCheckoutSession: { handler: 'api/billing/create-checkout-session', grants: ['table:write', 'billing:api', 'app:links'], timeoutSeconds: 20 },
  getCheckoutSessionStatus: { handler: 'api/billing/get-checkout-session-status', grants: ['table:read'] },
  createPortalSession: { handler: 'api/billing/create-portal-session', grants: ['table:write', 'billing:api', 'app:links'], timeoutSeconds: 20 },
  handleStripeWebhook: {
    handler: 'api/billing/handle-stripe-webhook',
    grants: ['table:write', 'billing:api', 'billing:webhook'],
    timeoutSeconds: 20,
  },

  // Integrations: calls to an ATS get more time than the default; the webhook syncs the integration inline
  listIntegrations: { handler: 'api/integrations/list-integrations', grants: ['table:read'] },
  createIntegration: { handler: 'api/integrations/create-integration', grants: ['table:write', 'ats:api', 'app:links'], timeoutSeconds: 20 },
  deleteIntegration: { handler: 'api/integrations/delete-integration', grants: ['table:write', 'ats:api'], timeoutSeconds: 20 },
  createLeverOAuthHref: { handler: 'api/integrations/create-lever-oauth-href', grants: ['table:write', 'ats:api', 'app:links'] },
  completeLeverOAuth: { handler: 'api/integrations/complete-lever-oauth', grants: ['table:write', 'ats:api', 'app:links'], timeoutSeconds: 20 },
  abortLeverOAuth: { handler: 'api/integrations/abort-lever-oauth', grants: ['table:write'] },
  handleIntegrationWebhook: {
    handler: 'api/integrations/handle-integration-webhook',
    grants: ['table:write', 'ats:api', 'mail:send', 'media:read'],
    timeoutSeconds: 28,
  },
} as const satisfies Record<OperationId, DeploymentDefinition>;

type Routes = { readonly [K in OperationId]: (typeof operations)[K] & (typeof deployments)[K] };

export const routes = Object.fromEntries(
  (Object.keys(operations) as OperationId[]).map((id) => [id, { ...operations[id], ...deployments[id] }]),
) as Routes;

export const routeEntries = Object.entries(routes) as [OperationId, RouteDefinition][];

/** `GET /health` → `GET /api/v1/health`, the key API Gateway uses for a route. */
export const routeKey = (route: RouteDefinition): string => `${route.method} ${API_PREFIX}${route.path}`;
