import { Alert, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { useMemo } from 'react';
import { useCompany } from '../../../api/companies';
import { putTimeZoneCall } from '../../../api/reports';
import { PageLoader } from '../../../components/page-loader';
import { reportsSettingsMessages as messages } from '../reports-messages';
import { SettingSave, useCompanySetting } from './company-setting';

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
  const saved = company?.timeZone ?? 'UTC';
  const choices = useMemo(() => timeZones(saved), [saved]);
  const setting = useCompanySetting(
    saved,
    async (zone) => {
      const stored = await putTimeZoneCall(companyId, zone);
      if (company) await mutate({ ...company, timeZone: stored.timeZone }, { revalidate: false });
    },
    messages.saveFailed,
  );

  if (error) return <Alert variation="error">{messages.loadFailed}</Alert>;
  if (!company) return <PageLoader />;

  return (
    <Flex as="section" direction="column" gap="medium" maxWidth="40rem" aria-labelledby="reports-settings-heading">
      <Heading level={3} id="reports-settings-heading">
        {messages.heading}
      </Heading>
      <Text>{messages.intro}</Text>
      <SelectField label={messages.label} value={setting.value} onChange={(e) => setting.choose(e.target.value)}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice.replace(/_/g, ' ')}
          </option>
        ))}
      </SelectField>
      <Text fontSize="small" color="font.secondary">
        {messages.note}
      </Text>
      <SettingSave setting={setting} savedMessage={messages.saved} />
    </Flex>
  );
};
