import { Button, Flex, Menu, MenuButton, MenuItem, Text, View } from '@aws-amplify/ui-react';
import { Link, useMatch, useNavigate } from 'react-router-dom';
import { api } from '../api/client';
import { chatWidget, env } from '../config/env';
import { PRODUCT_NAME } from '../config/constants';
import { paths } from '../config/paths';
import { describePlan, useCompany, useMe, usePlanStatus } from '../api/companies';
import { session, useSessionId } from '../lib/session';

const barStyle = {
  backgroundColor: 'var(--amplify-colors-white)',
  borderBottom: '1px solid var(--amplify-colors-border-secondary)',
  minHeight: '56px',
} as const;

const Brand = ({ to }: { to: string }) => (
  <Link to={to} style={{ textDecoration: 'none', color: 'inherit' }} aria-label={`${PRODUCT_NAME} home`}>
    <Flex alignItems="center" gap="small">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <Text fontWeight="bold" fontSize="large">
        {PRODUCT_NAME}
      </Text>
    </Flex>
  </Link>
);

/** The bar for visitors without a session: the product and a Sign in button. */
const SignedOutBar = () => {
  const navigate = useNavigate();
  return (
    <Flex as="header" style={barStyle} justifyContent="space-between" alignItems="center" padding="small large">
      <Brand to={paths.home.to()} />
      <Button variation="primary" size="small" onClick={() => navigate(paths.signIn.to())}>
        Sign in
      </Button>
    </Flex>
  );
};

const signOut = async () => {
  const sessionId = session.get();
  if (sessionId) await api.del(`/magic-link-sessions/${encodeURIComponent(sessionId)}`).catch(() => undefined);
  session.clear();
};

/** The signed-in bar: company name (plan status on hover) and the user menu. */
const SignedInBar = ({ companyId }: { companyId?: string }) => {
  const navigate = useNavigate();
  const me = useMe();
  const company = useCompany(companyId);
  const plan = usePlanStatus(companyId);
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

export const TopBar = () => {
  const sessionId = useSessionId();
  const inCompany = useMatch('/companies/:companyId/*');
  const companyId = inCompany?.params.companyId;
  return <View>{sessionId ? <SignedInBar key={sessionId} companyId={companyId} /> : <SignedOutBar />}</View>;
};
