import { TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState } from 'react';
import './interview-editor.css';

export const EDIT_DEBOUNCE_MS = 250;

/** Within this share of the limit, the counter takes the warning colour. */
const NEAR_LIMIT = 0.9;

/**
 * A text field whose edits reach the parent 250 ms after typing stops (spec §9), and at once on
 * blur, so long interviews do not re-render on every key. Its character count is quiet helper text
 * under the field, at the right (the field's description for assistive technology).
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
  // The pause ends after later renders: it hands its text to the latest onChange, whose edit is made
  // on what the form holds now (one made at the keystroke would undo a change made meanwhile, such as
  // the question's answer type picked right after its title was typed).
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  });
  const update = (next: string) => {
    setText(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setSynced(next);
      latestOnChange.current(next);
    }, EDIT_DEBOUNCE_MS);
  };
  const flush = () => {
    window.clearTimeout(timer.current);
    if (text !== synced) {
      setSynced(text);
      onChange(text);
    }
  };
  const counterId = useId();
  const common = {
    label,
    value: text,
    placeholder,
    maxLength,
    onBlur: flush,
    'aria-describedby': counterId,
  };
  const near = text.length >= maxLength * NEAR_LIMIT;
  return (
    <div className="editor-field">
      {multiline ? (
        <TextAreaField {...common} rows={rows ?? 2} onChange={(e) => update(e.target.value)} />
      ) : (
        <TextField {...common} onChange={(e) => update(e.target.value)} />
      )}
      <span id={counterId} className={near ? 'editor-field__counter editor-field__counter--near' : 'editor-field__counter'}>
        {text.length}/{maxLength}
        <span className="visually-hidden"> characters</span>
      </span>
    </div>
  );
};
