import type { CSSProperties, ReactNode } from 'react';
import './skeleton.css';

/**
 * Skeletons instead of spinners (issue 29): while a list or a page loads, grey shapes of its final
 * layout stand where its content will be, so the page never reads as blank and nothing jumps when
 * the data arrives. The shapes are hidden from assistive technology; each skeleton is one
 * `role="status"` region named "Loading…", which is all a screen reader hears.
 */

export const LOADING_LABEL = 'Loading…';

type Size = CSSProperties['width'];

/** One grey shape: a line of text by default; `pill`, `heading`, `button`, `button-small` or `media` (16:9) for others. */
export const Skeleton = ({
  width,
  height,
  shape,
  className,
}: {
  width?: Size;
  height?: Size;
  shape?: 'pill' | 'heading' | 'button' | 'button-small' | 'media';
  className?: string;
}) => (
  <span
    className={['skeleton', shape && `skeleton--${shape}`, className].filter(Boolean).join(' ')}
    style={width !== undefined || height !== undefined ? { width, height } : undefined}
  />
);

/** Lines of text, the last one shorter, as a paragraph ends. */
export const SkeletonLines = ({ lines = 3, width = '100%' }: { lines?: number; width?: Size }) => (
  <span className="skeleton-lines" style={{ width }}>
    {Array.from({ length: lines }, (_, i) => (
      <Skeleton key={i} width={i === lines - 1 && lines > 1 ? '62%' : '100%'} />
    ))}
  </span>
);

/**
 * The one status region of a skeleton: named "Loading…" for assistive technology, its shapes
 * hidden from it. `as="main"` for a page's skeleton, so the page keeps its landmark while it loads.
 */
export const LoadingRegion = ({ children, className, label = LOADING_LABEL }: { children: ReactNode; className?: string; label?: string }) => (
  <div role="status" aria-label={label} className={['skeleton-region', className].filter(Boolean).join(' ')}>
    <span className="visually-hidden">{label}</span>
    <div className="skeleton-region__shapes" aria-hidden="true">
      {children}
    </div>
  </div>
);

/** A page's title row: the title and, at the right, its main action. */
const TitleRowShapes = ({ action = true }: { action?: boolean }) => (
  <div className="skeleton-row skeleton-row--between">
    <Skeleton shape="heading" width="min(14rem, 60%)" />
    {action && <Skeleton shape="button" width="8.5rem" />}
  </div>
);

const TabsShapes = ({ tabs = 2 }: { tabs?: number }) => (
  <div className="skeleton-tabs">
    {Array.from({ length: tabs }, (_, i) => (
      <Skeleton key={i} width="4.5rem" height="1.25rem" />
    ))}
  </div>
);

const PositionCardShapes = ({ index }: { index: number }) => (
  <div className="skeleton-card">
    <div className="skeleton-row skeleton-row--between">
      <Skeleton shape="heading" height="1.25rem" width={['16rem', '12rem', '18rem'][index % 3]} />
      <div className="skeleton-row">
        <Skeleton shape="button-small" width="4.5rem" />
        <Skeleton shape="button-small" width="6.5rem" />
      </div>
    </div>
    <Skeleton width="11rem" height="0.75rem" />
    <div className="skeleton-row">
      <Skeleton shape="pill" width="5.5rem" height="1.5rem" />
      <Skeleton shape="pill" width="6.5rem" height="1.5rem" />
      <Skeleton shape="pill" width="5rem" height="1.5rem" />
    </div>
  </div>
);

const PositionCardsShapes = ({ count }: { count: number }) => (
  <div className="skeleton-list">
    {Array.from({ length: count }, (_, i) => (
      <PositionCardShapes key={i} index={i} />
    ))}
  </div>
);

/** The positions list while it loads: a column of position cards (title, dates, count chips, quick actions). */
export const PositionCardsSkeleton = ({ count = 3 }: { count?: number }) => (
  <LoadingRegion>
    <PositionCardsShapes count={count} />
  </LoadingRegion>
);

/** A candidate list while it loads: a grid of candidate cards (thumbnail, name, e-mail, time). */
export const CandidateCardsSkeleton = ({ count = 4 }: { count?: number }) => (
  <LoadingRegion>
    <div className="skeleton-grid">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton-card skeleton-card--flush">
          <Skeleton shape="media" />
          <div className="skeleton-card__body">
            <Skeleton width="70%" height="1rem" />
            <Skeleton width="85%" height="0.75rem" />
            <Skeleton width="50%" height="0.75rem" />
          </div>
        </div>
      ))}
    </div>
  </LoadingRegion>
);

/**
 * A whole page while its screen's code or data arrives (the router's fallback): a title row and a
 * list of cards, inside the page's <main> so the page keeps its landmark and width.
 */
export const PageSkeleton = ({ width }: { width?: 'narrow' | 'wide' }) => (
  <main className={['app-main', width && `app-main--${width}`].filter(Boolean).join(' ')}>
    <LoadingRegion>
      <TitleRowShapes action={width !== 'narrow'} />
      {width === 'narrow' ? (
        <div className="skeleton-card">
          <SkeletonLines lines={2} />
          <Skeleton shape="button" width="100%" />
        </div>
      ) : (
        <PositionCardsShapes count={3} />
      )}
    </LoadingRegion>
  </main>
);

/** The positions page while it loads: title with "Add position", the Open / Closed tabs and cards. */
export const PositionsPageSkeleton = () => (
  <main className="app-main">
    <LoadingRegion>
      <TitleRowShapes />
      <TabsShapes />
      <PositionCardsShapes count={3} />
    </LoadingRegion>
  </main>
);

/** A position's page while it loads: breadcrumb, title with the view toggle, tabs and candidate cards. */
export const PositionPageSkeleton = () => (
  <main className="app-main">
    <LoadingRegion>
      <Skeleton width="10rem" height="0.75rem" />
      <div className="skeleton-row skeleton-row--between">
        <Skeleton shape="heading" width="min(16rem, 60%)" />
        <Skeleton shape="button-small" width="16rem" />
      </div>
      <TabsShapes tabs={4} />
      <div className="skeleton-grid">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="skeleton-card skeleton-card--flush">
            <Skeleton shape="media" />
            <div className="skeleton-card__body">
              <Skeleton width="70%" height="1rem" />
              <Skeleton width="50%" height="0.75rem" />
            </div>
          </div>
        ))}
      </div>
    </LoadingRegion>
  </main>
);

/**
 * The candidate page while it loads (wide layout): breadcrumb, the name with the candidate
 * navigation, then the answer (question, video, rating) beside the candidate's card.
 */
export const CandidatePageSkeleton = () => (
  <main className="app-main app-main--wide">
    <LoadingRegion>
      <Skeleton width="14rem" height="0.75rem" />
      <div className="skeleton-row skeleton-row--between">
        <div className="skeleton-row">
          <Skeleton shape="heading" width="13rem" />
          <Skeleton shape="pill" width="5rem" height="1.5rem" />
        </div>
        <div className="skeleton-row">
          <Skeleton shape="button-small" width="6rem" />
          <Skeleton shape="button-small" width="6rem" />
        </div>
      </div>
      <div className="skeleton-candidate">
        <div className="skeleton-lines" style={{ gap: 'var(--amplify-space-medium)' }}>
          <div className="skeleton-row skeleton-row--between">
            <Skeleton shape="button-small" width="10rem" />
            <Skeleton shape="button-small" width="7rem" />
          </div>
          <Skeleton height="1.375rem" width="60%" />
          <Skeleton shape="media" />
          <div className="skeleton-row">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} shape="pill" width="2.5rem" height="2.5rem" />
            ))}
          </div>
          <SkeletonLines lines={3} />
        </div>
        <div className="skeleton-card">
          <Skeleton height="1.125rem" width="60%" />
          <Skeleton height="0.75rem" width="80%" />
          <Skeleton height="0.75rem" width="45%" />
          <div className="skeleton-row">
            <Skeleton shape="button-small" width="6rem" />
            <Skeleton shape="button-small" width="5rem" />
          </div>
        </div>
      </div>
    </LoadingRegion>
  </main>
);
