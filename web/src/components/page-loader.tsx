import { LoadingRegion, Skeleton, SkeletonLines } from './skeleton';

export { PageSkeleton } from './skeleton';

/**
 * Shown while a panel's data arrives (a dialog's tab, a plan picker): a skeleton of a panel's
 * usual content, a heading, a few lines and a block, never a lone spinner. Pages load with
 * `PageSkeleton` or a skeleton of their own layout (components/skeleton.tsx).
 */
export const PageLoader = () => (
  <LoadingRegion className="skeleton-panel">
    <Skeleton height="1.25rem" width="40%" />
    <SkeletonLines lines={3} />
    <div className="skeleton-row">
      <Skeleton shape="button" width="8rem" />
      <Skeleton shape="button" width="6rem" />
    </div>
  </LoadingRegion>
);
