import { Alert, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../api/client';
import { paths } from '../../../config/paths';
import { session } from '../../../lib/session';
import { createSsoSession } from '../api';
import { ssoMessages } from '../messages';
import { readSsoReturn, ssoReturnPath } from '../sso';
import { AuthCard } from './auth-card';

/**
 * `#/sso` (issue 42): where a single sign-on comes back. With `ticket` the one-time ticket is
 * exchanged for a session (once, even if the effect runs twice) and the user goes where the code
 * sign-in goes; with `error` the screen says what went wrong in words, with a way back to sign-in.
 * The ticket leaves the address at once (it is not to stay in the history or be shared).
 */
const SsoScreen = () => {
  const location = useLocation();
  const navigate = useNavigate();
  // The router's address keeps what it was given even after the ticket leaves the browser's address below.
  const found = useMemo(() => readSsoReturn(location.search), [location.search]);
  const [failure, setFailure] = useState<{ ticket: string; message: string } | null>(null);
  const exchanged = useRef<string | null>(null);

  useEffect(() => {
    if (found.kind !== 'ticket') return;
    const url = `${window.location.pathname}${window.location.search}#${paths.sso.to()}`;
    window.history.replaceState(window.history.state, '', url);
    if (exchanged.current === found.ticket) return;
    exchanged.current = found.ticket;
    const { ticket } = found;
    createSsoSession(ticket).then(
      (result) => {
        session.set(result.sessionId);
        navigate(ssoReturnPath.take() ?? paths.companies.to(), { replace: true });
      },
      (e: unknown) => setFailure({ ticket, message: errorMessage(e, ssoMessages.ssoSignInFailed) }),
    );
  }, [found, navigate]);

  const problem =
    found.kind === 'error'
      ? found.message
      : found.kind === 'missing'
        ? ssoMessages.ssoMissing
        : failure?.ticket === found.ticket
          ? failure.message
          : null;

  return (
    <AuthCard title={ssoMessages.ssoTitle}>
      {problem ? (
        <Flex direction="column" gap="medium">
          <Alert variation="error">{problem}</Alert>
          <Text>
            <Link to={paths.signIn.to()}>{ssoMessages.ssoBack}</Link>
          </Text>
        </Flex>
      ) : (
        <Flex direction="column" gap="small" alignItems="center" role="status">
          <Loader size="large" ariaLabel={ssoMessages.ssoSigningIn} />
          <Text>{ssoMessages.ssoSigningIn}</Text>
        </Flex>
      )}
    </AuthCard>
  );
};
export default SsoScreen;
