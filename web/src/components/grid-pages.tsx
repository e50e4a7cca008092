import { Pagination } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { GRID_PAGE_SIZE } from '../config/constants';

/**
 * Client-side pages of a small grid (spec §9: members and templates, 5 rows a page). The page
 * stays in range when rows go away (a removed member on the last page shows the page before).
 */
export const useGridPages = <T,>(rows: readonly T[], size = GRID_PAGE_SIZE) => {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pages);
  return { visible: rows.slice((current - 1) * size, current * size), current, pages, setPage };
};

/** The grid's pager, shown only when there is more than one page. */
export const GridPagination = ({ current, pages, setPage }: { current: number; pages: number; setPage: (page: number) => void }) =>
  pages > 1 ? (
    <Pagination
      currentPage={current}
      totalPages={pages}
      onNext={() => setPage(current + 1)}
      onPrevious={() => setPage(current - 1)}
      onChange={(p) => setPage(p ?? 1)}
    />
  ) : null;
