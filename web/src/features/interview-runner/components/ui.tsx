import { useEffect, useRef, type ButtonHTMLAttributes, type ReactNode, type Ref } from 'react';

/**
 * The few controls of the candidate's pages, as plain elements styled by runner.css: these pages
 * are their own light app (issue 17), so they carry no UI library. Each keeps the semantics the
 * library's gave: an alert is announced, a busy button is disabled and says what it is doing.
 */
const classes = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The page's one h1; `visuallyHidden` names a page that shows an error in place of its content.
 * `focus`: the heading takes the focus when it appears (a new step of the interview), so keyboard
 * and screen-reader users start reading the step from its top.
 */
export const Title = ({ children, visuallyHidden = false, focus = false }: { children: ReactNode; visuallyHidden?: boolean; focus?: boolean }) => {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <h1 ref={heading} tabIndex={focus ? -1 : undefined} className={classes('ir-title', visuallyHidden && 'ir-visually-hidden')}>
      {children}
    </h1>
  );
};

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  ref?: Ref<HTMLButtonElement>;
  variation?: 'primary' | 'danger';
  /** Disabled, and showing `loadingText` in place of its label, while an action runs. */
  isLoading?: boolean;
  loadingText?: string;
};

export const Button = ({ variation, isLoading = false, loadingText, disabled, children, type = 'button', ...props }: ButtonProps) => (
  <button
    {...props}
    type={type}
    className={classes('ir-button', variation && `ir-button--${variation}`)}
    disabled={disabled || isLoading}
    aria-busy={isLoading || undefined}
  >
    {isLoading && loadingText ? loadingText : children}
  </button>
);

/** A message in a coloured box: errors and warnings are alerts (announced at once), information a status. */
export const Alert = ({ variation, children }: { variation: 'error' | 'warning' | 'info'; children: ReactNode }) => (
  <div role={variation === 'info' ? 'status' : 'alert'} className={classes('ir-alert', `ir-alert--${variation}`)}>
    {children}
  </div>
);

/** An indeterminate bar while a page's data or an answer is on its way. */
export const Loader = () => <div className="ir-loader" role="progressbar" aria-label="Loading" />;
