import { Alert, Button, CheckboxField, Fieldset, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useId, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../../../lambdas/contracts/webhook-events';
import { fieldErrors, noFieldErrors, type FieldErrors } from '../../../api/field-errors';
import { createWebhookEndpointCall, updateWebhookEndpointCall, type WebhookEndpoint, type WebhookEndpointWithSecret } from '../../../api/webhooks';
import { Dialog } from '../../../components/dialog';
import { endpointChanges, urlProblem } from '../webhooks';
import { webhooksMessages as messages } from '../webhooks-messages';

const FIELDS = ['url', 'events', 'description'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Add or edit a webhook endpoint: its URL, the events to send (a checkbox each, with a line saying
 * what the event means), and a description. A refused save keeps everything typed and shows the
 * server's messages beside the fields they name (a URL on a private address, say). Adding answers the
 * endpoint with its signing secret, which the caller shows once.
 */
export const WebhookEndpointDialog = ({
  companyId,
  endpoint,
  onClose,
  onCreated,
  onUpdated,
}: {
  companyId: string;
  /** The endpoint to edit; null adds one. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (endpoint: WebhookEndpointWithSecret) => Promise<void>;
  onUpdated: (endpoint: WebhookEndpoint) => Promise<void>;
}) => {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>(noFieldErrors);
  const formId = useId();
  const descriptionIds = useId();

  const problems: Partial<Record<Field, string>> = {
    ...(urlProblem(url) ? { url: urlProblem(url)! } : {}),
    ...(events.length === 0 ? { events: 'Choose at least one event.' } : {}),
  };
  const shown = (field: Field): string | undefined => errors.fields[field] ?? (tried ? problems[field] : undefined);
  const edited = (field: Field) => setErrors((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));
  // Events in the list's order, whatever order they were ticked in.
  const ordered = WEBHOOK_EVENT_TYPES.filter((e) => events.includes(e));
  const changes = endpoint ? endpointChanges(endpoint, { url, events: ordered, description }) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    if (changes && Object.keys(changes).length === 0) {
      setErrors({ fields: {}, form: messages.nothingChanged });
      return;
    }
    setBusy(true);
    setErrors(noFieldErrors);
    try {
      if (endpoint) await onUpdated(await updateWebhookEndpointCall(companyId, endpoint.endpointId, changes ?? {}));
      else await onCreated(await createWebhookEndpointCall(companyId, { url: url.trim(), events: ordered, description: description.trim() }));
    } catch (e) {
      setErrors(fieldErrors(e, FIELDS, messages.saveFailed));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={endpoint ? messages.editTitle : messages.addTitle}
      open
      onClose={onClose}
      width="640px"
      footer={
        <>
          <Button onClick={onClose} isDisabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variation="primary" isLoading={busy} loadingText={messages.saving}>
            {endpoint ? messages.save : messages.add}
          </Button>
        </>
      }
    >
      <Flex as="form" id={formId} direction="column" gap="medium" onSubmit={(e: FormEvent) => void submit(e)} noValidate>
        <TextField
          label={messages.urlLabel}
          descriptiveText={messages.urlHelp}
          name="webhookUrl"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          isRequired
          maxLength={2000}
          value={url}
          hasError={shown('url') !== undefined}
          errorMessage={shown('url')}
          onChange={(e) => {
            setUrl(e.target.value);
            edited('url');
          }}
        />
        <Fieldset legend={messages.eventsLegend} variation="plain" direction="column" gap="xs">
          <Text fontSize="small" color="font.secondary">
            {messages.eventsHelp}
          </Text>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Flex key={type} direction="column" gap="0">
              <CheckboxField
                name="events"
                value={type}
                label={<span className="platform-code">{type}</span>}
                aria-describedby={`${descriptionIds}-${type}`}
                checked={events.includes(type)}
                onChange={(e) => {
                  const on = e.target.checked;
                  setEvents((current) => (on ? [...current, type] : current.filter((t) => t !== type)));
                  edited('events');
                }}
              />
              <Text id={`${descriptionIds}-${type}`} fontSize="small" color="font.secondary" paddingLeft="large">
                {WEBHOOK_EVENT_DESCRIPTIONS[type]}
              </Text>
            </Flex>
          ))}
          {shown('events') && (
            <Text role="alert" fontSize="small" color="font.error">
              {shown('events')}
            </Text>
          )}
        </Fieldset>
        <TextField
          label={messages.descriptionLabel}
          descriptiveText={messages.descriptionHelp}
          name="webhookDescription"
          autoComplete="off"
          maxLength={200}
          value={description}
          hasError={shown('description') !== undefined}
          errorMessage={shown('description')}
          onChange={(e) => {
            setDescription(e.target.value);
            edited('description');
          }}
        />
        {errors.form && <Alert variation="error">{errors.form}</Alert>}
      </Flex>
    </Dialog>
  );
};
