import { useId, type ReactNode } from 'react';
import './emoji-rating.css';

/** The mouth (and brows) that tell the five faces apart; the head and eyes are shared. */
const FACES = [
  {
    value: 1,
    label: 'Poor',
    features: (
      <>
        <path d="M9.5 10.5 13 12M22.5 10.5 19 12" />
        <path d="M10.5 23.5Q16 17 21.5 23.5" />
      </>
    ),
  },
  { value: 2, label: 'Below average', features: <path d="M11 22.5Q16 18.5 21 22.5" /> },
  { value: 3, label: 'Average', features: <path d="M11 21h10" /> },
  { value: 4, label: 'Good', features: <path d="M10.5 19.5Q16 24.5 21.5 19.5" /> },
  { value: 5, label: 'Excellent', features: <path className="rating__fill" d="M9.5 18.5h13q0 7-6.5 7t-6.5-7z" /> },
] as const;

/** A face drawn as SVG: it looks the same everywhere, with or without an emoji font. */
const Face = ({ features }: { features: ReactNode }) => (
  <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" className="rating__icon">
    <circle className="rating__head" cx="16" cy="16" r="13" />
    <circle className="rating__fill" cx="12" cy="13.5" r="1.6" />
    <circle className="rating__fill" cx="20" cy="13.5" r="1.6" />
    {features}
  </svg>
);

/**
 * The 1–5 emoji scale (spec §9), drawn as SVG faces with their words under them. Each face is a
 * toggle button named "{n} of 5: {word}", pressed when chosen. Choosing the current face again
 * keeps it: a rating cannot be cleared (spec §5).
 */
export const EmojiRating = ({ value, onChange, disabled }: { value: number | null; onChange: (value: number) => void; disabled?: boolean }) => {
  const labelId = useId();
  const chosen = FACES.find((face) => face.value === value);
  return (
    <div className={`rating${value === null ? '' : ' rating--rated'}`}>
      <div className="rating__header">
        <span className="rating__title" id={labelId}>
          Rate this answer
        </span>
        <span className="rating__current" aria-live="polite">
          {chosen ? `${chosen.value} of 5` : 'Not rated yet'}
        </span>
      </div>
      <div className="rating__faces" role="group" aria-labelledby={labelId}>
        {FACES.map((face) => (
          <button
            key={face.value}
            type="button"
            className="rating__face"
            disabled={disabled}
            aria-pressed={value === face.value}
            aria-label={`${face.value} of 5: ${face.label}`}
            onClick={() => {
              if (value !== face.value) onChange(face.value);
            }}
          >
            <Face features={face.features} />
            <span className="rating__word">{face.label}</span>
          </button>
        ))}
      </div>
    </div>
  );
};
