import { Alert, Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { useConfirmedAction } from '../../../lib/use-confirmed-action';
import { deleteSsoProviderCall, type SsoProvider } from '../sso-api';
import { ssoMessages as messages } from '../sso-messages';
import { SetupMetadata, SetupValue } from './sso-setup-facts';

/**
 * One identity provider in the Sign-in tab: its name and kind, what identifies it (OIDC: issuer and
 * client id; SAML: its entity id and sign-in URL), what to paste into it (the server's `setup`), and
 * Remove after a confirmation saying that the sessions signed in through it end.
 */
export const SsoProviderItem = ({
  companyId,
  provider,
  onRemoved,
}: {
  companyId: string;
  provider: SsoProvider;
  onRemoved: (provider: SsoProvider) => Promise<void>;
}) => {
  const removal = useConfirmedAction(
    () => deleteSsoProviderCall(companyId, provider.providerId),
    messages.removeProviderFailed,
    () => onRemoved(provider),
  );
  const headingId = `sso-provider-${provider.providerId}`;
  const { setup } = provider;

  return (
    <Card as="li" variation="outlined" aria-labelledby={headingId}>
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
          <Flex alignItems="center" gap="xs" wrap="wrap">
            <Heading level={5} id={headingId}>
              {provider.name}
            </Heading>
            <Badge size="small">{messages.kinds[provider.kind]}</Badge>
          </Flex>
          <Button
            size="small"
            variation="link"
            colorTheme="error"
            aria-label={messages.removeProviderLabel(provider.name)}
            onClick={removal.ask}
          >
            {messages.remove}
          </Button>
        </Flex>
        <dl className="platform-facts">
          {provider.kind === 'oidc' ? (
            <>
              <div>
                <dt>{messages.issuer}</dt>
                <dd>
                  <code className="platform-code">{provider.issuer}</code>
                </dd>
              </div>
              <div>
                <dt>{messages.clientId}</dt>
                <dd>
                  <code className="platform-code">{provider.clientId}</code>
                </dd>
              </div>
            </>
          ) : (
            <>
              <div>
                <dt>{messages.idpEntityId}</dt>
                <dd>
                  <code className="platform-code">{provider.idpEntityId}</code>
                </dd>
              </div>
              <div>
                <dt>{messages.idpSsoUrl}</dt>
                <dd>
                  <code className="platform-code">{provider.idpSsoUrl}</code>
                </dd>
              </div>
              {provider.certificateCount !== undefined && (
                <div>
                  <dt>{messages.certificates}</dt>
                  <dd>{provider.certificateCount}</dd>
                </div>
              )}
            </>
          )}
          <div>
            <dt>{messages.added}</dt>
            <dd>
              <time dateTime={provider.createdAt}>{formatDateTime(provider.createdAt)}</time>
            </dd>
          </div>
        </dl>
        <Flex as="section" direction="column" gap="xs" aria-label={`${messages.setupHeading}: ${provider.name}`} className="sso-setup">
          <Text fontWeight="bold" fontSize="small">
            {messages.setupHeading}
          </Text>
          <dl className="sso-setup__values">
            {setup.redirectUrl && <SetupValue label={messages.redirectUrl} value={setup.redirectUrl} copyLabel={messages.copyRedirectUrl} />}
            {setup.entityId && <SetupValue label={messages.entityId} value={setup.entityId} copyLabel={messages.copyEntityId} />}
            {setup.acsUrl && <SetupValue label={messages.acsUrl} value={setup.acsUrl} copyLabel={messages.copyAcsUrl} />}
          </dl>
          {setup.metadataXml && <SetupMetadata xml={setup.metadataXml} providerName={provider.name} />}
        </Flex>
      </Flex>
      {removal.confirming && (
        <ConfirmDialog
          title={messages.removeProviderTitle(provider.name)}
          open
          tone="danger"
          confirmLabel={messages.removeProviderConfirm}
          busyLabel={messages.removing}
          onConfirm={removal.confirm}
          onCancel={removal.cancel}
        >
          <Text>{messages.removeProviderExplained}</Text>
          {removal.error && <Alert variation="error">{removal.error}</Alert>}
        </ConfirmDialog>
      )}
    </Card>
  );
};
