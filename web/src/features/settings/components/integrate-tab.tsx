import { Alert, Button, CheckboxField, Flex, Heading, PasswordField, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { integrationForms } from '../../../../../lambdas/contracts/integrations';
import { errorMessage } from '../../../api/client';
import {
  announceIntegrationsChanged,
  createIntegrationCall,
  createLeverOAuthHrefCall,
  useIntegrations,
  type Integration,
  type IntegrationType,
} from '../../../api/integrations';
import { PageLoader } from '../../../components/page-loader';
import { canAdd, chooseType, emptyDraft, toNewIntegration, type IntegrationDraft } from '../integration-draft';
import { integrationsMessages as messages } from '../integrations-messages';
import { IntegrationItem } from './integration-item';

type Integrations = { integrations: Integration[] };

/**
 * Integrate (owner; shown when the company has integration types, spec §2): choose a type (those
 * already added are disabled), enter what its form asks for and add it, the credential being
 * checked against the ATS first (spec §5); Lever goes to its consent page instead. Below, the
 * company's integrations with their masked secrets, how they hear of new candidates, their last
 * sync, and Delete. The list is the one the positions' tag sections read, so they follow at once.
 */
export const IntegrateTab = ({ companyId, types }: { companyId: string; types: readonly IntegrationType[] }) => {
  const { data, error, mutate } = useIntegrations(companyId);
  const [draft, setDraft] = useState<IntegrationDraft>(emptyDraft);
  const [busy, setBusy] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  if (error) return <Alert variation="error">{messages.loadFailed}</Alert>;
  if (!data) return <PageLoader />;

  const addedTypes = data.integrations.map((i) => i.integrationType);
  const form = draft.integrationType === '' ? null : integrationForms[draft.integrationType];
  const ready = canAdd(draft, addedTypes);
  const set = (patch: Partial<IntegrationDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setAdded(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy || draft.integrationType === '') return;
    const type = draft.integrationType;
    setBusy(true);
    setAddError(null);
    setAdded(null);
    try {
      if (integrationForms[type].connect === 'oauth') {
        const { authHref } = await createLeverOAuthHrefCall(companyId);
        // Lever's consent page; it comes back to /complete-lever-integration. Busy until the page goes.
        window.location.assign(authHref);
        return;
      }
      const integration = await createIntegrationCall(companyId, toNewIntegration({ ...draft, integrationType: type }));
      await mutate((list?: Integrations) => ({ integrations: [...(list?.integrations ?? []), integration] }), { revalidate: true });
      announceIntegrationsChanged(companyId);
      setDraft(emptyDraft);
      setAdded(integrationForms[type].name);
      setBusy(false);
    } catch (e) {
      setAddError(errorMessage(e, messages.addFailed));
      setBusy(false);
    }
  };

  const removed = async (integrationId: string) => {
    await mutate((list?: Integrations) => ({ integrations: (list?.integrations ?? []).filter((i) => i.integrationId !== integrationId) }), {
      revalidate: true,
    });
    announceIntegrationsChanged(companyId);
  };

  return (
    <Flex direction="column" gap="large">
      <Flex as="form" direction="column" gap="small" onSubmit={(e: FormEvent) => void submit(e)} aria-labelledby={`add-integration-${companyId}`}>
        <Heading level={5} id={`add-integration-${companyId}`}>
          Add an integration
        </Heading>
        <SelectField
          label={messages.typeLabel}
          placeholder={messages.chooseType}
          value={draft.integrationType}
          onChange={(e) => {
            setDraft(chooseType(e.target.value as IntegrationType | ''));
            setAddError(null);
            setAdded(null);
          }}
        >
          {types.map((type) => (
            <option key={type} value={type} disabled={addedTypes.includes(type)}>
              {addedTypes.includes(type) ? messages.alreadyAdded(integrationForms[type].name) : integrationForms[type].name}
            </option>
          ))}
        </SelectField>
        {form && (
          <>
            {form.usernameLabel !== null && (
              <TextField
                label={form.usernameLabel}
                name="username"
                autoComplete="off"
                isRequired
                value={draft.username}
                onChange={(e) => set({ username: e.target.value })}
              />
            )}
            {form.secretLabel !== null && (
              <PasswordField
                label={form.secretLabel}
                name="authToken"
                autoComplete="new-password"
                isRequired
                showPasswordButtonLabel={`Show ${form.secretLabel}`}
                passwordIsHiddenLabel={`${form.secretLabel} is hidden`}
                passwordIsShownLabel={`${form.secretLabel} is shown`}
                value={draft.authToken}
                onChange={(e) => set({ authToken: e.target.value })}
              />
            )}
            {draft.integrationType === 'greenhouse' && (
              <CheckboxField
                label={messages.stageTransitions}
                name="automaticStageTransitions"
                checked={draft.automaticStageTransitions}
                onChange={(e) => set({ automaticStageTransitions: e.target.checked })}
              />
            )}
            <Text fontSize="small" color="font.secondary">
              {form.help}
            </Text>
          </>
        )}
        {addError && <Alert variation="error">{addError}</Alert>}
        <Text role="status" fontSize="small">
          {added ? messages.added(added) : ''}
        </Text>
        <Button
          type="submit"
          variation="primary"
          alignSelf="flex-start"
          isDisabled={!ready}
          isLoading={busy}
          loadingText={form?.connect === 'oauth' ? 'Connecting...' : 'Adding...'}
        >
          {form?.connect === 'oauth' ? messages.connectLever : messages.add}
        </Button>
      </Flex>
      <Flex as="section" direction="column" gap="small" aria-labelledby={`integrations-${companyId}`}>
        <Heading level={5} id={`integrations-${companyId}`}>
          Connected integrations
        </Heading>
        {data.integrations.length === 0 ? (
          <Text color="font.secondary">{messages.none}</Text>
        ) : (
          <Flex as="ul" direction="column" gap="small" padding="0" margin="0" style={{ listStyle: 'none' }}>
            {data.integrations.map((integration) => (
              <IntegrationItem key={integration.integrationId} integration={integration} onDeleted={() => removed(integration.integrationId)} />
            ))}
          </Flex>
        )}
      </Flex>
    </Flex>
  );
};
