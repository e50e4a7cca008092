import { Tabs } from '@aws-amplify/ui-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

const Chevron = ({ direction }: { direction: 'left' | 'right' }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * A tab list that scrolls sideways when its tabs do not fit (a phone): the edge with more tabs fades
 * out and shows an arrow button that scrolls by most of a width, and the selected tab is kept in
 * view. The keyboard moves through the tabs with the arrow keys (Amplify's tab list), which brings
 * each into view, so the arrow buttons are for pointers and stay out of the tab order.
 */
export const ScrollingTabList = ({ active, children }: { active: string; children: ReactNode }) => {
  const list = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((m) => (m.start === start && m.end === end ? m : { start, end }));
  }, []);

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  useEffect(() => {
    const selected = list.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    selected?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const scroll = (direction: 1 | -1) => {
    const el = list.current;
    if (el) el.scrollBy({ left: direction * Math.max(el.clientWidth * 0.7, 80), behavior: 'smooth' });
  };

  return (
    <div className={['tab-scroller', more.start && 'tab-scroller--more-start', more.end && 'tab-scroller--more-end'].filter(Boolean).join(' ')}>
      <Tabs.List ref={list} className="tab-scroller__list" onScroll={measure}>
        {children}
      </Tabs.List>
      {more.start && (
        <button
          type="button"
          className="tab-scroller__arrow tab-scroller__arrow--start"
          tabIndex={-1}
          aria-label="Scroll tabs left"
          onClick={() => scroll(-1)}
        >
          <Chevron direction="left" />
        </button>
      )}
      {more.end && (
        <button
          type="button"
          className="tab-scroller__arrow tab-scroller__arrow--end"
          tabIndex={-1}
          aria-label="Scroll tabs right"
          onClick={() => scroll(1)}
        >
          <Chevron direction="right" />
        </button>
      )}
    </div>
  );
};
