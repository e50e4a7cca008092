import { TextField } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import './color-field.css';

const HEX = /^#[0-9a-f]{6}$/i;

/** What a person typed as a colour, as #rrggbb when it is one ("3F51B5" and "#3f51b5" alike), else null. */
export const normalizeHex = (text: string): string | null => {
  const trimmed = text.trim();
  const withHash = trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
  return HEX.test(withHash) ? withHash.toLowerCase() : null;
};

/**
 * A colour as one field: a swatch and the #rrggbb text, under one label. The swatch is the label of
 * the browser's colour input, which is kept (the keyboard reaches it, it opens the system picker) but
 * drawn as nothing: the swatch shows its colour and its focus. Typing a colour that is not one shows
 * `errorMessage` and reports the field invalid; a valid one reaches onChange at once.
 */
export const ColorField = ({
  label,
  value,
  onChange,
  onValidity,
  errorMessage,
  descriptiveText,
}: {
  label: string;
  /** The current colour, #rrggbb. */
  value: string;
  onChange: (value: string) => void;
  onValidity?: (valid: boolean) => void;
  errorMessage: string;
  descriptiveText?: string;
}) => {
  const pickerId = useId();
  const [text, setText] = useState(value);
  // The picker (or a reset) changed the value: the text follows (React's "adjust state on a prop change").
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (normalizeHex(text) !== value.toLowerCase()) setText(value);
  }
  const invalid = normalizeHex(text) === null;
  const swatch = HEX.test(value) ? value.toLowerCase() : '#000000';
  return (
    <TextField
      className="color-field"
      label={label}
      descriptiveText={descriptiveText}
      value={text}
      maxLength={7}
      spellCheck={false}
      autoComplete="off"
      hasError={invalid}
      errorMessage={errorMessage}
      onChange={(e) => {
        setText(e.target.value);
        const hex = normalizeHex(e.target.value);
        onValidity?.(hex !== null);
        if (hex) onChange(hex);
      }}
      onBlur={() => {
        const hex = normalizeHex(text);
        if (hex && hex !== text) setText(hex);
      }}
      outerStartComponent={
        <span className="color-field__swatch-wrap">
          <input
            id={pickerId}
            className="color-field__picker"
            type="color"
            value={swatch}
            aria-label={`Pick ${label.toLowerCase()}`}
            onChange={(e) => {
              setText(e.target.value);
              onValidity?.(true);
              onChange(e.target.value);
            }}
          />
          <label htmlFor={pickerId} className="color-field__swatch" title={`Pick ${label.toLowerCase()}`} aria-hidden="true">
            <span className="color-field__chip" style={{ background: swatch }} />
          </label>
        </span>
      }
    />
  );
};
