import { Alert, Button, Flex, Heading, Radio, RadioGroupField, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api/client';
import { fieldErrors } from '../../../api/field-errors';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageLoader } from '../../../components/page-loader';
import { requirementMissing } from '../sso';
import {
  createSsoDomainCall,
  createSsoRecoveryCodeCall,
  putSsoSettingsCall,
  useSsoConfiguration,
  type SsoConfiguration,
  type SsoDomainRecord,
  type SsoProvider,
  type SsoSettings,
} from '../sso-api';
import { ssoMessages as messages } from '../sso-messages';
import { AddSsoProviderDialog } from './add-sso-provider-dialog';
import { SecretOnceDialog } from './secret-once';
import { SsoDomainItem } from './sso-domain-item';
import { SsoProviderItem } from './sso-provider-item';
import './api-platform.css';
import './sign-in-tab.css';

type Config = SsoConfiguration;

const MISSING_TEXT = { both: messages.requireNeeds, provider: messages.requireNeedsProvider, domain: messages.requireNeedsDomain } as const;

/** "Add domain": one field, its refusal beside it. */
const AddDomainForm = ({ companyId, onAdded }: { companyId: string; onAdded: (record: SsoDomainRecord) => Promise<void> }) => {
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (domain.trim() === '') {
      setError('Enter a domain, like example.com.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onAdded(await createSsoDomainCall(companyId, domain.trim()));
      setDomain('');
    } catch (e) {
      const found = fieldErrors(e, ['domain'] as const, messages.addDomainFailed);
      setError(found.fields.domain ?? found.form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex as="form" gap="small" alignItems="flex-start" wrap="wrap" onSubmit={(e: FormEvent) => void submit(e)} noValidate>
      <TextField
        label={messages.domainLabel}
        name="ssoDomain"
        autoComplete="off"
        flex="1 1 16rem"
        value={domain}
        hasError={error !== null}
        errorMessage={error ?? undefined}
        onChange={(e) => {
          setDomain(e.target.value);
          setError(null);
        }}
      />
      {/* Level with the input under its label (the label's line and the field's gap), whether or not an error shows under it. */}
      <Button type="submit" isLoading={busy} loadingText={messages.addingDomain} className="sso-domain-form__add">
        {messages.addDomain}
      </Button>
    </Flex>
  );
};

/** The settings: "Require single sign-on" (only once a provider and a proven domain exist) and who may join; Save. */
const SsoSettingsForm = ({ companyId, config, onSaved }: { companyId: string; config: Config; onSaved: (settings: SsoSettings, recoveryCode?: string) => Promise<void> }) => {
  const [draft, setDraft] = useState<SsoSettings | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const value = draft ?? config.settings;
  const dirty = value.requireSso !== config.settings.requireSso || value.joinMode !== config.settings.joinMode;
  const missing = requirementMissing(config);
  // Turning it off stays possible whatever is missing (a removed provider must not trap the setting).
  const locked = missing !== null && !value.requireSso;
  const helpId = useId();
  const choose = (next: Partial<SsoSettings>) => {
    setSaved(false);
    setError(null);
    setDraft({ ...value, ...next });
  };
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await putSsoSettingsCall(companyId, value);
      await onSaved(answer.settings, answer.recoveryCode);
      setDraft(null);
      setSaved(true);
    } catch (e) {
      setError(errorMessage(e, messages.saveFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex direction="column" gap="small">
      <SwitchField
        label={messages.requireLabel}
        isChecked={value.requireSso}
        isDisabled={locked || busy}
        aria-describedby={helpId}
        onChange={(e) => choose({ requireSso: e.target.checked })}
      />
      <Text id={helpId} fontSize="small" color="font.secondary">
        {locked ? `${MISSING_TEXT[missing]} ${messages.requireHelp}` : messages.requireHelp}
      </Text>
      <RadioGroupField
        legend={messages.joinLegend}
        name="ssoJoinMode"
        value={value.joinMode}
        isDisabled={busy}
        onChange={(e) => choose({ joinMode: e.target.value as SsoSettings['joinMode'] })}
      >
        <Radio value="invitation_only">{messages.joinModes.invitation_only}</Radio>
        <Radio value="join_as_member">{messages.joinModes.join_as_member}</Radio>
      </RadioGroupField>
      {error && <Alert variation="error">{error}</Alert>}
      {saved && !dirty && <Alert variation="success">{messages.savedNotice}</Alert>}
      <Flex justifyContent="flex-end">
        <Button variation="primary" onClick={() => void save()} isDisabled={!dirty} isLoading={busy} loadingText={messages.saving}>
          {messages.save}
        </Button>
      </Flex>
    </Flex>
  );
};

/**
 * Sign-in (owner, issue 42): single sign-on for the team. The identity providers (each with what to
 * paste into it), "Add provider"; the e-mail domains, each proven by a DNS TXT record ("Check now");
 * the settings ("Require single sign-on", who joins on a first sign-in); and the owner's recovery
 * code, shown once when it is made.
 */
const SignInTab = ({ companyId }: { companyId: string }) => {
  const { data, error, mutate } = useSsoConfiguration(companyId);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState('');
  const [recoveryCode, setRecoveryCode] = useState<string | null>(null);
  const [confirmingRecovery, setConfirmingRecovery] = useState(false);
  const [recoveryError, setRecoveryError] = useState<string | null>(null);

  const update = async (change: (config: Config) => Config) => {
    await mutate((config?: Config) => (config ? change(config) : config), { revalidate: true });
  };
  const putDomain = (record: SsoDomainRecord) =>
    update((config) => ({
      ...config,
      domains: config.domains.some((d) => d.domain === record.domain)
        ? config.domains.map((d) => (d.domain === record.domain ? record : d))
        : [...config.domains, record],
    }));
  const putProvider = (provider: SsoProvider) =>
    update((config) => ({ ...config, providers: [...config.providers.filter((p) => p.providerId !== provider.providerId), provider] }));

  const makeRecoveryCode = async () => {
    setRecoveryError(null);
    try {
      const made = await createSsoRecoveryCodeCall(companyId);
      setConfirmingRecovery(false);
      setRecoveryCode(made.recoveryCode);
      await update((config) => ({ ...config, hasRecoveryCode: true }));
    } catch (e) {
      setRecoveryError(errorMessage(e, messages.recoveryFailed));
    }
  };

  if (error) return <Alert variation="error">{messages.loadFailed}</Alert>;
  if (!data) return <PageLoader />;

  return (
    <Flex direction="column" gap="large" className="sso-tab">
      <Text>{messages.intro}</Text>
      <Text role="status" fontSize="small">
        {notice}
      </Text>

      <Flex as="section" direction="column" gap="small" aria-labelledby="sso-providers-heading">
        <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
          <Heading level={3} id="sso-providers-heading">
            {messages.providersHeading}
          </Heading>
          <Button variation="primary" onClick={() => setAdding(true)}>
            {messages.addProvider}
          </Button>
        </Flex>
        {data.providers.length === 0 ? (
          <Text color="font.secondary">{messages.providersNone}</Text>
        ) : (
          <ul className="platform-list">
            {data.providers.map((provider) => (
              <SsoProviderItem
                key={provider.providerId}
                companyId={companyId}
                provider={provider}
                onRemoved={async (removed) => {
                  setNotice(messages.removedProviderNotice(removed.name));
                  await update((config) => ({ ...config, providers: config.providers.filter((p) => p.providerId !== removed.providerId) }));
                }}
              />
            ))}
          </ul>
        )}
      </Flex>

      <Flex as="section" direction="column" gap="small" aria-labelledby="sso-domains-heading">
        <Heading level={3} id="sso-domains-heading">
          {messages.domainsHeading}
        </Heading>
        <Text>
          {messages.domainsIntro} {messages.domainHelp}
        </Text>
        {data.domains.length === 0 ? (
          <Text color="font.secondary">{messages.domainsNone}</Text>
        ) : (
          <ul className="platform-list">
            {data.domains.map((record) => (
              <SsoDomainItem
                key={record.domain}
                companyId={companyId}
                record={record}
                onChanged={async (changed) => {
                  if (changed.status === 'proven') setNotice(messages.provenNotice(changed.domain));
                  await putDomain(changed);
                }}
                onRemoved={async (removed) => {
                  setNotice(messages.removedDomainNotice(removed.domain));
                  await update((config) => ({ ...config, domains: config.domains.filter((d) => d.domain !== removed.domain) }));
                }}
              />
            ))}
          </ul>
        )}
        <AddDomainForm companyId={companyId} onAdded={putDomain} />
      </Flex>

      <Flex as="section" direction="column" gap="small" aria-labelledby="sso-settings-heading">
        <Heading level={3} id="sso-settings-heading">
          {messages.settingsHeading}
        </Heading>
        <SsoSettingsForm
          companyId={companyId}
          config={data}
          onSaved={async (settings, code) => {
            if (code) setRecoveryCode(code);
            await update((config) => ({ ...config, settings, hasRecoveryCode: config.hasRecoveryCode || Boolean(code) }));
          }}
        />
      </Flex>

      <Flex as="section" direction="column" gap="small" aria-labelledby="sso-recovery-heading">
        <Heading level={3} id="sso-recovery-heading">
          {messages.recoveryHeading}
        </Heading>
        <Text>{messages.recoveryIntro}</Text>
        <Text color="font.secondary">{data.hasRecoveryCode ? messages.recoveryExists : messages.recoveryNone}</Text>
        <Flex>
          <Button onClick={() => (data.hasRecoveryCode ? setConfirmingRecovery(true) : void makeRecoveryCode())}>{messages.newRecoveryCode}</Button>
        </Flex>
        {recoveryError && !confirmingRecovery && <Alert variation="error">{recoveryError}</Alert>}
      </Flex>

      {adding && (
        <AddSsoProviderDialog
          companyId={companyId}
          onClose={() => setAdding(false)}
          onAdded={async (provider) => {
            setNotice(messages.addedNotice(provider.name));
            await putProvider(provider);
          }}
        />
      )}
      {confirmingRecovery && (
        <ConfirmDialog
          title={messages.recoveryConfirmTitle}
          open
          confirmLabel={messages.recoveryConfirm}
          busyLabel={messages.makingRecoveryCode}
          onConfirm={makeRecoveryCode}
          onCancel={() => {
            setConfirmingRecovery(false);
            setRecoveryError(null);
          }}
        >
          <Text>{messages.recoveryConfirmExplained}</Text>
          {recoveryError && <Alert variation="error">{recoveryError}</Alert>}
        </ConfirmDialog>
      )}
      {recoveryCode && (
        <SecretOnceDialog
          title={messages.recoveryTitle}
          label={messages.recoveryLabel}
          secret={recoveryCode}
          copyLabel={messages.recoveryCopy}
          warning={messages.recoveryWarning}
          onClose={() => setRecoveryCode(null)}
        />
      )}
    </Flex>
  );
};
export default SignInTab;
