import { TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';

export const EDIT_DEBOUNCE_MS = 250;

/**
 * A text field whose edits reach the parent 250 ms after typing stops (spec §9), and at once on
 * blur, so long interviews do not re-render on every key.
 */
export const DebouncedField = ({
  label,
  value,
  onChange,
  maxLength,
  placeholder,
  multiline = false,
  rows,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
}) => {
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  const timer = useRef<number | undefined>(undefined);
  // A new value from outside (restore, reorder) replaces what is shown.
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const update = (next: string) => {
    setText(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setSynced(next);
      onChange(next);
    }, EDIT_DEBOUNCE_MS);
  };
  const flush = () => {
    window.clearTimeout(timer.current);
    if (text !== synced) {
      setSynced(text);
      onChange(text);
    }
  };
  const common = {
    label,
    value: text,
    placeholder,
    maxLength,
    onBlur: flush,
    descriptiveText: `${text.length}/${maxLength}`,
  };
  return multiline ? (
    <TextAreaField {...common} rows={rows ?? 2} onChange={(e) => update(e.target.value)} />
  ) : (
    <TextField {...common} onChange={(e) => update(e.target.value)} />
  );
};
