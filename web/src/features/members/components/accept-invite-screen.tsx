import { Alert, Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/client';
import { confirmMemberInviteCall, useMemberInvite } from '../../../api/members';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { session } from '../../../lib/session';
import { messages } from '../messages';
import { PageTitle } from '../../../components/page-title';

/** `/invite/{nonce}`: the inviting company and an Accept invitation button; on success to `/` (spec §2). */
const AcceptInviteScreen = () => {
  const { nonce = '' } = useParams();
  const navigate = useNavigate();
  const invite = useMemberInvite(nonce);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await confirmMemberInviteCall(nonce);
      session.set(result.sessionId);
      navigate(paths.home.to(), { replace: true });
    } catch (e) {
      setError(errorMessage(e, messages.acceptFailed));
      setBusy(false);
    }
  };

  return (
    <main className="app-main app-main--narrow">
      <Card variation="elevated" padding="xl">
        {invite.error ? (
          <>
            <PageTitle visuallyHidden>Team invitation</PageTitle>
            <Alert variation="error">{errorMessage(invite.error, messages.retrieveInviteFailed)}</Alert>
          </>
        ) : !invite.data ? (
          <PageLoader />
        ) : (
          <Flex direction="column" gap="medium">
            <PageTitle>Join {invite.data.companyName}</PageTitle>
            <Text>{invite.data.companyName} invited you to join their hiring team.</Text>
            {error && <Alert variation="error">{error}</Alert>}
            <Button variation="primary" onClick={() => void accept()} isLoading={busy} loadingText="Accepting...">
              Accept invitation
            </Button>
          </Flex>
        )}
      </Card>
    </main>
  );
};
export default AcceptInviteScreen;
