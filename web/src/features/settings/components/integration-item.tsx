import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { integrationForms } from '../../../../../lambdas/contracts/integrations';
import { deleteIntegrationCall, type Integration } from '../../../api/integrations';
import { Dialog } from '../../../components/dialog';
import { formatDateTime } from '../../../lib/format';
import { integrationsMessages as messages } from '../integrations-messages';

/**
 * One integration in the Integrate tab: its vendor, the username where there is one, the secret as
 * the mask the API gives (spec §2: about 1.25 times the value's length), whether the ATS tells us of
 * new candidates at once or the 15-minute sync finds them, the last sync with any problem it met,
 * and Delete after a confirmation saying what deleting does.
 */
export const IntegrationItem = ({ integration, onDeleted }: { integration: Integration; onDeleted: () => Promise<void> }) => {
  const form = integrationForms[integration.integrationType];
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { lastSync } = integration;
  const headingId = `integration-${integration.integrationId}`;

  const remove = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteIntegrationCall(integration.integrationId);
      setConfirming(false);
      await onDeleted();
    } catch (e) {
      setDeleteError(errorMessage(e, messages.deleteFailed));
      setDeleting(false);
    }
  };

  return (
    <Card as="li" variation="outlined" aria-labelledby={headingId}>
      <Flex direction="column" gap="xs">
        <Flex justifyContent="space-between" alignItems="center" gap="small">
          <Heading level={6} id={headingId}>
            {form.name}
          </Heading>
          <Button size="small" variation="link" colorTheme="error" aria-label={`Delete ${form.name}`} onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </Flex>
        {integration.username !== null && (
          <Text fontSize="small">
            {form.usernameLabel ?? 'Username'}: {integration.username}
          </Text>
        )}
        <Text fontSize="small">
          {form.secretLabel ?? messages.oauthSecretLabel}: <span aria-hidden="true">{integration.integrationProperties.authToken}</span>
          <span className="visually-hidden">hidden</span>
        </Text>
        {integration.integrationProperties.greenhouse?.automaticStageTransitions && <Text fontSize="small">{messages.stageTransitions}</Text>}
        <Text fontSize="small">{integration.webhooks ? messages.webhooks : messages.scheduled}</Text>
        <Text fontSize="small" color="font.secondary">
          {lastSync ? messages.lastSync(formatDateTime(lastSync.syncedAt), lastSync.invited) : messages.neverSynced}
        </Text>
        {lastSync?.problem && (
          <Alert variation="warning" heading={messages.syncProblem}>
            {lastSync.problem}
          </Alert>
        )}
      </Flex>
      {confirming && (
        <Dialog title={messages.deleteTitle(form.name)} open onClose={() => setConfirming(false)} width="480px">
          <Flex direction="column" gap="medium">
            <Text>{messages.deleteExplained(form.name)}</Text>
            {deleteError && <Alert variation="error">{deleteError}</Alert>}
            <Flex justifyContent="flex-end" gap="small">
              <Button onClick={() => setConfirming(false)} isDisabled={deleting}>
                Cancel
              </Button>
              <Button variation="primary" colorTheme="error" isLoading={deleting} loadingText="Deleting..." onClick={() => void remove()}>
                {messages.deleteConfirm}
              </Button>
            </Flex>
          </Flex>
        </Dialog>
      )}
    </Card>
  );
};
