import { Alert, Button, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { RETENTION_MONTH_CHOICES } from '../../../../../lambdas/contracts/vocabulary';
import { errorMessage } from '../../../api/client';
import { putRetentionCall, useCompany } from '../../../api/companies';
import { PageLoader } from '../../../components/page-loader';
import { retentionMessages as messages } from '../retention-messages';

const NEVER = 'never';

/**
 * Retention (owner, issue 28): how long candidates' data is kept. One select (1 to 24 months, or
 * never), the sentence saying what is deleted and when, and Save. The hourly retention job applies it.
 */
export const RetentionTab = ({ companyId }: { companyId: string }) => {
  const { data: company, error, mutate } = useCompany(companyId);
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState(false);

  if (error) return <Alert variation="error">{messages.loadFailed}</Alert>;
  if (!company) return <PageLoader />;

  const saved = company.retentionMonths;
  const months = draft === undefined ? saved : draft;
  const dirty = months !== saved;
  // A policy stored before the choices narrowed (any 1-24) is still shown as it is.
  const choices = [...new Set<number>([...RETENTION_MONTH_CHOICES, ...(saved === null ? [] : [saved])])].sort((a, b) => a - b);

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      const stored = await putRetentionCall(companyId, months);
      await mutate({ ...company, retentionMonths: stored.retentionMonths }, { revalidate: false });
      setDraft(undefined);
      setSavedNote(true);
    } catch (e) {
      setSaveError(errorMessage(e, messages.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex as="section" direction="column" gap="medium" maxWidth="40rem" aria-labelledby="retention-heading">
      <Heading level={3} id="retention-heading">
        {messages.heading}
      </Heading>
      <Text>{messages.intro}</Text>
      <SelectField
        label={messages.label}
        value={months === null ? NEVER : String(months)}
        descriptiveText={messages.explain(months)}
        onChange={(e) => {
          setSavedNote(false);
          setDraft(e.target.value === NEVER ? null : Number(e.target.value));
        }}
      >
        {choices.map((choice) => (
          <option key={choice} value={String(choice)}>
            {messages.months(choice)}
          </option>
        ))}
        <option value={NEVER}>{messages.never}</option>
      </SelectField>
      <Text fontSize="small" color="font.secondary">
        {messages.note}
      </Text>
      {saveError && <Alert variation="error">{saveError}</Alert>}
      {savedNote && !dirty && <Alert variation="success">{messages.saved}</Alert>}
      <Flex justifyContent="flex-end">
        <Button variation="primary" onClick={() => void save()} isDisabled={!dirty} isLoading={saving} loadingText="Saving...">
          Save
        </Button>
      </Flex>
    </Flex>
  );
};
