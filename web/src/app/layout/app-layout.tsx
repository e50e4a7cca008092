import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { GlobalAlert } from '../../components/global-alert';
import { RouteSkeleton } from './route-skeleton';
import { TopBar } from './top-bar';
import { paths } from '../../config/paths';
import { session } from '../../lib/session';

/** The hiring team's shell: top bar, global alert, and the lazily loaded screen. */
export const AppLayout = () => {
  const navigate = useNavigate();
  // Spec §2: on a sign-out event (explicit, or a 401/403 anywhere) the app goes to /signin.
  useEffect(() => session.onSignOut(() => navigate(paths.signIn.to(), { replace: true })), [navigate]);
  return (
    <>
      <TopBar />
      <GlobalAlert />
      <Suspense fallback={<RouteSkeleton />}>
        <Outlet />
      </Suspense>
    </>
  );
};
