import { Suspense, useEffect, type ReactNode } from 'react';
import { HashRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { rewriteLeverReturn } from '../lib/lever-return';
import { AppLayout } from './layout/app-layout';
import { RouteSkeleton } from './layout/route-skeleton';
import { HomeRedirect } from './routes/home-redirect';
import { PreloadedRedirect } from './routes/redirect';
import {
  AcceptInviteScreen,
  CandidateDetailScreen,
  CompaniesScreen,
  CompleteLeverIntegrationScreen,
  ConfirmCheckoutScreen,
  MagicCodeScreen,
  NotFoundScreen,
  PositionScreen,
  PositionsScreen,
  PublicCandidateScreen,
  RegisterScreen,
  ReportsScreen,
  SignInScreen,
  SsoScreen,
  WizardScreen,
} from './screens';
import { isCandidateHash } from './worlds';

/**
 * The hiring team's hash routes (spec §2). Every screen is loaded lazily, so the first load carries
 * only the shell and each screen arrives as its own chunk (screens.ts). A declarative router, not a
 * data router: no screen uses loaders or actions, and the data router's code was about half of
 * the router's bytes in the first load (issue 17). Navigations run in a transition, so the screen on
 * show stays until the next one's chunk has arrived. The candidate's interview and apply pages are
 * another app (app/candidate-app.tsx).
 */
const CompanyRedirect = () => {
  const { companyId } = useParams();
  return <PreloadedRedirect to={paths.positions.to(companyId!)} screen={PositionsScreen} />;
};

/**
 * A candidate's link followed inside this app (the hash moved to an interview or apply route):
 * reloads, so main.tsx starts the candidate's app for it, and shows nothing meanwhile.
 */
const CandidateLinkReload = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  const candidate = isCandidateHash(window.location.hash);
  useEffect(() => {
    if (candidate) window.location.reload();
  }, [candidate, location]);
  return candidate ? null : children;
};

// Lever's consent comes back to the root with its answer in the search (an OAuth redirect URI cannot
// hold a hash route): it moves into #/complete-lever-integration before the router reads the URL.
rewriteLeverReturn();

export const AppRouter = () => (
  <HashRouter>
    <CandidateLinkReload>
      <Suspense fallback={<RouteSkeleton />}>
        <Routes>
          {/* A shared candidate: answers and transcripts only, no app layout. */}
          <Route path={paths.publicCandidate.pattern} element={<PublicCandidateScreen />} />
          <Route element={<AppLayout />}>
            <Route path={paths.home.pattern} element={<HomeRedirect />} />
            <Route path={paths.signIn.pattern} element={<SignInScreen />} />
            <Route path={paths.magicCode.pattern} element={<MagicCodeScreen />} />
            <Route path={paths.sso.pattern} element={<SsoScreen />} />
            <Route path={paths.register.pattern} element={<RegisterScreen />} />
            <Route path={paths.memberInvite.pattern} element={<AcceptInviteScreen />} />
            <Route path={paths.completeLeverIntegration.pattern} element={<CompleteLeverIntegrationScreen />} />
            <Route path={paths.companies.pattern} element={<CompaniesScreen />} />
            <Route path={paths.company.pattern} element={<CompanyRedirect />} />
            <Route path={paths.confirmCheckout.pattern} element={<ConfirmCheckoutScreen />} />
            <Route path={paths.positions.pattern} element={<PositionsScreen />} />
            <Route path={paths.newPositionWizard.pattern} element={<WizardScreen />} />
            <Route path={paths.candidate.pattern} element={<CandidateDetailScreen />} />
            <Route path={paths.position.pattern} element={<PositionScreen />} />
            <Route path={paths.reports.pattern} element={<ReportsScreen />} />
            <Route path="*" element={<NotFoundScreen />} />
          </Route>
        </Routes>
      </Suspense>
    </CandidateLinkReload>
  </HashRouter>
);
