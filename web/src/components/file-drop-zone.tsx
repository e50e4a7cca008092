import { useId, useState, type DragEvent } from 'react';
import './file-drop-zone.css';

/** A file's size as people read it: 820 bytes, 14.2 KB, 3.4 MB. */
export const formatFileSize = (bytes: number): string => {
  if (bytes < 1000) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
};

const UploadIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M12 15V4m0 0L7.5 8.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

const FileIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5zm0 0v5h5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * A file input as a drop zone: drag a file onto it or press "Choose file". The native input stays
 * the control (named by the zone's title, so assistive technology and tests find it by that name, and
 * in the tab order: Space or Enter opens the picker), drawn as nothing: the styled button is its
 * label and shows its focus. The chosen file's name and size, a hint and an error show below.
 *
 * Plain React and CSS (no UI library), so the candidate's light pages can use it too; the colours
 * are the design tokens, with fallbacks where they are not loaded.
 */
export const FileDropZone = ({
  label,
  accept,
  onFile,
  hint,
  file,
  error,
  status,
  disabled = false,
  buttonLabel = 'Choose file',
}: {
  /** The zone's visible title and the input's accessible name. */
  label: string;
  accept?: string;
  onFile: (file: File) => void;
  hint?: string;
  /** The file chosen, shown by name and size. */
  file?: { name: string; size: number } | null;
  error?: string | null;
  /** Work under way on the file ("Uploading logo..."), announced. */
  status?: string | null;
  disabled?: boolean;
  buttonLabel?: string;
}) => {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const titleId = `${id}-title`;
  const hintId = `${id}-hint`;
  const fileId = `${id}-file`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, file && fileId, error && errorId].filter(Boolean).join(' ') || undefined;

  const over = (event: DragEvent) => {
    event.preventDefault();
    if (disabled) {
      event.dataTransfer.dropEffect = 'none';
      return;
    }
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const leave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (!disabled && dropped) onFile(dropped);
  };

  const classes = ['file-drop-zone', dragging && 'file-drop-zone--dragging', error && 'file-drop-zone--error', disabled && 'file-drop-zone--disabled']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} onDragEnter={over} onDragOver={over} onDragLeave={leave} onDrop={drop}>
      <input
        id={id}
        className="file-drop-zone__input"
        type="file"
        accept={accept}
        disabled={disabled}
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const picked = event.target.files?.[0];
          // Cleared, so choosing the same file again (after fixing it, say) is a change too.
          event.target.value = '';
          if (picked) onFile(picked);
        }}
      />
      <div className="file-drop-zone__content">
        <span className="file-drop-zone__icon">
          <UploadIcon />
        </span>
        <div className="file-drop-zone__text">
          {/* The title is the input's label as well as its aria-labelledby: axe names the input by the
              label even while the title is scrolled out of view (issue 43: a dialog that brings what
              follows into view), where it reads an aria-labelledby's text only when on screen. */}
          <label id={titleId} htmlFor={id} className="file-drop-zone__title">
            {label}
          </label>
          <span className="file-drop-zone__prompt">{dragging ? 'Drop the file to use it' : 'Drag a file here, or'}</span>
        </div>
        <label htmlFor={id} className="file-drop-zone__button" aria-hidden="true">
          {buttonLabel}
        </label>
      </div>
      {hint && (
        <p id={hintId} className="file-drop-zone__hint">
          {hint}
        </p>
      )}
      {file && (
        <p id={fileId} className="file-drop-zone__file">
          <FileIcon />
          <span className="file-drop-zone__file-name">{file.name}</span>
          <span className="file-drop-zone__file-size">{formatFileSize(file.size)}</span>
        </p>
      )}
      {status && (
        <p className="file-drop-zone__status" role="status">
          {status}
        </p>
      )}
      {error && (
        <p id={errorId} className="file-drop-zone__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
};
