import { Tabs } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { TeamTab } from './team-tab';

/**
 * The company settings dialog of the owner's gear (spec §2). Its tabs, in the spec's order: Team,
 * Emails, Theme, Integrate (only with integration types), Billing; each arrives with its feature.
 */
const CompanySettingsDialog = ({ companyId, open, onClose }: { companyId: string; open: boolean; onClose: () => void }) => {
  const [tab, setTab] = useState('team');
  return (
    <Dialog title="Company settings" open={open} onClose={onClose}>
      <Tabs
        value={tab}
        onValueChange={setTab}
        items={[{ label: 'Team', value: 'team', content: tab === 'team' ? <TeamTab companyId={companyId} /> : null }]}
      />
    </Dialog>
  );
};
export default CompanySettingsDialog;
