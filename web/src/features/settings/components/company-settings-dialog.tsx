import { Tabs } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useCompany } from '../../../api/companies';
import { Dialog } from '../../../components/dialog';
import { BillingTab } from './billing-tab';
import { EmailsTab } from './emails-tab';
import { IntegrateTab } from './integrate-tab';
import { TeamTab } from './team-tab';
import { ThemeTab } from './theme-tab';

/**
 * The company settings dialog of the owner's gear (spec §2). Its tabs, in the spec's order: Team,
 * Emails, Theme, Integrate (only when the company has integration types), Billing.
 */
const CompanySettingsDialog = ({ companyId, open, onClose }: { companyId: string; open: boolean; onClose: () => void }) => {
  const [tab, setTab] = useState('team');
  const integrationTypes = useCompany(companyId).data?.config.integrationTypes ?? [];
  const integrate = integrationTypes.length > 0;
  return (
    <Dialog title="Company settings" open={open} onClose={onClose} width={tab === 'billing' ? '960px' : undefined}>
      <Tabs
        value={tab}
        onValueChange={setTab}
        items={[
          { label: 'Team', value: 'team', content: tab === 'team' ? <TeamTab companyId={companyId} /> : null },
          { label: 'Emails', value: 'emails', content: tab === 'emails' ? <EmailsTab companyId={companyId} /> : null },
          { label: 'Theme', value: 'theme', content: tab === 'theme' ? <ThemeTab companyId={companyId} /> : null },
          ...(integrate
            ? [
                {
                  label: 'Integrate',
                  value: 'integrate',
                  content: tab === 'integrate' ? <IntegrateTab companyId={companyId} types={integrationTypes} /> : null,
                },
              ]
            : []),
          { label: 'Billing', value: 'billing', content: tab === 'billing' ? <BillingTab companyId={companyId} /> : null },
        ]}
      />
    </Dialog>
  );
};
export default CompanySettingsDialog;
