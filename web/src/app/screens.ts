import { lazy, type ComponentType } from 'react';

/**
 * The hiring team's screens, each its own chunk: `React.lazy` for the router, and `preload` to fetch
 * a screen's code ahead of a redirect (routes/home-redirect.tsx), so the address changes when the
 * screen can show.
 */
const screen = (load: () => Promise<{ default: ComponentType }>) => Object.assign(lazy(load), { preload: load });

export const PublicCandidateScreen = screen(() => import('../features/public-candidate/public-candidate-screen'));
export const SignInScreen = screen(() => import('../features/auth/components/sign-in-screen'));
export const MagicCodeScreen = screen(() => import('../features/auth/components/magic-code-screen'));
export const SsoScreen = screen(() => import('../features/auth/components/sso-screen'));
export const RegisterScreen = screen(() => import('../features/auth/components/register-screen'));
export const AcceptInviteScreen = screen(() => import('../features/members/components/accept-invite-screen'));
export const CompleteLeverIntegrationScreen = screen(() => import('../features/integrations/components/complete-lever-integration-screen'));
export const CompaniesScreen = screen(() => import('../features/companies/companies-screen'));
export const ConfirmCheckoutScreen = screen(() => import('../features/billing/components/confirm-checkout-screen'));
export const PositionsScreen = screen(() => import('../features/positions/components/positions-screen'));
export const WizardScreen = screen(() => import('../features/wizard/components/wizard-screen'));
export const CandidateDetailScreen = screen(() => import('../features/candidate-detail/components/candidate-detail-screen'));
export const PositionScreen = screen(() => import('../features/positions/components/position-screen'));
export const ReportsScreen = screen(() => import('../features/reports/components/reports-screen'));
export const NotFoundScreen = screen(() => import('./routes/not-found'));
