import { Button } from '@aws-amplify/ui-react';
import { lazy, Suspense } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { Skeleton } from '../../components/skeleton';
import { paths } from '../../config/paths';
import { useSessionId } from '../../lib/session';
import { Bar, Brand } from './top-bar-parts';

const SignedInBar = lazy(() => import('./signed-in-bar'));

/** The bar for visitors without a session: the product and a Sign in button. */
const SignedOutBar = () => {
  const navigate = useNavigate();
  return (
    <Bar>
      <Brand to={paths.home.to()} />
      <Button variation="primary" size="small" onClick={() => navigate(paths.signIn.to())}>
        Sign in
      </Button>
    </Bar>
  );
};

/** The signed-in bar's shape while its code loads: the brand, and grey stand-ins for the company and the account. */
const BarPlaceholder = ({ companyId }: { companyId?: string }) => (
  <Bar>
    <div className="top-bar__start">
      <Brand to={companyId ? paths.company.to(companyId) : paths.companies.to()} />
      {companyId && (
        <>
          <span className="top-bar__divider" aria-hidden="true" />
          <span aria-hidden="true">
            <Skeleton width="8rem" height="1rem" />
          </span>
        </>
      )}
    </div>
    <div className="top-bar__end" aria-hidden="true">
      <Skeleton shape="pill" width="2rem" height="2rem" />
      <Skeleton shape="pill" width="9rem" height="2rem" />
    </div>
  </Bar>
);

export const TopBar = () => {
  const sessionId = useSessionId();
  const inCompany = useMatch('/companies/:companyId/*');
  const companyId = inCompany?.params.companyId;
  if (!sessionId) return <SignedOutBar />;
  return (
    <Suspense fallback={<BarPlaceholder companyId={companyId} />}>
      <SignedInBar key={sessionId} companyId={companyId} />
    </Suspense>
  );
};
