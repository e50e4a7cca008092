import { Tabs } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { BillingTab } from './billing-tab';
import { EmailsTab } from './emails-tab';
import { TeamTab } from './team-tab';
import { ThemeTab } from './theme-tab';

/**
 * The company settings dialog of the owner's gear (spec §2). Its tabs, in the spec's order: Team,
 * Emails, Theme, Integrate (only with integration types), Billing; each arrives with its feature
 * (Team, Emails, Theme and Billing so far).
 */
const CompanySettingsDialog = ({ companyId, open, onClose }: { companyId: string; open: boolean; onClose: () => void }) => {
  const [tab, setTab] = useState('team');
  return (
    <Dialog title="Company settings" open={open} onClose={onClose} width={tab === 'billing' ? '960px' : undefined}>
      <Tabs
        value={tab}
        onValueChange={setTab}
        items={[
          { label: 'Team', value: 'team', content: tab === 'team' ? <TeamTab companyId={companyId} /> : null },
          { label: 'Emails', value: 'emails', content: tab === 'emails' ? <EmailsTab companyId={companyId} /> : null },
          { label: 'Theme', value: 'theme', content: tab === 'theme' ? <ThemeTab companyId={companyId} /> : null },
          { label: 'Billing', value: 'billing', content: tab === 'billing' ? <BillingTab companyId={companyId} /> : null },
        ]}
      />
    </Dialog>
  );
};
export default CompanySettingsDialog;
