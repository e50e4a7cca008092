import { CheckboxField, Flex, Pagination } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { GRID_PAGE_SIZE } from '../../../config/constants';

/** Members by e-mail in a checkbox grid, 5 rows a page (spec §6). */
export const MemberPicker = ({
  label,
  members,
  selected,
  onChange,
}: {
  label: string;
  members: { userId: string; email: string }[];
  selected: string[];
  onChange: (userIds: string[]) => void;
}) => {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(members.length / GRID_PAGE_SIZE));
  const current = Math.min(page, pages);
  return (
    <Flex direction="column" gap="xs" role="group" aria-label={label}>
      {members.slice((current - 1) * GRID_PAGE_SIZE, current * GRID_PAGE_SIZE).map((m) => (
        <CheckboxField
          key={m.userId}
          name={`${label}-${m.userId}`}
          label={m.email}
          checked={selected.includes(m.userId)}
          onChange={(e) => onChange(e.target.checked ? [...selected, m.userId] : selected.filter((id) => id !== m.userId))}
        />
      ))}
      {pages > 1 && (
        <Pagination
          currentPage={current}
          totalPages={pages}
          onNext={() => setPage(current + 1)}
          onPrevious={() => setPage(current - 1)}
          onChange={(p) => setPage(p ?? 1)}
        />
      )}
    </Flex>
  );
};
