import { Alert, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { RETENTION_MONTH_CHOICES } from '../../../../../lambdas/contracts/vocabulary';
import { putRetentionCall, useCompany } from '../../../api/companies';
import { PageLoader } from '../../../components/page-loader';
import { retentionMessages as messages } from '../retention-messages';
import { SettingSave, useCompanySetting } from './company-setting';

const NEVER = 'never';

/**
 * Retention (owner, issue 28): how long candidates' data is kept. One select (1 to 24 months, or
 * never), the sentence saying what is deleted and when, and Save. The hourly retention job applies it.
 */
export const RetentionTab = ({ companyId }: { companyId: string }) => {
  const { data: company, error, mutate } = useCompany(companyId);
  const saved = company?.retentionMonths ?? null;
  const setting = useCompanySetting(
    saved,
    async (months) => {
      const stored = await putRetentionCall(companyId, months);
      if (company) await mutate({ ...company, retentionMonths: stored.retentionMonths }, { revalidate: false });
    },
    messages.saveFailed,
  );

  if (error) return <Alert variation="error">{messages.loadFailed}</Alert>;
  if (!company) return <PageLoader />;

  const months = setting.value;
  // A policy stored before the choices narrowed (any 1-24) is still shown as it is.
  const choices = [...new Set<number>([...RETENTION_MONTH_CHOICES, ...(saved === null ? [] : [saved])])].sort((a, b) => a - b);

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
        onChange={(e) => setting.choose(e.target.value === NEVER ? null : Number(e.target.value))}
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
      <SettingSave setting={setting} savedMessage={messages.saved} />
    </Flex>
  );
};
