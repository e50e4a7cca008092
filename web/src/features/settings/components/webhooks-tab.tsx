import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useWebhookEndpoints, type WebhookEndpoint, type WebhookEndpointWithSecret } from '../../../api/webhooks';
import { PageLoader } from '../../../components/page-loader';
import { webhooksMessages as messages } from '../webhooks-messages';
import { SecretOnceDialog } from './secret-once';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';
import { WebhookEndpointItem } from './webhook-endpoint-item';
import './api-platform.css';

type Endpoints = { webhookEndpoints: WebhookEndpoint[] };

/**
 * Webhooks (owner, issue 38): the company's endpoints, oldest first, each with its status, events,
 * delivery log and actions; "Add endpoint" (the signing secret shown once, with how to check it).
 */
const WebhooksTab = ({ companyId }: { companyId: string }) => {
  const { data, error, mutate } = useWebhookEndpoints(companyId);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [created, setCreated] = useState<WebhookEndpointWithSecret | null>(null);
  const [notice, setNotice] = useState('');

  const put = (endpoint: WebhookEndpoint) =>
    mutate(
      (list?: Endpoints) => {
        const endpoints = list?.webhookEndpoints ?? [];
        return {
          webhookEndpoints: endpoints.some((e) => e.endpointId === endpoint.endpointId)
            ? endpoints.map((e) => (e.endpointId === endpoint.endpointId ? endpoint : e))
            : [...endpoints, endpoint],
        };
      },
      { revalidate: true },
    );
  const removed = (endpoint: WebhookEndpoint) => {
    setNotice(messages.removed(endpoint.url));
    return mutate((list?: Endpoints) => ({ webhookEndpoints: (list?.webhookEndpoints ?? []).filter((e) => e.endpointId !== endpoint.endpointId) }), {
      revalidate: true,
    });
  };

  return (
    <Flex as="section" direction="column" gap="medium" aria-labelledby="webhooks-heading">
      <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
        <Heading level={3} id="webhooks-heading">
          {messages.heading}
        </Heading>
        <Button variation="primary" onClick={() => setEditing('new')}>
          {messages.add}
        </Button>
      </Flex>
      <Text>{messages.intro}</Text>
      <Text role="status" fontSize="small">
        {notice}
      </Text>
      {error ? (
        <Alert variation="error">{messages.loadFailed}</Alert>
      ) : !data ? (
        <PageLoader />
      ) : data.webhookEndpoints.length === 0 ? (
        <Text color="font.secondary">{messages.none}</Text>
      ) : (
        <ul className="platform-list" aria-label="Webhook endpoints">
          {data.webhookEndpoints.map((endpoint) => (
            <WebhookEndpointItem
              key={endpoint.endpointId}
              companyId={companyId}
              endpoint={endpoint}
              onEdit={() => setEditing(endpoint)}
              onChanged={async (changed) => {
                await put(changed);
              }}
              onDeleted={async () => {
                await removed(endpoint);
              }}
            />
          ))}
        </ul>
      )}
      {editing && (
        <WebhookEndpointDialog
          companyId={companyId}
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={async (endpoint) => {
            setEditing(null);
            setCreated(endpoint);
            setNotice('');
            const { secret: _secret, ...listed } = endpoint;
            await put(listed);
          }}
          onUpdated={async (endpoint) => {
            setEditing(null);
            await put(endpoint);
          }}
        />
      )}
      {created && (
        <SecretOnceDialog
          title={messages.secretTitle}
          label={messages.secretLabel}
          secret={created.secret}
          copyLabel={messages.copySecret}
          warning={messages.secretOnce}
          onClose={() => setCreated(null)}
        >
          <Text fontSize="small">{messages.verifyHow}</Text>
        </SecretOnceDialog>
      )}
    </Flex>
  );
};
export default WebhooksTab;
