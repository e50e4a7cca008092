import { Alert, Flex, Heading, SwitchField, Text } from '@aws-amplify/ui-react';
import type { SummarySetting } from '../../../../../lambdas/contracts/summaries';
import { putSummariesCall, useCompany } from '../../../api/companies';
import { PageLoader } from '../../../components/page-loader';
import { summariesMessages as messages } from '../summaries-messages';
import { SettingSave, useCompanySetting } from './company-setting';

/** The setting as one comparable value (the shared setting hook tells a change by `!==`): "on|share". */
type Choice = `${'on' | 'off'}|${'share' | 'team'}`;
const toChoice = (s: SummarySetting): Choice => `${s.enabled ? 'on' : 'off'}|${s.showOnSharePage ? 'share' : 'team'}`;
const fromChoice = (c: Choice): SummarySetting => ({ enabled: c.startsWith('on|'), showOnSharePage: c.endsWith('|share') });

const formatNumber = (n: number) => new Intl.NumberFormat('en-GB').format(n);

/** "2026-12" → "December 2026". */
const monthName = (month: string) => {
  const at = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? month : new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);
};

/**
 * Summaries (owner, issue 41): grounded, machine-written summaries of answers, off by default. The
 * switch, whether shared candidate pages show them, the plain statement of what is sent where, and
 * this month's tokens against the company's budget (paused once it is used).
 */
const SummariesTab = ({ companyId }: { companyId: string }) => {
  const { data: company, error, mutate } = useCompany(companyId);
  const saved = toChoice(company?.summaries ?? { enabled: false, showOnSharePage: false });
  const setting = useCompanySetting<Choice>(
    saved,
    async (choice) => {
      const stored = await putSummariesCall(companyId, fromChoice(choice));
      if (company) await mutate({ ...company, summaries: stored }, { revalidate: true });
    },
    messages.saveFailed,
  );

  if (error) return <Alert variation="error">{messages.loadFailed}</Alert>;
  if (!company) return <PageLoader />;

  const value = fromChoice(setting.value);
  const usage = company.summariesUsage;
  return (
    <Flex as="section" direction="column" gap="medium" maxWidth="40rem" aria-labelledby="summaries-heading">
      <Heading level={3} id="summaries-heading">
        {messages.heading}
      </Heading>
      <Text>{messages.intro}</Text>
      <Text data-testid="summaries-sent-where">{messages.sentWhere}</Text>
      <Flex direction="column" gap="xxs">
        <SwitchField
          label={messages.enabled}
          labelPosition="end"
          isChecked={value.enabled}
          onChange={(e) => setting.choose(toChoice({ ...value, enabled: e.target.checked }))}
        />
        <Text fontSize="small" color="font.secondary">
          {messages.enabledHint}
        </Text>
      </Flex>
      <Flex direction="column" gap="xxs">
        <SwitchField
          label={messages.share}
          labelPosition="end"
          isChecked={value.showOnSharePage}
          onChange={(e) => setting.choose(toChoice({ ...value, showOnSharePage: e.target.checked }))}
        />
        <Text fontSize="small" color="font.secondary">
          {messages.shareHint}
        </Text>
      </Flex>
      {usage && (
        <Flex as="section" direction="column" gap="xs" aria-labelledby="summaries-usage-heading">
          <Heading level={4} id="summaries-usage-heading">
            {messages.usageHeading}
          </Heading>
          <Text data-testid="summaries-usage">
            {messages.usage(formatNumber(usage.inputTokens + usage.outputTokens), formatNumber(usage.budgetTokens), monthName(usage.month))}
          </Text>
          {usage.paused && <Alert variation="warning">{messages.paused}</Alert>}
        </Flex>
      )}
      <SettingSave setting={setting} savedMessage={messages.saved} />
    </Flex>
  );
};
export default SummariesTab;
