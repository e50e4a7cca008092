import type { CSSProperties, ReactNode } from 'react';
import { brandColors } from '../../../lib/brand-colors';
import type { Interview } from '../api';
import './runner.css';

type Branding = Pick<Interview, 'companyName' | 'jobTitle' | 'theme' | 'logoHref'>;

/** A company's mark where it has no logo (or its theme is off): the first letters of its first two words. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join('');

/**
 * The company's branding around the candidate's pages: logo or name, the position, the theme's
 * colours (the band and the primary buttons; the product's own colours while the theme is off).
 * `footer`: a line under the card (the interview's "Delete my data" link).
 */
export const BrandedPage = ({ branding, children, footer }: { branding: Branding | null; children: ReactNode; footer?: ReactNode }) => {
  const colors = brandColors(branding?.theme);
  const style = {
    '--brand-primary': colors.primary,
    '--brand-on-primary': colors.onPrimary,
    '--brand-accent': colors.secondary,
  } as CSSProperties;
  return (
    <div className="ir-page" style={style}>
      {branding && (
        <header className={colors.themed ? 'ir-brand ir-brand--themed' : 'ir-brand'} data-testid="brand-header">
          {branding.logoHref ? (
            <img className="ir-brand__logo" src={branding.logoHref} alt={`${branding.companyName} logo`} />
          ) : (
            <p className="ir-brand__company">
              <span className="ir-brand__mark" aria-hidden="true" data-testid="brand-mark">
                {initials(branding.companyName)}
              </span>
              {branding.companyName}
            </p>
          )}
          <p className="ir-brand__job">{branding.jobTitle}</p>
        </header>
      )}
      <main className="ir-card">{children}</main>
      {footer && <footer className="ir-footer">{footer}</footer>}
    </div>
  );
};
