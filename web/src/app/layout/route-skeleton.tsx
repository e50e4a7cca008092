import { matchPath, useLocation } from 'react-router-dom';
import { CandidatePageSkeleton, PageSkeleton, PositionPageSkeleton, PositionsPageSkeleton } from '../../components/skeleton';
import { paths } from '../../config/paths';

const NARROW = [
  paths.signIn,
  paths.magicCode,
  paths.sso,
  paths.register,
  paths.memberInvite,
  paths.completeLeverIntegration,
  paths.companies,
  paths.confirmCheckout,
];

/**
 * The skeleton of the screen a route is about to show, while its code arrives (the router's
 * Suspense fallback): the positions page, a position, a candidate, or a narrow form page, so the
 * page takes its final shape at once and nothing jumps when the screen replaces it.
 */
export const RouteSkeleton = () => {
  const { pathname } = useLocation();
  const at = (route: { pattern: string }) => matchPath(route.pattern, pathname) !== null;
  if (at(paths.candidate)) return <CandidatePageSkeleton />;
  if (at(paths.position)) return <PositionPageSkeleton />;
  if (at(paths.positions) || at(paths.company)) return <PositionsPageSkeleton />;
  if (NARROW.some(at)) return <PageSkeleton width="narrow" />;
  return <PageSkeleton />;
};
