import { Alert, Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import {
  deleteWebhookEndpointCall,
  rotateWebhookSecretCall,
  sendWebhookTestEventCall,
  updateWebhookEndpointCall,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '../../../api/webhooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { endpointStatus } from '../webhooks';
import { webhooksMessages as messages } from '../webhooks-messages';
import { SecretOnceDialog } from './secret-once';
import { WebhookDeliveries } from './webhook-deliveries';

type Confirming = 'rotate' | 'delete' | null;

/**
 * One endpoint in the Webhooks tab: its URL, description, events, status (enabled, failing, or
 * disabled and why), when it was made and whether a previous secret still signs. Its actions: Send
 * test event (which opens its delivery log, where the test shows), Delivery log, Edit, Enable or
 * Disable, Rotate secret (confirmed; the new secret shown once, the overlap explained) and Delete
 * (confirmed). Failures are said beside the action; nothing changes on screen until the server agrees.
 */
export const WebhookEndpointItem = ({
  companyId,
  endpoint,
  onEdit,
  onChanged,
  onDeleted,
}: {
  companyId: string;
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onChanged: (endpoint: WebhookEndpoint) => Promise<void>;
  onDeleted: () => Promise<void>;
}) => {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [rotated, setRotated] = useState<WebhookEndpointWithSecret | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const [busy, setBusy] = useState<'test' | 'toggle' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const headingId = `webhook-${endpoint.endpointId}`;
  const logId = useId();
  const status = endpointStatus(endpoint);
  const [openedAt] = useState(() => Date.now());

  const act = async (kind: 'test' | 'toggle', action: () => Promise<void>, fallback: string) => {
    if (busy) return;
    setBusy(kind);
    setActionError(null);
    setNotice('');
    try {
      await action();
    } catch (e) {
      setActionError(errorMessage(e, fallback));
    } finally {
      setBusy(null);
    }
  };
  const sendTest = () =>
    act(
      'test',
      async () => {
        await sendWebhookTestEventCall(companyId, endpoint.endpointId);
        setNotice(messages.testSent(endpoint.url));
        setLogOpen(true);
      },
      messages.testFailed,
    );
  const toggle = () =>
    act(
      'toggle',
      async () => onChanged(await updateWebhookEndpointCall(companyId, endpoint.endpointId, { enabled: !endpoint.enabled })),
      messages.toggleFailed,
    );

  const confirm = async () => {
    setConfirmError(null);
    try {
      if (confirming === 'rotate') {
        const next = await rotateWebhookSecretCall(companyId, endpoint.endpointId);
        setConfirming(null);
        setRotated(next);
        const { secret: _secret, ...listed } = next;
        await onChanged(listed);
      } else if (confirming === 'delete') {
        await deleteWebhookEndpointCall(companyId, endpoint.endpointId);
        setConfirming(null);
        await onDeleted();
      }
    } catch (e) {
      setConfirmError(errorMessage(e, confirming === 'rotate' ? messages.rotateFailed : messages.deleteFailed));
    }
  };

  return (
    <Card as="li" variation="outlined" aria-labelledby={headingId}>
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="flex-start" gap="small" wrap="wrap">
          <Flex direction="column" gap="xxxs" minWidth="0" flex="1 1 16rem">
            <Heading level={5} id={headingId} className="platform-code">
              {endpoint.url}
            </Heading>
            {endpoint.description && <Text color="font.secondary">{endpoint.description}</Text>}
          </Flex>
          <Badge size="small" variation={status.kind === 'enabled' ? 'success' : status.kind === 'failing' ? 'warning' : 'error'}>
            {status.kind === 'enabled' ? messages.enabled : status.kind === 'failing' ? messages.failing : messages.disabled}
          </Badge>
        </Flex>
        {status.kind === 'failing' && <Alert variation="warning">{messages.failingSince(status.since)}</Alert>}
        {status.kind === 'disabled' && (
          <Alert variation={status.reason === 'failing' ? 'error' : 'info'}>
            {status.reason === 'failing' ? messages.disabledFailing(status.at) : messages.disabledByOwner(status.at)}
          </Alert>
        )}
        <dl className="platform-facts">
          <div className="platform-facts__wide">
            <dt>{messages.events}</dt>
            <dd>
              <Flex as="span" gap="xxs" wrap="wrap">
                {endpoint.events.map((event) => (
                  <Badge key={event} size="small" className="platform-code">
                    {event}
                  </Badge>
                ))}
              </Flex>
            </dd>
          </div>
          <div>
            <dt>{messages.created}</dt>
            <dd>
              <time dateTime={endpoint.createdAt}>{formatDateTime(endpoint.createdAt)}</time>
            </dd>
          </div>
          {endpoint.previousSecretExpiresAt && Date.parse(endpoint.previousSecretExpiresAt) > openedAt && (
            <div>
              <dt>{messages.secretLabel}</dt>
              <dd>{messages.previousSecret(endpoint.previousSecretExpiresAt)}</dd>
            </div>
          )}
        </dl>
        <Flex gap="xs" wrap="wrap" alignItems="center">
          <Button
            size="small"
            onClick={() => void sendTest()}
            isLoading={busy === 'test'}
            loadingText={messages.sendingTest}
            aria-label={messages.sendTestLabel(endpoint.url)}
          >
            {messages.sendTest}
          </Button>
          <Button
            size="small"
            aria-expanded={logOpen}
            aria-controls={logId}
            aria-label={messages.logLabel(endpoint.url)}
            onClick={() => setLogOpen((open) => !open)}
          >
            {messages.showLog}
          </Button>
          <Button size="small" variation="link" onClick={onEdit} aria-label={messages.editLabel(endpoint.url)}>
            {messages.edit}
          </Button>
          <Button
            size="small"
            variation="link"
            onClick={() => void toggle()}
            isLoading={busy === 'toggle'}
            loadingText={messages.saving}
            aria-label={endpoint.enabled ? messages.disableLabel(endpoint.url) : messages.enableLabel(endpoint.url)}
          >
            {endpoint.enabled ? messages.disable : messages.enable}
          </Button>
          <Button size="small" variation="link" onClick={() => setConfirming('rotate')} aria-label={messages.rotateLabel(endpoint.url)}>
            {messages.rotate}
          </Button>
          <Button
            size="small"
            variation="link"
            colorTheme="error"
            onClick={() => setConfirming('delete')}
            aria-label={messages.removeLabel(endpoint.url)}
          >
            {messages.remove}
          </Button>
        </Flex>
        <Text role="status" fontSize="small">
          {notice}
        </Text>
        {actionError && <Alert variation="error">{actionError}</Alert>}
        <div id={logId} hidden={!logOpen}>
          {logOpen && <WebhookDeliveries companyId={companyId} endpointId={endpoint.endpointId} headingId={`${logId}-heading`} />}
        </div>
      </Flex>
      {confirming && (
        <ConfirmDialog
          title={confirming === 'rotate' ? messages.rotateTitle : messages.removeTitle}
          open
          tone={confirming === 'delete' ? 'danger' : 'neutral'}
          confirmLabel={confirming === 'rotate' ? messages.rotateConfirm : messages.removeConfirm}
          busyLabel={confirming === 'rotate' ? messages.rotating : messages.removing}
          onConfirm={confirm}
          onCancel={() => {
            setConfirming(null);
            setConfirmError(null);
          }}
        >
          <Text>{confirming === 'rotate' ? messages.rotateExplained : messages.removeExplained(endpoint.url)}</Text>
          {confirmError && <Alert variation="error">{confirmError}</Alert>}
        </ConfirmDialog>
      )}
      {rotated && (
        <SecretOnceDialog
          title={messages.rotatedTitle}
          label={messages.secretLabel}
          secret={rotated.secret}
          copyLabel={messages.copySecret}
          warning={messages.secretOnce}
          onClose={() => setRotated(null)}
        >
          {rotated.previousSecretExpiresAt && <Text>{messages.overlap(rotated.previousSecretExpiresAt)}</Text>}
        </SecretOnceDialog>
      )}
    </Card>
  );
};
