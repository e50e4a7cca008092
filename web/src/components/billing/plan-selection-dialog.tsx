import { Alert, Button, Flex, Text, useBreakpointValue } from '@aws-amplify/ui-react';
import { usePlanStatus } from '../../api/companies';
import { commonMessages } from '../../config/messages';
import { Dialog } from '../dialog';
import { PageLoader } from '../page-loader';
import { billingMessages } from './messages';
import { PlanPicker } from './plan-picker';

/** The owner's plan selection (spec §2 Other dialogs): the picker, introduced by the spec's line (a shorter one on narrow screens). */
const SelectPlan = ({ companyId }: { companyId: string }) => {
  const plan = usePlanStatus(companyId);
  const intro = useBreakpointValue({ base: billingMessages.selectPlanIntroNarrow, medium: billingMessages.selectPlanIntro }) as string;
  if (plan.error) return <Alert variation="error">{commonMessages.retrieveBillingFailed}</Alert>;
  if (!plan.data) return <PageLoader />;
  return (
    <Flex direction="column" gap="medium">
      <Text>{intro}</Text>
      <PlanPicker companyId={companyId} plan={plan.data} headingLevel={5} />
    </Flex>
  );
};

/**
 * Where plan gating stops an invite (spec §6): the owner selects a plan here; any other member is
 * told to ask the owner ("Plan required"). `isOwner` is undefined while the ownership is loading.
 */
export const PlanSelectionDialog = ({
  companyId,
  isOwner,
  open,
  onClose,
}: {
  companyId: string;
  isOwner: boolean | undefined;
  open: boolean;
  onClose: () => void;
}) => {
  if (isOwner === false) {
    return (
      <Dialog title={billingMessages.planRequiredTitle} open={open} onClose={onClose} width="440px">
        <Flex direction="column" gap="medium">
          <Text>{billingMessages.planRequiredBody}</Text>
          <Flex justifyContent="flex-end">
            <Button variation="primary" onClick={onClose}>
              OK
            </Button>
          </Flex>
        </Flex>
      </Dialog>
    );
  }
  return (
    <Dialog title={billingMessages.selectPlanTitle} open={open} onClose={onClose} width="960px">
      {isOwner ? <SelectPlan companyId={companyId} /> : <PageLoader />}
    </Dialog>
  );
};
