import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import './dialog.css';

/**
 * Closes an open dialog when the app navigates (a link, the browser's back or forward): a dialog
 * belongs to the screen it was opened on. A replace that stays on the same page (a list keeping its
 * query in the address) is not a navigation away, so it leaves the dialog open.
 */
const useCloseOnNavigation = (open: boolean, onClose: () => void) => {
  const location = useLocation();
  const navigationType = useNavigationType();
  const seen = useRef(location);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    const before = seen.current;
    seen.current = location;
    // Entries the router did not make (the first page loaded, a typed address) share the key
    // "default": the address tells them apart.
    if (before.key === location.key && before.pathname === location.pathname && before.search === location.search) return;
    const away = before.pathname !== location.pathname || navigationType !== 'REPLACE';
    if (open && away) close.current();
  }, [location, navigationType, open]);
};

/** The Close button's cross, drawn (no dependence on a font's glyph). */
const CloseIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * A modal dialog on the native <dialog> element (focus trapping, Esc and the top layer come from the
 * browser; Amplify UI has no dialog primitive), in the product's one look (dialog.css).
 *
 * - `width`: its width on a wide screen; on a phone it is a sheet the width of the screen.
 * - `height`: a fixed height, so a dialog whose content changes (a tabbed one) keeps one size; the
 *   body scrolls inside. Without it the dialog fits its content, up to the window's height.
 * - `footer`: actions kept in view under the scrolling body.
 * - `flush`: the body has no padding and does not scroll itself (the content lays out its own
 *   scrolling region, e.g. tabs above a scrolling panel).
 *
 * It closes (through onClose) on Esc, a click on the backdrop, its Close button, and when the app
 * navigates elsewhere.
 */
export const Dialog = ({
  title,
  open,
  onClose,
  children,
  width = '640px',
  height,
  footer,
  flush = false,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  width?: string;
  height?: string;
  footer?: ReactNode;
  flush?: boolean;
}) => {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // Esc is reported at once, from the `cancel` event the key raises, not from the `close` event the
  // browser queues after it: a click that opened the dialog again before that `close` arrived found
  // `open` still true (nothing to do), and the late `close` then shut it. The `close` that follows
  // a reported cancel is not reported twice.
  const cancelled = useRef(false);
  useCloseOnNavigation(open, onClose);
  const style = { '--app-dialog-width': width, ...(height ? { '--app-dialog-height': height } : {}) } as CSSProperties;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={height ? 'app-dialog app-dialog--fixed' : 'app-dialog'}
      style={style}
      onCancel={() => {
        cancelled.current = true;
        onClose();
      }}
      onClose={() => {
        if (cancelled.current) cancelled.current = false;
        else onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <>
          <header className="app-dialog__header">
            <h2 id={titleId} className="app-dialog__title">
              {title}
            </h2>
            <button type="button" className="app-dialog__close" aria-label="Close" title="Close" onClick={onClose}>
              <CloseIcon />
            </button>
          </header>
          <div className={flush ? 'app-dialog__body app-dialog__body--flush' : 'app-dialog__body'}>{children}</div>
          {footer && <div className="app-dialog__footer">{footer}</div>}
        </>
      )}
    </dialog>
  );
};
