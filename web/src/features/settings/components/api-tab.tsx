import { Alert, Button, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useApiKeys, type ApiKey } from '../../../api/api-keys';
import { apiPath } from '../../../api/client';
import { PageLoader } from '../../../components/page-loader';
import { API_PREFIX } from '../../../../../lambdas/operations/path';
import { apiKeysMessages as messages } from '../api-keys-messages';
import { ApiKeyItem } from './api-key-item';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import './api-platform.css';

type Keys = { apiKeys: ApiKey[] };

/**
 * API (owner, issue 38): the company's API keys, newest first, revoked ones kept and marked; "Create
 * API key" (the secret shown once); Revoke with a confirmation; and how to call the API with a key,
 * with the link to the OpenAPI document that describes every route and its scopes.
 */
const ApiTab = ({ companyId }: { companyId: string }) => {
  const { data, error, mutate } = useApiKeys(companyId);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState('');

  const replace = (key: ApiKey) =>
    mutate((list?: Keys) => ({ apiKeys: (list?.apiKeys ?? []).map((k) => (k.keyId === key.keyId ? key : k)) }), { revalidate: true });
  const docs = `${API_PREFIX}${apiPath('getOpenApi')}`;
  const example = `curl -H "Authorization: Bearer $API_KEY" \\\n  "${window.location.origin}${API_PREFIX}${apiPath('listPositions', { companyId })}"`;

  return (
    <Flex as="section" direction="column" gap="large" aria-labelledby="api-keys-heading">
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
          <Heading level={3} id="api-keys-heading">
            {messages.heading}
          </Heading>
          <Button variation="primary" onClick={() => setCreating(true)}>
            {messages.create}
          </Button>
        </Flex>
        <Text>{messages.intro}</Text>
        <Text role="status" fontSize="small">
          {notice}
        </Text>
      </Flex>
      <Flex as="section" direction="column" gap="small" aria-labelledby="api-keys-list-heading">
        <Heading level={4} id="api-keys-list-heading">
          {messages.listHeading}
        </Heading>
        {error ? (
          <Alert variation="error">{messages.loadFailed}</Alert>
        ) : !data ? (
          <PageLoader />
        ) : data.apiKeys.length === 0 ? (
          <Text color="font.secondary">{messages.none}</Text>
        ) : (
          <ul className="platform-list">
            {data.apiKeys.map((key) => (
              <ApiKeyItem
                key={key.keyId}
                companyId={companyId}
                apiKey={key}
                onRevoked={async (revoked) => {
                  setNotice(messages.revokedNotice(revoked.name));
                  await replace(revoked);
                }}
              />
            ))}
          </ul>
        )}
      </Flex>
      <Flex as="section" direction="column" gap="small" aria-labelledby="api-keys-how-heading">
        <Heading level={4} id="api-keys-how-heading">
          {messages.howHeading}
        </Heading>
        <Text>{messages.howIntro}</Text>
        <pre className="platform-snippet">{example}</pre>
        <Text>
          {messages.howDocs}{' '}
          <Link href={docs} isExternal textDecoration="underline">
            {messages.docsLink}
          </Link>
          .
        </Text>
      </Flex>
      {creating && (
        <CreateApiKeyDialog
          companyId={companyId}
          onClose={() => setCreating(false)}
          onCreated={async (key) => {
            setNotice('');
            const { secret: _secret, ...listed } = key;
            await mutate((list?: Keys) => ({ apiKeys: [listed, ...(list?.apiKeys ?? []).filter((k) => k.keyId !== key.keyId)] }), {
              revalidate: true,
            });
          }}
        />
      )}
    </Flex>
  );
};
export default ApiTab;
