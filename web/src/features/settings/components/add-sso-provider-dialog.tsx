import { Alert, Button, Flex, PasswordField, Radio, RadioGroupField, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useId, useState, type FormEvent } from 'react';
import { API_PREFIX } from '../../../../../lambdas/operations/path';
import { apiPath } from '../../../api/client';
import { fieldErrors, noFieldErrors, type FieldErrors } from '../../../api/field-errors';
import { Dialog } from '../../../components/dialog';
import { EMPTY_PROVIDER_DRAFT, newProviderBody, PROVIDER_FIELDS, providerDraftProblems, type MetadataSource, type ProviderDraft, type ProviderField } from '../sso';
import { createSsoProviderCall, type SsoProvider } from '../sso-api';
import { ssoMessages as messages } from '../sso-messages';
import { SetupValue } from './sso-setup-facts';

/**
 * "Add provider": the kind (OpenID Connect or SAML 2.0), then its fields. OpenID Connect: name,
 * issuer URL, client id and client secret, with the redirect URL to register in the provider shown
 * first; SAML: name and the provider's metadata, pasted or by URL. A refused save keeps everything
 * typed and shows the server's messages beside the fields they name.
 */
export const AddSsoProviderDialog = ({
  companyId,
  onClose,
  onAdded,
}: {
  companyId: string;
  onClose: () => void;
  onAdded: (provider: SsoProvider) => Promise<void>;
}) => {
  const [draft, setDraft] = useState<ProviderDraft>(EMPTY_PROVIDER_DRAFT);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<ProviderField>>(noFieldErrors);
  const formId = useId();
  const problems = providerDraftProblems(draft);
  const shown = (field: ProviderField): string | undefined => errors.fields[field] ?? (tried ? problems[field] : undefined);
  const set = <K extends keyof ProviderDraft>(key: K, value: ProviderDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, fields: { ...current.fields, [key]: undefined } }));
  };
  const redirectUrl = `${window.location.origin}${API_PREFIX}${apiPath('completeOidcSignIn')}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setErrors(noFieldErrors);
    try {
      const provider = await createSsoProviderCall(companyId, newProviderBody(draft));
      await onAdded(provider);
      onClose();
    } catch (e) {
      setErrors(fieldErrors(e, PROVIDER_FIELDS, messages.addFailed));
      setBusy(false);
    }
  };

  const field = (name: ProviderField) => ({
    hasError: shown(name) !== undefined,
    errorMessage: shown(name),
  });

  return (
    <Dialog
      title={messages.addProvider}
      open
      onClose={onClose}
      width="640px"
      footer={
        <>
          <Button onClick={onClose} isDisabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variation="primary" isLoading={busy} loadingText={messages.adding}>
            {messages.addProvider}
          </Button>
        </>
      }
    >
      <Flex as="form" id={formId} direction="column" gap="medium" onSubmit={(e: FormEvent) => void submit(e)} noValidate>
        <RadioGroupField
          legend={messages.kindLegend}
          name="ssoProviderKind"
          direction="row"
          value={draft.kind}
          onChange={(e) => set('kind', e.target.value as ProviderDraft['kind'])}
        >
          <Radio value="oidc">{messages.kinds.oidc}</Radio>
          <Radio value="saml">{messages.kinds.saml}</Radio>
        </RadioGroupField>
        <TextField
          label={messages.nameLabel}
          descriptiveText={messages.nameHelp}
          name="ssoProviderName"
          autoComplete="off"
          isRequired
          maxLength={80}
          value={draft.name}
          onChange={(e) => set('name', e.target.value)}
          {...field('name')}
        />
        {draft.kind === 'oidc' ? (
          <>
            <Flex direction="column" gap="xs" className="sso-setup">
              <Text fontSize="small">{messages.oidcRedirectHelp}</Text>
              <dl className="sso-setup__values">
                <SetupValue label={messages.redirectUrl} value={redirectUrl} copyLabel={messages.copyRedirectUrl} />
              </dl>
            </Flex>
            <TextField
              label={messages.issuerLabel}
              descriptiveText={messages.issuerHelp}
              name="ssoIssuer"
              type="url"
              autoComplete="off"
              isRequired
              value={draft.issuer}
              onChange={(e) => set('issuer', e.target.value)}
              {...field('issuer')}
            />
            <TextField
              label={messages.clientIdLabel}
              name="ssoClientId"
              autoComplete="off"
              isRequired
              value={draft.clientId}
              onChange={(e) => set('clientId', e.target.value)}
              {...field('clientId')}
            />
            <PasswordField
              label={messages.clientSecretLabel}
              descriptiveText={messages.clientSecretHelp}
              name="ssoClientSecret"
              autoComplete="new-password"
              isRequired
              value={draft.clientSecret}
              onChange={(e) => set('clientSecret', e.target.value)}
              {...field('clientSecret')}
            />
          </>
        ) : (
          <>
            <Text fontSize="small">{messages.samlSetupHelp}</Text>
            <RadioGroupField
              legend={messages.metadataSourceLegend}
              name="ssoMetadataSource"
              direction="row"
              value={draft.metadataSource}
              onChange={(e) => set('metadataSource', e.target.value as MetadataSource)}
            >
              <Radio value="xml">{messages.metadataSources.xml}</Radio>
              <Radio value="url">{messages.metadataSources.url}</Radio>
            </RadioGroupField>
            {draft.metadataSource === 'xml' ? (
              <TextAreaField
                label={messages.metadataXmlLabel}
                descriptiveText={messages.metadataXmlHelp}
                name="ssoMetadataXml"
                rows={8}
                isRequired
                value={draft.metadataXml}
                onChange={(e) => set('metadataXml', e.target.value)}
                fontFamily="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace"
                {...field('metadataXml')}
              />
            ) : (
              <TextField
                label={messages.metadataUrlLabel}
                descriptiveText={messages.metadataUrlHelp}
                name="ssoMetadataUrl"
                type="url"
                autoComplete="off"
                isRequired
                value={draft.metadataUrl}
                onChange={(e) => set('metadataUrl', e.target.value)}
                {...field('metadataUrl')}
              />
            )}
          </>
        )}
        {errors.form && <Alert variation="error">{errors.form}</Alert>}
      </Flex>
    </Dialog>
  );
};
