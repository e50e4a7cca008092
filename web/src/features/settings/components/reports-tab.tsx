import { Alert, Button, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useCompany } from '../../../api/companies';
import { putTimeZoneCall } from '../../../api/reports';
import { PageLoader } from '../../../components/page-loader';
import { reportsSettingsMessages as messages } from '../reports-messages';

/** Every IANA time zone the browser knows, UTC first (Intl lists only the geographic ones). */
const timeZones = (saved: string): string[] => {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...listed, saved])];
};

/**
 * Reports (owner, issue 40): the time zone the company's reports count days in. One select of the
 * IANA zones, and Save; the Reports screen says which zone its days are in.
 */
export const ReportsTab = ({ companyId }: { companyId: string }) => {
  const { data: company, error, mutate } = useCompany(companyId);
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState(false);
  const saved = company?.timeZone ?? 'UTC';
  const choices = useMemo(() => timeZones(saved), [saved]);

  if (error) return <Alert variation="error">{messages.loadFailed}</Alert>;
  if (!company) return <PageLoader />;

  const zone = draft ?? saved;
  const dirty = zone !== saved;

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      const stored = await putTimeZoneCall(companyId, zone);
      await mutate({ ...company, timeZone: stored.timeZone }, { revalidate: false });
      setDraft(undefined);
      setSavedNote(true);
    } catch (e) {
      setSaveError(errorMessage(e, messages.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex as="section" direction="column" gap="medium" maxWidth="40rem" aria-labelledby="reports-settings-heading">
      <Heading level={3} id="reports-settings-heading">
        {messages.heading}
      </Heading>
      <Text>{messages.intro}</Text>
      <SelectField
        label={messages.label}
        value={zone}
        onChange={(e) => {
          setSavedNote(false);
          setDraft(e.target.value);
        }}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice.replace(/_/g, ' ')}
          </option>
        ))}
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
