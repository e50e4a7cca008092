import { Alert, Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { API_KEY_SCOPE_LABELS } from '../../../../../lambdas/contracts/api-keys';
import { revokeApiKeyCall, type ApiKey } from '../../../api/api-keys';
import { errorMessage } from '../../../api/client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { keyState } from '../api-keys';
import { apiKeysMessages as messages } from '../api-keys-messages';

const STATE_BADGE = { active: 'success', expired: 'warning', revoked: 'error' } as const;

/**
 * One key in the API tab: its name and state, its prefix, scopes, who created it and when, when it
 * was last used and when it expires (or was revoked), and Revoke after a confirmation saying what
 * revoking does. A failed revoke says so in the confirmation, which stays open.
 */
export const ApiKeyItem = ({ companyId, apiKey, onRevoked }: { companyId: string; apiKey: ApiKey; onRevoked: (key: ApiKey) => Promise<void> }) => {
  const [confirming, setConfirming] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [openedAt] = useState(() => new Date());
  const state = keyState(apiKey, openedAt);
  const headingId = `api-key-${apiKey.keyId}`;

  const revoke = async () => {
    setRevokeError(null);
    try {
      const revoked = await revokeApiKeyCall(companyId, apiKey.keyId);
      setConfirming(false);
      await onRevoked(revoked);
    } catch (e) {
      setRevokeError(errorMessage(e, messages.revokeFailed));
    }
  };

  return (
    <Card as="li" variation="outlined" aria-labelledby={headingId} className={state === 'active' ? undefined : 'platform-dimmed'}>
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
          <Flex alignItems="center" gap="xs" wrap="wrap">
            <Heading level={5} id={headingId}>
              {apiKey.name}
            </Heading>
            <Badge size="small" variation={STATE_BADGE[state]}>
              {messages.states[state]}
            </Badge>
          </Flex>
          {state !== 'revoked' && (
            <Button
              size="small"
              variation="link"
              colorTheme="error"
              aria-label={messages.revokeLabel(apiKey.name)}
              onClick={() => setConfirming(true)}
            >
              {messages.revoke}
            </Button>
          )}
        </Flex>
        <dl className="platform-facts">
          <div>
            <dt>{messages.prefix}</dt>
            <dd>
              <code className="platform-code">{apiKey.prefix}</code>
            </dd>
          </div>
          <div>
            <dt>{messages.scopes}</dt>
            <dd>{apiKey.scopes.map((scope) => API_KEY_SCOPE_LABELS[scope]).join(', ')}</dd>
          </div>
          <div>
            <dt>{messages.createdBy}</dt>
            <dd>{apiKey.createdBy?.email ?? messages.formerMember}</dd>
          </div>
          <div>
            <dt>{messages.created}</dt>
            <dd>
              <time dateTime={apiKey.createdAt}>{formatDateTime(apiKey.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt>{messages.lastUsed}</dt>
            <dd data-testid="api-key-last-used">
              {apiKey.lastUsedAt ? <time dateTime={apiKey.lastUsedAt}>{formatDateTime(apiKey.lastUsedAt)}</time> : messages.neverUsed}
            </dd>
          </div>
          <div>
            <dt>{apiKey.revokedAt ? messages.states.revoked : messages.expires}</dt>
            <dd>
              {apiKey.revokedAt ? (
                <time dateTime={apiKey.revokedAt}>{formatDateTime(apiKey.revokedAt)}</time>
              ) : apiKey.expiresAt ? (
                <time dateTime={apiKey.expiresAt}>{formatDateTime(apiKey.expiresAt)}</time>
              ) : (
                messages.neverExpires
              )}
            </dd>
          </div>
        </dl>
      </Flex>
      {confirming && (
        <ConfirmDialog
          title={messages.revokeTitle(apiKey.name)}
          open
          tone="danger"
          confirmLabel={messages.revokeConfirm}
          busyLabel={messages.revoking}
          onConfirm={revoke}
          onCancel={() => {
            setConfirming(false);
            setRevokeError(null);
          }}
        >
          <Text>{messages.revokeExplained}</Text>
          {revokeError && <Alert variation="error">{revokeError}</Alert>}
        </ConfirmDialog>
      )}
    </Card>
  );
};
