import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { Dialog } from '../../../components/dialog';
import { messages } from '../messages';

/** Shown instead of the invite dialog when the company has no credits left and no subscription (spec §6). */
export const PlanRequiredDialog = ({ open, isOwner, onClose }: { open: boolean; isOwner: boolean; onClose: () => void }) => (
  <Dialog title={messages.planRequiredTitle} open={open} onClose={onClose} width="440px">
    <Flex direction="column" gap="medium">
      <Text>{isOwner ? messages.ownerPlanBody : messages.planRequiredBody}</Text>
      <Flex justifyContent="flex-end">
        <Button variation="primary" onClick={onClose}>
          OK
        </Button>
      </Flex>
    </Flex>
  </Dialog>
);
