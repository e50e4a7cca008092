/**
 * The API's operations: every route's method, path and auth mode, once, as plain data that imports
 * nothing. This is all the SPA's typed client needs (web/src/api/client.ts), so what a function is
 * deployed with (its handler module, grants, memory: lambdas/routes.ts) never reaches a browser.
 *
 * - `path` is relative to API_PREFIX and uses API Gateway's `{param}` syntax.
 * - `auth`: `public` (no session), `session` (a valid `X-Session-Id`), `owner` (a session whose user
 *   owns the company named by the `companyId` path parameter).
 * - The operation id names the zod contract in `lambdas/contracts` (see contracts/index.ts).
 */
export const API_PREFIX = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type AuthMode = 'public' | 'session' | 'owner';

export interface OperationDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: AuthMode;
}

export const operations = {
  getHealth: { method: 'GET', path: '/health', auth: 'public' },
  getOpenApi: { method: 'GET', path: '/openapi.json', auth: 'public' },

  // Account and session
  checkEmail: { method: 'POST', path: '/email-check', auth: 'public' },
  createAccount: { method: 'POST', path: '/accounts', auth: 'public' },
  sendMagicCode: { method: 'POST', path: '/magic-codes', auth: 'public' },
  createMagicCodeSession: { method: 'POST', path: '/magic-code-sessions', auth: 'public' },
  deleteSession: { method: 'DELETE', path: '/magic-link-sessions/{sessionId}', auth: 'public' },
  getMe: { method: 'GET', path: '/me', auth: 'session' },

  // Company
  getCompany: { method: 'GET', path: '/companies/{companyId}', auth: 'session' },
  updateCompany: { method: 'PUT', path: '/companies/{companyId}', auth: 'owner' },
  deleteCompany: { method: 'DELETE', path: '/companies/{companyId}', auth: 'owner' },
  getCompanyConfig: { method: 'GET', path: '/companies/{companyId}/config', auth: 'session' },
  getOwnershipStatus: { method: 'GET', path: '/companies/{companyId}/ownership-status', auth: 'session' },
  getPlanStatus: { method: 'GET', path: '/companies/{companyId}/plan-status', auth: 'session' },
  getTheme: { method: 'GET', path: '/companies/{companyId}/theme', auth: 'session' },
  putTheme: { method: 'PUT', path: '/companies/{companyId}/theme', auth: 'owner' },

  // Members
  listMembers: { method: 'GET', path: '/companies/{companyId}/members', auth: 'session' },
  inviteMember: { method: 'POST', path: '/companies/{companyId}/members', auth: 'owner' },
  removeMember: { method: 'DELETE', path: '/companies/{companyId}/members/{userId}', auth: 'owner' },
  getMemberInvite: { method: 'GET', path: '/member-invites/{nonce}', auth: 'public' },
  confirmMemberInvite: { method: 'POST', path: '/member-invites/confirmed', auth: 'public' },

  // Media
  createUserMediaUpload: { method: 'POST', path: '/user-media-uploads', auth: 'session' },
  completeMediaUploads: { method: 'PUT', path: '/media-uploads/complete', auth: 'session' },
  getMediaUploadGroups: { method: 'GET', path: '/media-upload-groups/{mediaGroupIds}', auth: 'session' },

  // Positions
  listPositions: { method: 'GET', path: '/companies/{companyId}/positions', auth: 'session' },
  createPosition: { method: 'POST', path: '/companies/{companyId}/positions', auth: 'session' },
  getPosition: { method: 'GET', path: '/positions/{positionId}', auth: 'session' },
  updatePosition: { method: 'PUT', path: '/positions/{positionId}', auth: 'session' },
  setPositionStatus: { method: 'PUT', path: '/positions/{positionId}/{status}', auth: 'session' },
  createApplyLink: { method: 'POST', path: '/positions/{positionId}/apply-links', auth: 'session' },
  getContentLibrary: { method: 'GET', path: '/companies/{companyId}/content-library', auth: 'session' },

  // Candidates (the hiring team's side)
  listCandidates: { method: 'GET', path: '/positions/{positionId}/candidates', auth: 'session' },
  inviteCandidate: { method: 'POST', path: '/positions/{positionId}/candidates', auth: 'session' },
  inviteCandidatesBatch: { method: 'POST', path: '/positions/{positionId}/candidates/batch', auth: 'session' },
  sendPreviewInvite: { method: 'POST', path: '/positions/{positionId}/preview-invite', auth: 'session' },
  getCandidate: { method: 'GET', path: '/candidates/{candidateId}', auth: 'session' },
  reinviteCandidate: { method: 'PUT', path: '/candidates/{candidateId}/reinvite', auth: 'session' },
  setCandidateStatus: { method: 'PUT', path: '/candidates/{candidateId}/{status}', auth: 'session' },
  exportCandidates: { method: 'GET', path: '/positions/{positionId}/candidates-export', auth: 'session' },
  rateAnswer: { method: 'PUT', path: '/answers/{answerId}/rating', auth: 'session' },
  getAnswerTranscripts: { method: 'GET', path: '/candidates/{candidateId}/answer-transcripts', auth: 'session' },
  getCandidateAccessStatus: { method: 'GET', path: '/candidates/{candidateId}/access-status', auth: 'session' },
  createAnswerPackage: { method: 'POST', path: '/candidates/{candidateId}/answer-package', auth: 'session' },
  createSharingDetails: { method: 'POST', path: '/candidates/{candidateId}/sharing-details', auth: 'session' },
  getMySharingDetails: { method: 'GET', path: '/candidates/{candidateId}/my-sharing-details', auth: 'session' },
  deleteSharing: { method: 'DELETE', path: '/sharing-public-candidate-ids/{publicCandidateId}', auth: 'session' },
  getPublicCandidate: { method: 'GET', path: '/public-candidates/{publicCandidateId}', auth: 'public' },
  getCompanyLogo: { method: 'GET', path: '/company-logos/{logoImageGroupId}', auth: 'public' },
  getPublicAnswerTranscripts: { method: 'GET', path: '/public-candidates/{publicCandidateId}/answer-transcripts', auth: 'public' },

  // The candidate's interview (public: the interview token authorizes) and public apply links
  getInterview: { method: 'GET', path: '/interviews/{token}', auth: 'public' },
  startAnswer: { method: 'POST', path: '/interviews/{token}/answers', auth: 'public' },
  getAnswerPartUrls: { method: 'POST', path: '/interviews/{token}/answers/{answerId}/part-urls', auth: 'public' },
  submitAnswer: { method: 'PUT', path: '/interviews/{token}/answers/{answerId}/submission', auth: 'public' },
  getApplyLink: { method: 'GET', path: '/apply-links/{linkId}', auth: 'public' },
  applyThroughLink: { method: 'POST', path: '/apply-links/{linkId}/candidates', auth: 'public' },

  // Message settings
  getMessageTriggers: { method: 'GET', path: '/available-message-triggers', auth: 'session' },
  getInviteExpiryOffsets: { method: 'GET', path: '/available-invite-expiry-offsets', auth: 'session' },
  listMessageTemplates: { method: 'GET', path: '/companies/{companyId}/message-templates', auth: 'session' },
  createMessageTemplate: { method: 'POST', path: '/companies/{companyId}/message-templates', auth: 'owner' },
  previewMessageTemplate: { method: 'POST', path: '/companies/{companyId}/message-template-previews', auth: 'owner' },
  sendTestMessage: { method: 'POST', path: '/companies/{companyId}/message-template-test-mails', auth: 'owner' },
  getMessageTemplate: { method: 'GET', path: '/message-templates/{templateId}', auth: 'session' },
  updateMessageTemplate: { method: 'PUT', path: '/message-templates/{templateId}', auth: 'session' },
  deleteMessageTemplate: { method: 'DELETE', path: '/message-templates/{templateId}', auth: 'session' },

  // Billing (Stripe): owner-only calls name their company in the body, as the spec's calls do
  listPrices: { method: 'GET', path: '/stripe/prices', auth: 'session' },
  createCheckoutSession: { method: 'POST', path: '/stripe/checkout-session', auth: 'session' },
  getCheckoutSessionStatus: { method: 'GET', path: '/stripe/checkout-session-status/{frontendReferenceId}', auth: 'session' },
  createPortalSession: { method: 'POST', path: '/stripe/portal-session', auth: 'session' },
  handleStripeWebhook: { method: 'POST', path: '/stripe/webhook', auth: 'public' },

  // Integrations (ATS and CRM): Lever's consent names its company in the body, as the spec's calls do
  listIntegrations: { method: 'GET', path: '/companies/{companyId}/integrations', auth: 'session' },
  createIntegration: { method: 'POST', path: '/companies/{companyId}/integrations', auth: 'owner' },
  deleteIntegration: { method: 'DELETE', path: '/integrations/{integrationId}', auth: 'session' },
  createLeverOAuthHref: { method: 'POST', path: '/lever/oauth-href', auth: 'session' },
  completeLeverOAuth: { method: 'POST', path: '/lever/oauth-completion', auth: 'session' },
  abortLeverOAuth: { method: 'DELETE', path: '/lever/oauth-completion', auth: 'session' },
  handleIntegrationWebhook: { method: 'POST', path: '/integration-webhooks/{integrationId}', auth: 'public' },
} as const satisfies Record<string, OperationDefinition>;

export type OperationId = keyof typeof operations;

/** A path parameter's value: a list parameter (`…Ids`, comma-separated on the wire) takes an array. */
export type PathParamValue = string | number | readonly (string | number)[];

/**
 * The path of an operation, relative to API_PREFIX: each `{name}` of its template filled with the
 * URI-encoded value of `params[name]` (an array's items each encoded, then comma-joined), then the
 * query in the given key order (URLSearchParams; undefined and null are left out; keys as given).
 * A missing or empty path parameter throws.
 */
export const operationPath = (
  operationId: OperationId,
  params: Readonly<Record<string, PathParamValue | null | undefined>> = {},
  query: Readonly<Record<string, unknown>> = {},
): string => {
  const path = operations[operationId].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    const items = Array.isArray(value) ? (value as readonly unknown[]) : [value];
    if (items.length === 0 || items.some((item) => item === undefined || item === null || item === '')) {
      throw new Error(`${operationId}: missing path parameter ${name}`);
    }
    return items.map((item) => encodeURIComponent(String(item))).join(',');
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};
