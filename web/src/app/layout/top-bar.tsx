import { Button, Flex, View } from '@aws-amplify/ui-react';
import { lazy, Suspense } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSessionId } from '../../lib/session';
import { barStyle, Brand } from './top-bar-parts';

const SignedInBar = lazy(() => import('./signed-in-bar'));

/** The bar for visitors without a session: the product and a Sign in button. */
const SignedOutBar = () => {
  const navigate = useNavigate();
  return (
    <Flex as="header" style={barStyle} justifyContent="space-between" alignItems="center" padding="small large">
      <Brand to={paths.home.to()} />
      <Button variation="primary" size="small" onClick={() => navigate(paths.signIn.to())}>
        Sign in
      </Button>
    </Flex>
  );
};

/** Placeholder of the signed-in bar's height while its code loads. */
const BarPlaceholder = () => <View as="header" style={barStyle} />;

export const TopBar = () => {
  const sessionId = useSessionId();
  const inCompany = useMatch('/companies/:companyId/*');
  const companyId = inCompany?.params.companyId;
  if (!sessionId) return <SignedOutBar />;
  return (
    <Suspense fallback={<BarPlaceholder />}>
      <SignedInBar key={sessionId} companyId={companyId} />
    </Suspense>
  );
};
