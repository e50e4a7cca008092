import { Alert, Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { useMessageTemplateList } from '../../../api/message-templates';
import { useMessageTriggers, type PlannedMessage } from '../../../api/positions';
import { messages } from '../messages';

/** Spec §5: a planned notification needs both a template and a trigger. */
export const plannedMessagesValid = (planned: PlannedMessage[]) => planned.every((m) => m.templateId !== '' && m.sendTrigger !== '');

/**
 * Candidate notifications (spec §2 Settings, §3 PlannedMessage): which message template goes to
 * candidates, and when (at the invite, at the response, or a while after the invite or before the
 * deadline). The server owns both lists; the templates follow changes made in the Emails tab, here
 * or in another tab of the SPA, without a reload (spec §4 live list sync).
 */
export const CandidateNotifications = ({
  companyId,
  planned,
  onChange,
}: {
  companyId: string;
  planned: PlannedMessage[];
  onChange: (planned: PlannedMessage[]) => void;
}) => {
  const templates = useMessageTemplateList(companyId);
  const triggers = useMessageTriggers();
  if (templates.error || triggers.error) return <Alert variation="error">{messages.templatesFailed}</Alert>;
  const update = (index: number, patch: Partial<PlannedMessage>) => onChange(planned.map((m, i) => (i === index ? { ...m, ...patch } : m)));

  return (
    <Flex direction="column" gap="small">
      <Text fontSize="small" color="font.secondary">
        {planned.length === 0
          ? 'No messages are planned. Candidates still get the invitation e-mail when you invite them by e-mail.'
          : 'A message sent when the candidate is invited takes the place of the standard invitation e-mail.'}
      </Text>
      {planned.map((message, index) => (
        <Flex
          key={index}
          gap="small"
          alignItems="flex-end"
          wrap="wrap"
          as="fieldset"
          aria-label={`Notification ${index + 1}`}
          style={{ border: 0, padding: 0, margin: 0 }}
        >
          <Choice
            label="Message"
            flex="1 1 220px"
            value={message.templateId}
            placeholder="Choose a message"
            options={(templates.data?.messageTemplates ?? []).map((t) => ({ value: t.templateId, label: t.templateName }))}
            onPick={(templateId) => update(index, { templateId })}
          />
          <Choice
            label="Send"
            flex="1 1 260px"
            value={message.sendTrigger}
            placeholder="Choose when"
            options={triggers.data?.messageTriggers ?? []}
            onPick={(sendTrigger) => update(index, { sendTrigger })}
          />
          <Button
            size="small"
            variation="link"
            colorTheme="error"
            onClick={() => onChange(planned.filter((_, i) => i !== index))}
            aria-label={`Remove notification ${index + 1}`}
          >
            Remove
          </Button>
        </Flex>
      ))}
      {!plannedMessagesValid(planned) && (
        <Text fontSize="small" color="font.error">
          Choose a message and when to send it for each notification.
        </Text>
      )}
      <Button size="small" alignSelf="flex-start" onClick={() => onChange([...planned, { templateId: '', sendTrigger: '' }])}>
        Add notification
      </Button>
    </Flex>
  );
};

/** One of a notification's two choices (which message, when): unset is shown as an error. */
const Choice = ({
  label,
  flex,
  value,
  placeholder,
  options,
  onPick,
}: {
  label: string;
  flex: string;
  value: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  onPick: (value: string) => void;
}) => (
  <SelectField
    label={label}
    size="small"
    flex={flex}
    value={value}
    placeholder={placeholder}
    hasError={value === ''}
    onChange={(e) => onPick(e.target.value)}
  >
    {options.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ))}
  </SelectField>
);
