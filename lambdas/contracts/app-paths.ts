import { type PositionStatus } from './vocabulary';
/**
 * Every route of the SPA (spec §2 plus the candidate side of DESIGN.md §4), named once: the SPA's
 * router and links, and the server's links into the SPA (e-mails, apply and shared links) read
 * these. Routing is in the hash; `href` values are for <a href> and `to` values for the router.
 */
type Query = Record<string, string | number | boolean | null | undefined>;

/** The Reports screen's period: the last 7, 30 or 90 days, or custom days. */
export type ReportPeriodChoice = 7 | 30 | 90 | 'custom';

const withQuery = (path: string, query: Query = {}) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

export const paths = {
  home: { pattern: '/', to: () => '/' },
  signIn: { pattern: '/signin', to: (q: { returnToPath?: string } = {}) => withQuery('/signin', q) },
  magicCode: { pattern: '/magic-code', to: (q: { email: string; returnToPath?: string }) => withQuery('/magic-code', q) },
  /**
   * Where a single sign-on comes back (issue 42): `ticket`, the one-time ticket the SPA exchanges at
   * POST /sso-sessions, or `error`, an SsoErrorCode (lambdas/contracts/sso.ts) the SPA says in words.
   */
  sso: { pattern: '/sso', to: (q: { ticket?: string; error?: string } = {}) => withQuery('/sso', q) },
  register: { pattern: '/register', to: (q: { tags?: string } = {}) => withQuery('/register', q) },
  memberInvite: { pattern: '/invite/:nonce', to: (nonce: string) => `/invite/${encodeURIComponent(nonce)}` },
  completeLeverIntegration: { pattern: '/complete-lever-integration', to: () => '/complete-lever-integration' },
  companies: { pattern: '/companies', to: () => '/companies' },
  company: { pattern: '/companies/:companyId', to: (companyId: string) => `/companies/${companyId}` },
  confirmCheckout: {
    pattern: '/companies/:companyId/confirm-checkout',
    to: (companyId: string, q: { frontendReferenceId: string }) => withQuery(`/companies/${companyId}/confirm-checkout`, q),
  },
  positions: {
    pattern: '/companies/:companyId/positions',
    to: (companyId: string, q: { tab?: PositionStatus } = {}) => withQuery(`/companies/${companyId}/positions`, q),
  },
  newPositionWizard: {
    pattern: '/companies/:companyId/new-position-wizard',
    to: (companyId: string, q: { title?: string; cancellable?: boolean } = {}) => withQuery(`/companies/${companyId}/new-position-wizard`, q),
  },
  position: {
    pattern: '/companies/:companyId/positions/:positionId',
    to: (
      companyId: string,
      positionId: string,
      q: { view?: 'candidates' | 'questions' | 'settings'; tab?: string; searchText?: string; lastCandidateId?: string; celebrate?: boolean } = {},
    ) => withQuery(`/companies/${companyId}/positions/${positionId}`, q),
  },
  candidate: {
    pattern: '/companies/:companyId/positions/:positionId/candidates/:candidateId',
    /**
     * `answer` (an answer id) opens that answer and `at` (seconds) seeks its player there: a transcript
     * search result, a comment's time pin, a mention's mail.
     */
    to: (companyId: string, positionId: string, candidateId: string, q: { answer?: string; at?: number } = {}) =>
      withQuery(`/companies/${companyId}/positions/${positionId}/candidates/${candidateId}`, q),
  },
  /**
   * Reports (issue 40): the company's, or one position's (`position`), over the last 7, 30 or 90 days
   * (`period`, 30 when left out) or the days `from`..`to` (`period=custom`), in the company's time zone.
   */
  reports: {
    pattern: '/companies/:companyId/reports',
    to: (companyId: string, q: { position?: string; period?: ReportPeriodChoice; from?: string; to?: string } = {}) =>
      withQuery(`/companies/${companyId}/reports`, q),
  },
  publicCandidate: { pattern: '/candidates/:publicCandidateId', to: (id: string) => `/candidates/${id}` },
  interview: { pattern: '/interview/:token', to: (token: string) => `/interview/${token}` },
  apply: { pattern: '/apply/:linkId', to: (linkId: string) => `/apply/${linkId}` },
  /** "Delete my data" (issue 28): a candidate asks a company to delete everything of theirs; `email` prefills the address (mails know it). */
  deleteMyData: {
    pattern: '/delete-my-data/:companyId',
    to: (companyId: string, q: { email?: string | null } = {}) => withQuery(`/delete-my-data/${encodeURIComponent(companyId)}`, q),
  },
  /**
   * The link the deletion request's mail carries: the candidate confirms, and their data goes. It names
   * the company too (issue 43), for the page to say whose data it deletes before the candidate confirms.
   */
  confirmDeletion: {
    pattern: '/confirm-deletion/:nonce',
    to: (nonce: string, q: { company?: string | null } = {}) => withQuery(`/confirm-deletion/${encodeURIComponent(nonce)}`, q),
  },
} as const;

/**
 * Where Lever's consent sends the browser back: the app's root with a marker, since an OAuth
 * redirect URI cannot carry a hash route. The SPA moves Lever's `code`, `state`, `error` and
 * `error_description` from there into /complete-lever-integration on load.
 */
export const LEVER_OAUTH_RETURN_MARKER = { name: 'oauth', value: 'lever' } as const;
export const leverRedirectUri = (appOrigin: string) =>
  `${appOrigin.replace(/\/+$/, '')}/?${LEVER_OAUTH_RETURN_MARKER.name}=${LEVER_OAUTH_RETURN_MARKER.value}`;

/** A router path as a full link (hash routing). */
export const href = (to: string) => `#${to}`;

/** Only same-app paths are followed after sign-in (no open redirects). */
export const safeReturnPath = (value: string | null | undefined): string | null =>
  value && value.startsWith('/') && !value.startsWith('//') ? value : null;
