import { Button, Flex, Menu, MenuButton, MenuItem, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/client';
import { describePlan, useCompany, useMe, useOwnershipStatus, usePlanStatus } from '../api/companies';
import { chatWidget, env } from '../config/env';
import { paths } from '../config/paths';
import { session } from '../lib/session';
import { barStyle, Brand } from './top-bar-parts';

const CompanySettingsDialog = lazy(() => import('../features/settings/components/company-settings-dialog'));

/**
 * Loaded only once someone is signed in: the menu (and its positioning library) stays out of the
 * first load of sign-in, candidate and public pages.
 */
const signOut = async () => {
  // Drop it here first, so nothing still on screen asks with a session that is being revoked.
  const sessionId = session.get();
  session.clear();
  if (sessionId) await api.del(`/magic-link-sessions/${encodeURIComponent(sessionId)}`).catch(() => undefined);
};

/** The signed-in bar: company name (plan status on hover) and the user menu. */
const SignedInBar = ({ companyId }: { companyId?: string }) => {
  const navigate = useNavigate();
  const me = useMe();
  const company = useCompany(companyId);
  const plan = usePlanStatus(companyId);
  const ownership = useOwnershipStatus(companyId);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Spec §2: if loading the company bar fails, the bar is hidden.
  if (me.error || company.error) return null;
  const chat = chatWidget();
  const companies = me.data?.companies ?? [];
  return (
    <Flex as="header" style={barStyle} justifyContent="space-between" alignItems="center" padding="small large" gap="medium">
      <Flex alignItems="center" gap="large">
        <Brand to={companyId ? paths.company.to(companyId) : paths.companies.to()} />
        {company.data && (
          <Text fontWeight="semibold" title={plan.data ? describePlan(plan.data) : undefined} data-testid="company-name">
            {company.data.companyName}
          </Text>
        )}
      </Flex>
      <Flex alignItems="center" gap="small">
        {companyId && ownership.data?.isOwner && (
          <Button variation="link" size="small" aria-label="Company settings" title="Company settings" onClick={() => setSettingsOpen(true)}>
            ⚙
          </Button>
        )}
        {companyId && settingsOpen && (
          <Suspense fallback={null}>
            <CompanySettingsDialog companyId={companyId} open={settingsOpen} onClose={() => setSettingsOpen(false)} />
          </Suspense>
        )}
        <Menu
          trigger={
            <MenuButton size="small" aria-label="User menu">
              {me.data?.user.email ?? 'Account'} ▾
            </MenuButton>
          }
        >
          <MenuItem onClick={() => window.open(env.helpCenterUrl, '_blank', 'noopener')}>Help center</MenuItem>
          {chat && <MenuItem onClick={chat.open}>Chat with us</MenuItem>}
          {companies.length > 1 && <MenuItem onClick={() => navigate(paths.companies.to())}>Switch company</MenuItem>}
          <MenuItem onClick={() => void signOut()}>Sign out</MenuItem>
        </Menu>
      </Flex>
    </Flex>
  );
};

export default SignedInBar;
