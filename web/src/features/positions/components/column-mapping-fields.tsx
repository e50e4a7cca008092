import { CheckboxField, SelectField, Text } from '@aws-amplify/ui-react';
import { columnTitles, IMPORT_FIELDS, type ColumnMapping, type ImportField, type ImportTable } from '../import';

/** Which column each field is read from; changing one changes the preview at once. */
export const ColumnMappingFields = ({
  table,
  mapping,
  onMapping,
  onHeader,
}: {
  table: ImportTable;
  mapping: ColumnMapping;
  onMapping: (mapping: ColumnMapping) => void;
  onHeader: (hasHeader: boolean) => void;
}) => {
  const titles = columnTitles(table);
  const set = (field: ImportField, value: string) => onMapping({ ...mapping, [field]: value === '' ? null : Number(value) });
  return (
    <fieldset className="bulk-invite__mapping">
      <legend className="bulk-invite__mapping-legend">Columns</legend>
      <Text className="bulk-invite__hint">
        {table.hasHeader
          ? 'We matched the file’s columns by their headings. Change any that are wrong:'
          : 'The file has no header row, so the first column is read as the name and the second as the e-mail. Change any that are wrong:'}
      </Text>
      <div className="bulk-invite__mapping-grid">
        {IMPORT_FIELDS.map(({ field, label }) => (
          <SelectField
            key={field}
            label={label}
            size="small"
            value={mapping[field] === null ? '' : String(mapping[field])}
            onChange={(e) => set(field, e.target.value)}
          >
            <option value="">Not in the file</option>
            {titles.map((title, i) => (
              <option key={i} value={i}>
                {title}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <Text className="bulk-invite__hint">A full name is used when a row has one; otherwise the first and last names together.</Text>
      <CheckboxField
        label="The first row holds column headings"
        name="bulk-header-row"
        size="small"
        checked={table.hasHeader}
        onChange={(e) => onHeader(e.target.checked)}
      />
    </fieldset>
  );
};
