import { Alert, Button, CheckboxField, Fieldset, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useId, useState, type FormEvent } from 'react';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyScope } from '../../../../../lambdas/contracts/api-keys';
import { createApiKeyCall, type CreatedApiKey } from '../../../api/api-keys';
import { fieldErrors, noFieldErrors, type FieldErrors } from '../../../api/field-errors';
import { Dialog } from '../../../components/dialog';
import { EXPIRY_CHOICES, expiryChoiceLabel, expiryDateRange, expiryFor, type ExpiryChoice } from '../api-keys';
import { apiKeysMessages as messages } from '../api-keys-messages';
import { SecretOnceDialog } from './secret-once';

const FIELDS = ['name', 'scopes', 'expiresAt'] as const;
type Field = (typeof FIELDS)[number];

/**
 * "Create API key": a name, the scopes as checkboxes (each with its label from the contract), and an
 * expiry (never, 30, 90 or 365 days, or a date). A refused save keeps everything typed and shows the
 * server's messages beside the fields they name. Once created, the dialog shows the secret this once,
 * with Copy and a plain "you will not see it again"; Done closes it.
 */
export const CreateApiKeyDialog = ({
  companyId,
  onClose,
  onCreated,
}: {
  companyId: string;
  onClose: () => void;
  onCreated: (key: CreatedApiKey) => Promise<void>;
}) => {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [date, setDate] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>(noFieldErrors);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const formId = useId();

  const [now] = useState(() => new Date());
  const range = expiryDateRange(now);
  const chosenExpiry = expiryFor(expiry, date, now);
  const problems: Partial<Record<Field, string>> = {
    ...(name.trim() === '' ? { name: 'Name the key.' } : {}),
    ...(scopes.length === 0 ? { scopes: 'Choose at least one scope.' } : {}),
    ...('problem' in chosenExpiry ? { expiresAt: chosenExpiry.problem } : {}),
  };
  // What is wrong shows once a save was tried (the server's word first), or when a field was emptied after.
  const shown = (field: Field): string | undefined => errors.fields[field] ?? (tried ? problems[field] : undefined);
  const edited = (field: Field) => setErrors((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    if (Object.keys(problems).length > 0 || 'problem' in chosenExpiry) return;
    setBusy(true);
    setErrors(noFieldErrors);
    try {
      // Scopes in the contract's order, whatever order they were ticked in.
      const key = await createApiKeyCall(companyId, {
        name: name.trim(),
        scopes: API_KEY_SCOPES.filter((s) => scopes.includes(s)),
        expiresAt: chosenExpiry.expiresAt,
      });
      setCreated(key);
      await onCreated(key);
    } catch (e) {
      setErrors(fieldErrors(e, FIELDS, messages.createFailed));
    } finally {
      setBusy(false);
    }
  };

  if (created)
    return (
      <SecretOnceDialog
        title={messages.createdTitle}
        label={`${messages.secretLabel} (${created.name})`}
        secret={created.secret}
        copyLabel={messages.copySecret}
        warning={messages.secretOnce}
        onClose={onClose}
      />
    );

  return (
    <Dialog
      title={messages.create}
      open
      onClose={onClose}
      width="560px"
      footer={
        <>
          <Button onClick={onClose} isDisabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variation="primary" isLoading={busy} loadingText={messages.creating}>
            {messages.create}
          </Button>
        </>
      }
    >
      <Flex as="form" id={formId} direction="column" gap="medium" onSubmit={(e: FormEvent) => void submit(e)} noValidate>
        <TextField
          label={messages.nameLabel}
          descriptiveText={messages.nameHelp}
          name="apiKeyName"
          autoComplete="off"
          isRequired
          maxLength={80}
          value={name}
          hasError={shown('name') !== undefined}
          errorMessage={shown('name')}
          onChange={(e) => {
            setName(e.target.value);
            edited('name');
          }}
        />
        <Fieldset legend={messages.scopesLegend} variation="plain" direction="column" gap="xs">
          <Text fontSize="small" color="font.secondary">
            {messages.scopesHelp}
          </Text>
          {API_KEY_SCOPES.map((scope) => (
            <CheckboxField
              key={scope}
              name="scopes"
              value={scope}
              label={API_KEY_SCOPE_LABELS[scope]}
              checked={scopes.includes(scope)}
              onChange={(e) => {
                const on = e.target.checked;
                setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
                edited('scopes');
              }}
            />
          ))}
          {shown('scopes') && (
            <Text role="alert" fontSize="small" color="font.error">
              {shown('scopes')}
            </Text>
          )}
        </Fieldset>
        <Flex gap="medium" wrap="wrap" alignItems="flex-start">
          <SelectField
            label={messages.expiryLabel}
            flex="1 1 12rem"
            value={expiry}
            hasError={expiry !== 'date' && shown('expiresAt') !== undefined}
            errorMessage={expiry !== 'date' ? shown('expiresAt') : undefined}
            onChange={(e) => {
              setExpiry(e.target.value as ExpiryChoice);
              edited('expiresAt');
            }}
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {expiryChoiceLabel(choice)}
              </option>
            ))}
          </SelectField>
          {expiry === 'date' && (
            <TextField
              label={messages.dateLabel}
              descriptiveText={messages.dateHelp}
              type="date"
              flex="1 1 12rem"
              min={range.min}
              max={range.max}
              isRequired
              value={date}
              hasError={shown('expiresAt') !== undefined}
              errorMessage={shown('expiresAt')}
              onChange={(e) => {
                setDate(e.target.value);
                edited('expiresAt');
              }}
            />
          )}
        </Flex>
        {errors.form && <Alert variation="error">{errors.form}</Alert>}
      </Flex>
    </Dialog>
  );
};
