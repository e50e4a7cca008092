import { CheckboxField, Flex } from '@aws-amplify/ui-react';
import { GridPagination, useGridPages } from '../../../components/grid-pages';

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
  const { visible, current, pages, setPage } = useGridPages(members);
  return (
    <Flex direction="column" gap="xs" role="group" aria-label={label}>
      {visible.map((m) => (
        <CheckboxField
          key={m.userId}
          name={`${label}-${m.userId}`}
          label={m.email}
          checked={selected.includes(m.userId)}
          onChange={(e) => onChange(e.target.checked ? [...selected, m.userId] : selected.filter((id) => id !== m.userId))}
        />
      ))}
      <GridPagination current={current} pages={pages} setPage={setPage} />
    </Flex>
  );
};
