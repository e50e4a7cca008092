import { Heading, type HeadingProps } from '@aws-amplify/ui-react';

type Look = 2 | 3 | 4 | 5;

/**
 * A screen's one h1 (every screen has exactly one), drawn at the size its design gives the title:
 * an h3's by default, or `look` for a title that is smaller on screen (a candidate's name in its
 * card). `visuallyHidden` names a screen that shows no title (an error in place of the content)
 * for assistive technology only.
 */
export const PageTitle = ({
  look = 3,
  visuallyHidden = false,
  className,
  ...props
}: Omit<HeadingProps, 'level'> & { look?: Look; visuallyHidden?: boolean }) => (
  <Heading
    level={1}
    fontSize={`var(--amplify-components-heading-${look}-font-size)`}
    fontWeight={`var(--amplify-components-heading-${look}-font-weight)`}
    className={[className, visuallyHidden ? 'visually-hidden' : undefined].filter(Boolean).join(' ') || undefined}
    {...props}
  />
);
