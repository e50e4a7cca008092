import { Alert, Button, Divider, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { describePlan, describeSubscription, subscriptionRenewal, usePlanStatus, type PlanStatus } from '../../../api/companies';
import { openBillingPortal } from '../../../components/billing/checkout';
import { billingMessages } from '../../../components/billing/messages';
import { PlanPicker } from '../../../components/billing/plan-picker';
import { PageLoader } from '../../../components/page-loader';
import { commonMessages } from '../../../config/messages';

/** The company's plan now (spec §3 Plan status): its subscription and when it renews or ends, or its credits. */
const CurrentPlan = ({ plan }: { plan: PlanStatus }) => {
  const { subscription, candidatePacksStatus: credits } = plan;
  if (plan.subscriptionStatus === 'subscribed' && subscription) {
    const renewal = subscriptionRenewal(subscription);
    return (
      <>
        <Text fontWeight="semibold">{describeSubscription(subscription)}</Text>
        <Text>Unlimited candidates.</Text>
        {renewal && <Text>{renewal}</Text>}
        {credits.remaining > 0 && (
          <Text fontSize="small" color="font.secondary">
            {credits.remaining} interview credit{credits.remaining === 1 ? '' : 's'} from packs left for after the subscription.
          </Text>
        )}
      </>
    );
  }
  return <Text fontWeight="semibold">{describePlan(plan)}</Text>;
};

/**
 * Billing (spec §2 company settings, owner only): the current plan, the packs and subscriptions to
 * buy (the same picker as the plan selection dialog), and the billing portal for invoices, payment
 * method, plan changes and cancellation.
 */
export const BillingTab = ({ companyId }: { companyId: string }) => {
  const plan = usePlanStatus(companyId);
  const [opening, setOpening] = useState(false);
  const [portalError, setPortalError] = useState<string | null>(null);
  const currentId = useId();

  if (plan.error) return <Alert variation="error">{commonMessages.retrieveBillingFailed}</Alert>;
  if (!plan.data) return <PageLoader />;

  const portal = async () => {
    setOpening(true);
    setPortalError(null);
    try {
      await openBillingPortal(companyId);
      // The browser is on its way to the portal: the button stays busy until it leaves.
    } catch (e) {
      setPortalError(errorMessage(e, billingMessages.portalFailed));
      setOpening(false);
    }
  };

  return (
    <Flex direction="column" gap="large" paddingTop="medium">
      <Flex as="section" direction="column" gap="xs" alignItems="flex-start" aria-labelledby={currentId}>
        <Heading level={5} id={currentId}>
          Current plan
        </Heading>
        <CurrentPlan plan={plan.data} />
        <Text fontSize="small" color="font.secondary" marginTop="small">
          Invoices, payment method, plan changes and cancellation are in the billing portal.
        </Text>
        <Button size="small" isLoading={opening} loadingText="Opening the billing portal..." onClick={() => void portal()}>
          Open the billing portal
        </Button>
        {portalError && (
          <Alert variation="error" role="alert">
            {portalError}
          </Alert>
        )}
      </Flex>
      <Divider />
      <PlanPicker companyId={companyId} plan={plan.data} headingLevel={5} />
    </Flex>
  );
};
