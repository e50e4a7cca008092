import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../config/constants';
import './top-bar.css';

/** The bar itself: a white strip on the page's gutter (top-bar.css), the brand at its start. */
export const Bar = ({ children }: { children: ReactNode }) => (
  <header className="top-bar" data-testid="top-bar">
    {children}
  </header>
);

/** The product's mark and name, leading home. */
export const Brand = ({ to }: { to: string }) => (
  <Link to={to} className="top-bar__brand" aria-label={`${PRODUCT_NAME} home`}>
    <img className="top-bar__mark" src="/favicon.svg" alt="" width={30} height={30} />
    <span className="top-bar__product">{PRODUCT_NAME}</span>
  </Link>
);
