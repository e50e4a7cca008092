import { useId, type Ref } from 'react';

/**
 * A file input that stays the control (keyboard, screen readers) under a styled button, with the
 * file chosen beside it: the candidate's video upload where nothing records, and file answers.
 */
export const FilePicker = ({
  label,
  accept,
  chooseText,
  chosenText,
  describedBy,
  disabled,
  inputRef,
  onChoose,
}: {
  /** The input's accessible name. */
  label: string;
  accept: string;
  chooseText: string;
  chosenText: string;
  describedBy?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChoose: (file: File | undefined) => void;
}) => {
  const inputId = useId();
  return (
    <div className="ir-file">
      <input
        ref={inputRef}
        id={inputId}
        className="ir-file__input"
        type="file"
        accept={accept}
        aria-label={label}
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={(e) => onChoose(e.target.files?.[0])}
      />
      <label htmlFor={inputId} className="ir-button" aria-hidden="true">
        {chooseText}
      </label>
      <span className="ir-small ir-secondary" data-testid="chosen-file">
        {chosenText}
      </span>
    </div>
  );
};
