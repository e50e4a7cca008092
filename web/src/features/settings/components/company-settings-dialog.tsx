import { Tabs } from '@aws-amplify/ui-react';
import { lazy, Suspense, useState } from 'react';
import { useCompany } from '../../../api/companies';
import { Dialog } from '../../../components/dialog';
import { PageLoader } from '../../../components/page-loader';
import { AuditLogTab } from './audit-log-tab';
import { BillingTab } from './billing-tab';
import { EmailsTab } from './emails-tab';
import { IntegrateTab } from './integrate-tab';
import { ReportsTab } from './reports-tab';
import { RetentionTab } from './retention-tab';
import { ScrollingTabList } from './scrolling-tab-list';
import { TeamTab } from './team-tab';
import { ThemeTab } from './theme-tab';
import './settings.css';

// Issue 38's tabs, each its own chunk: only an owner who opens them loads them.
const ApiTab = lazy(() => import('./api-tab'));
const WebhooksTab = lazy(() => import('./webhooks-tab'));
// Issue 41's tab, its own chunk too.
const SummariesTab = lazy(() => import('./summaries-tab'));
// Issue 42's tab (single sign-on), its own chunk too.
const SignInTab = lazy(() => import('./sign-in-tab'));

/**
 * The company settings dialog of the owner's gear (spec §2). Its tabs, in the spec's order: Team,
 * Emails, Theme, Integrate (only when the company has integration types), then Retention (issue 28), Reports (its time
 * zone, issue 40), Summaries (issue 41), Audit log (issue 28), Billing, API and Webhooks (issue 38), and Sign-in (single sign-on, issue 42).
 *
 * One size whatever the tab (the widest tab's width, a fixed height): the tabs stay put above a
 * panel that scrolls, so switching tabs never makes the box jump. On a phone the dialog is a sheet
 * and the tab list scrolls sideways, with a fade and an arrow at an edge that has more tabs.
 */
const CompanySettingsDialog = ({
  companyId,
  open,
  onClose,
  initialTab = 'team',
  auditCandidateId,
}: {
  companyId: string;
  open: boolean;
  onClose: () => void;
  /** The tab it opens on (a candidate page opens Retention). */
  initialTab?: string;
  /** The audit log's candidate filter, when a candidate page's "Audit log" link opened it. */
  auditCandidateId?: string;
}) => {
  const [tab, setTab] = useState(initialTab);
  const integrationTypes = useCompany(companyId).data?.config.integrationTypes ?? [];
  const integrate = integrationTypes.length > 0;
  const tabs = [
    { label: 'Team', value: 'team', content: <TeamTab companyId={companyId} /> },
    { label: 'Emails', value: 'emails', content: <EmailsTab companyId={companyId} /> },
    { label: 'Theme', value: 'theme', content: <ThemeTab companyId={companyId} /> },
    ...(integrate ? [{ label: 'Integrate', value: 'integrate', content: <IntegrateTab companyId={companyId} types={integrationTypes} /> }] : []),
    { label: 'Retention', value: 'retention', content: <RetentionTab companyId={companyId} /> },
    { label: 'Reports', value: 'reports', content: <ReportsTab companyId={companyId} /> },
    {
      label: 'Summaries',
      value: 'summaries',
      content: (
        <Suspense fallback={<PageLoader />}>
          <SummariesTab companyId={companyId} />
        </Suspense>
      ),
    },
    { label: 'Audit log', value: 'audit', content: <AuditLogTab companyId={companyId} candidateId={auditCandidateId} /> },
    { label: 'Billing', value: 'billing', content: <BillingTab companyId={companyId} /> },
    {
      label: 'API',
      value: 'api',
      content: (
        <Suspense fallback={<PageLoader />}>
          <ApiTab companyId={companyId} />
        </Suspense>
      ),
    },
    {
      label: 'Webhooks',
      value: 'webhooks',
      content: (
        <Suspense fallback={<PageLoader />}>
          <WebhooksTab companyId={companyId} />
        </Suspense>
      ),
    },
    {
      label: 'Sign-in',
      value: 'sign-in',
      content: (
        <Suspense fallback={<PageLoader />}>
          <SignInTab companyId={companyId} />
        </Suspense>
      ),
    },
  ];
  return (
    <Dialog title="Company settings" open={open} onClose={onClose} width="960px" height="780px" flush>
      <Tabs.Container value={tab} onValueChange={setTab} isLazy className="settings-tabs">
        <ScrollingTabList active={tab}>
          {tabs.map(({ label, value }) => (
            <Tabs.Item key={value} value={value}>
              {label}
            </Tabs.Item>
          ))}
        </ScrollingTabList>
        {tabs.map(({ value, content }) => (
          <Tabs.Panel key={value} value={value} className="settings-tabs__panel">
            {content}
          </Tabs.Panel>
        ))}
      </Tabs.Container>
    </Dialog>
  );
};
export default CompanySettingsDialog;
