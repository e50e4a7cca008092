import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { abortLeverOAuthCall, announceIntegrationsChanged, completeLeverOAuthCall } from '../../../api/integrations';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { globalAlert } from '../../../lib/global-alert';
import { useSessionId } from '../../../lib/session';
import { readLeverReturn, settleLeverReturn, type LeverOutcome } from '../complete-lever';
import { messages } from '../messages';

/**
 * A consent's state is single use: each return is settled once, even when the screen's effect runs
 * twice (React's strict mode) or the screen mounts again for the same address.
 */
const settled = new Map<string, Promise<LeverOutcome>>();
const settleOnce = (query: string) => {
  let outcome = settled.get(query);
  if (!outcome) {
    outcome = settleLeverReturn(readLeverReturn(new URLSearchParams(query)), {
      complete: completeLeverOAuthCall,
      abort: abortLeverOAuthCall,
    });
    settled.set(query, outcome);
  }
  return outcome;
};

/**
 * `/complete-lever-integration` (spec §2): where Lever's consent comes back (moved here from the
 * root's search before the router starts). It completes the integration when Lever gave a code and
 * ends the consent otherwise, stores the outcome as the global alert and goes to the company's home
 * (or `/`). A browser without a session signs in first and comes back here.
 */
const CompleteLeverIntegrationScreen = () => {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const signedIn = useSessionId() !== null;
  const query = params.toString();

  useEffect(() => {
    if (!signedIn) return;
    let active = true;
    void settleOnce(query).then((outcome) => {
      if (!active) return;
      if (outcome.connected) announceIntegrationsChanged(outcome.connected);
      globalAlert.set(outcome.alert);
      navigate(outcome.to, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [signedIn, query, navigate]);

  if (!signedIn) return <Navigate to={paths.signIn.to({ returnToPath: `${pathname}${search}` })} replace />;
  return (
    <main className="app-main app-main--narrow">
      <Flex direction="column" alignItems="center" gap="large" paddingTop="xxl">
        <PageTitle look={4}>{messages.completing}</PageTitle>
        <Loader size="large" ariaLabel="Waiting for Lever to be connected" />
        <Text role="status" textAlign="center">
          {messages.completingHelp}
        </Text>
      </Flex>
    </main>
  );
};
export default CompleteLeverIntegrationScreen;
