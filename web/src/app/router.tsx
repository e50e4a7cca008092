import { createHashRouter, Navigate, RouterProvider, useParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { rewriteLeverReturn } from '../lib/lever-return';
import { AppLayout } from './layout/app-layout';
import { HomeRedirect } from './routes/home-redirect';

/**
 * Hash routes (spec §2). Every screen is loaded lazily, so the first load carries only the shell
 * and each screen arrives as its own chunk.
 */
const CompanyRedirect = () => {
  const { companyId } = useParams();
  return <Navigate to={paths.positions.to(companyId!)} replace />;
};

// Lever's consent comes back to the root with its answer in the search (an OAuth redirect URI cannot
// hold a hash route): it moves into #/complete-lever-integration before the router reads the URL.
rewriteLeverReturn();

const router = createHashRouter([
  // The candidate's side: its own light bundles, outside the hiring team's layout.
  {
    path: paths.interview.pattern,
    lazy: async () => ({ Component: (await import('../features/interview-runner/components/interview-screen')).default }),
  },
  { path: paths.apply.pattern, lazy: async () => ({ Component: (await import('../features/interview-runner/components/apply-screen')).default }) },
  // A shared candidate: answers and transcripts only, no app layout.
  {
    path: paths.publicCandidate.pattern,
    lazy: async () => ({ Component: (await import('../features/public-candidate/public-candidate-screen')).default }),
  },
  {
    element: <AppLayout />,
    children: [
      { path: paths.home.pattern, element: <HomeRedirect /> },
      { path: paths.signIn.pattern, lazy: async () => ({ Component: (await import('../features/auth/components/sign-in-screen')).default }) },
      { path: paths.magicCode.pattern, lazy: async () => ({ Component: (await import('../features/auth/components/magic-code-screen')).default }) },
      { path: paths.register.pattern, lazy: async () => ({ Component: (await import('../features/auth/components/register-screen')).default }) },
      {
        path: paths.memberInvite.pattern,
        lazy: async () => ({ Component: (await import('../features/members/components/accept-invite-screen')).default }),
      },
      {
        path: paths.completeLeverIntegration.pattern,
        lazy: async () => ({ Component: (await import('../features/integrations/components/complete-lever-integration-screen')).default }),
      },
      { path: paths.companies.pattern, lazy: async () => ({ Component: (await import('../features/companies/companies-screen')).default }) },
      { path: paths.company.pattern, element: <CompanyRedirect /> },
      {
        path: paths.confirmCheckout.pattern,
        lazy: async () => ({ Component: (await import('../features/billing/components/confirm-checkout-screen')).default }),
      },
      {
        path: paths.positions.pattern,
        lazy: async () => ({ Component: (await import('../features/positions/components/positions-screen')).default }),
      },
      {
        path: paths.newPositionWizard.pattern,
        lazy: async () => ({ Component: (await import('../features/wizard/components/wizard-screen')).default }),
      },
      {
        path: paths.candidate.pattern,
        lazy: async () => ({ Component: (await import('../features/candidate-detail/components/candidate-detail-screen')).default }),
      },
      { path: paths.position.pattern, lazy: async () => ({ Component: (await import('../features/positions/components/position-screen')).default }) },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).default }) },
    ],
  },
]);

export const AppRouter = () => <RouterProvider router={router} />;
