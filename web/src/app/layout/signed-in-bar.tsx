import { Button } from '@aws-amplify/ui-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { callApi } from '../../api/client';
import { describePlan, useCompany, useMe, useOwnershipStatus, usePlanStatus } from '../../api/companies';
import { useLogoHref } from '../../api/theme';
import { chatWidget, env } from '../../config/env';
import { paths } from '../../config/paths';
import { onOpenCompanySettings, type CompanySettingsOptions } from '../../lib/company-settings';
import { session } from '../../lib/session';
import { Skeleton } from '../../components/skeleton';
import { CreditsChip } from './credits-chip';
import { Bar, Brand } from './top-bar-parts';
import { UserMenu, type UserMenuItem } from './user-menu';

const CompanySettingsDialog = lazy(() => import('../../features/settings/components/company-settings-dialog'));

/**
 * Loaded only once someone is signed in: the bar's data (the user, company, plan and theme) and
 * its menu stay out of the first load of sign-in and public pages.
 */
const signOut = async () => {
  // Drop it here first, so nothing still on screen asks with a session that is being revoked.
  const sessionId = session.get();
  session.clear();
  if (sessionId) await callApi('deleteSession', { params: { sessionId } }).catch(() => undefined);
};

/** A gear drawn in SVG: an icon with no text, so the button's name is its label alone. */
const GearIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
    <path d="M19.14 12.94a7.07 7.07 0 0 0 0-1.88l2.03-1.58a.5.5 0 0 0 .12-.64l-1.92-3.32a.5.5 0 0 0-.6-.22l-2.39.96a7.03 7.03 0 0 0-1.63-.94l-.36-2.54A.5.5 0 0 0 13.9 2.4h-3.84a.5.5 0 0 0-.49.42l-.36 2.54c-.59.24-1.13.56-1.63.94l-2.39-.96a.5.5 0 0 0-.6.22L2.67 8.88a.5.5 0 0 0 .12.64l2.03 1.58a7.07 7.07 0 0 0 0 1.88l-2.03 1.58a.5.5 0 0 0-.12.64l1.92 3.32c.13.22.39.3.6.22l2.39-.96c.5.38 1.04.7 1.63.94l.36 2.54c.04.24.25.42.49.42h3.84c.24 0 .45-.18.49-.42l.36-2.54c.59-.24 1.13-.56 1.63-.94l2.39.96c.22.08.47 0 .6-.22l1.92-3.32a.5.5 0 0 0-.12-.64l-2.03-1.58zM12 15.6a3.6 3.6 0 1 1 0-7.2 3.6 3.6 0 0 1 0 7.2z" />
  </svg>
);

/**
 * The signed-in bar: the product, the company (logo and name, plan status on hover), the link to
 * its Reports (issue 40), the credits left, the owner's settings gear and the user menu.
 */
const SignedInBar = ({ companyId }: { companyId?: string }) => {
  const navigate = useNavigate();
  const me = useMe();
  const company = useCompany(companyId);
  const plan = usePlanStatus(companyId);
  const ownership = useOwnershipStatus(companyId);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsTab, setSettingsTab] = useState('team');
  const [settingsOptions, setSettingsOptions] = useState<CompanySettingsOptions>({});
  // Another screen may open the dialog on a tab (a candidate page's retention note opens Retention, its "Audit log" link the filtered log).
  useEffect(
    () =>
      onOpenCompanySettings((tab, options) => {
        setSettingsTab(tab);
        setSettingsOptions(options);
        setSettingsOpen(true);
      }),
    [],
  );
  const theme = company.data?.theme;
  const logo = useLogoHref(theme?.themeEnabled ? theme.logoImageGroupId : null);
  // Spec §2: if loading the company bar fails, the bar is hidden.
  if (me.error || company.error) return null;
  const chat = chatWidget();
  const companies = me.data?.companies ?? [];
  const menuItems: UserMenuItem[] = [
    { label: 'Help center', onSelect: () => window.open(env.helpCenterUrl, '_blank', 'noopener') },
    ...(chat ? [{ label: 'Chat with us', onSelect: chat.open }] : []),
    ...(companies.length > 1 ? [{ label: 'Switch company', onSelect: () => navigate(paths.companies.to()) }] : []),
    { label: 'Sign out', onSelect: () => void signOut() },
  ];
  const email = me.data?.user.email;
  return (
    <Bar>
      <div className="top-bar__start">
        <Brand to={companyId ? paths.company.to(companyId) : paths.companies.to()} />
        {companyId && (
          <>
            <span className="top-bar__divider" aria-hidden="true" />
            <div className="top-bar__company">
              {company.data && logo.data && (
                <Link to={paths.company.to(companyId)} className="top-bar__logo-link" aria-label={`${company.data.companyName} positions`}>
                  <img src={logo.data} alt={`${company.data.companyName} logo`} data-testid="company-logo" className="top-bar__logo" />
                </Link>
              )}
              {company.data ? (
                <span className="top-bar__company-name" title={plan.data ? describePlan(plan.data) : undefined} data-testid="company-name">
                  {company.data.companyName}
                </span>
              ) : (
                <span aria-hidden="true">
                  <Skeleton width="8rem" height="1rem" />
                </span>
              )}
            </div>
          </>
        )}
      </div>
      <div className="top-bar__end">
        {companyId && (
          <nav aria-label="Company">
            <Link to={paths.reports.to(companyId)} className="top-bar__nav-link">
              Reports
            </Link>
          </nav>
        )}
        {companyId && plan.data && <CreditsChip plan={plan.data} />}
        {companyId && ownership.data?.isOwner && (
          <Button
            variation="link"
            size="small"
            className="top-bar__icon-button"
            aria-label="Company settings"
            title="Company settings"
            onClick={() => {
              setSettingsTab('team');
              setSettingsOptions({});
              setSettingsOpen(true);
            }}
          >
            <GearIcon />
          </Button>
        )}
        {companyId && settingsOpen && (
          <Suspense fallback={null}>
            <CompanySettingsDialog
              companyId={companyId}
              open={settingsOpen}
              initialTab={settingsTab}
              auditCandidateId={settingsOptions.candidateId}
              onClose={() => setSettingsOpen(false)}
            />
          </Suspense>
        )}
        <UserMenu
          // Named by its visible text (the e-mail), as WCAG 2.5.3 asks: a different aria-label would
          // not match what a speech-input user sees and says. The initial beside it is decoration.
          label={
            <>
              <span className="top-bar__avatar" aria-hidden="true">
                {(email ?? '?').slice(0, 1)}
              </span>
              <span className="top-bar__account">{email ?? 'Account'}</span>
              <span className="top-bar__caret" aria-hidden="true">
                ▾
              </span>
            </>
          }
          items={menuItems}
        />
      </div>
    </Bar>
  );
};

export default SignedInBar;
