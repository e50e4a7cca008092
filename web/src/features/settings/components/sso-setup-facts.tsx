import { Button, Flex, TextAreaField } from '@aws-amplify/ui-react';
import { CopyButton } from '../../../components/copy-button';
import { metadataFileName } from '../sso';
import { ssoMessages as messages } from '../sso-messages';

/** One value to paste into the identity provider: its name, the value, and Copy. */
export const SetupValue = ({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) => (
  <div className="sso-setup__value">
    <dt>{label}</dt>
    <dd>
      <code className="platform-code">{value}</code>
      <CopyButton text={value} label={copyLabel} />
    </dd>
  </div>
);

/** Our SAML metadata: read-only, with Copy and Download. */
export const SetupMetadata = ({ xml, providerName }: { xml: string; providerName: string }) => {
  const download = () => {
    const url = URL.createObjectURL(new Blob([xml], { type: 'application/samlmetadata+xml' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = metadataFileName(providerName);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <Flex direction="column" gap="xs">
      <TextAreaField label={messages.ourMetadata} value={xml} isReadOnly rows={4} fontFamily="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" />
      <Flex gap="small" wrap="wrap">
        <CopyButton text={xml} label={messages.copyMetadata} />
        <Button size="small" onClick={download}>
          {messages.downloadMetadata}
        </Button>
      </Flex>
    </Flex>
  );
};
