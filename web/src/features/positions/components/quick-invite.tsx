import { lazy, Suspense, useState } from 'react';
import { useOwnershipStatus, usePlanStatus } from '../../../api/companies';
import type { Pacing } from '../../../../../lambdas/contracts/timing';
import { InviteDialog } from './invite-dialog';

const PlanSelectionDialog = lazy(async () => ({ default: (await import('../../../components/billing/plan-selection-dialog')).PlanSelectionDialog }));

/** What an invite from outside the candidates view needs of its position. */
export interface InviteTarget {
  positionId: string;
  pacing: Pacing;
}

type Plan = ReturnType<typeof usePlanStatus>['data'];

/** No credit left and no subscription: an invite would be refused (as the candidates view judges it). */
const needsPlan = (plan: Plan) =>
  Boolean(plan && !['subscribed', 'complimentary'].includes(plan.subscriptionStatus) && plan.candidatePacksStatus.remaining === 0);

/**
 * The invite dialog opened from a position card or the "position created" panel (issue 29): the
 * same dialog as the candidates view's "Invite candidate", handing over to plan selection when no
 * credit is left (known beforehand, or told by a 402). Mount it (with a new `key`) to open it;
 * `onDone` when it closed.
 */
export const QuickInvite = ({
  companyId,
  target,
  onDone,
  onInvited,
}: {
  companyId: string;
  target: InviteTarget;
  onDone: () => void;
  onInvited: () => void;
}) => {
  const plan = usePlanStatus(companyId);
  const ownership = useOwnershipStatus(companyId);
  const [dialog, setDialog] = useState<'invite' | 'plan'>(() => (needsPlan(plan.data) ? 'plan' : 'invite'));
  // A dialog closes only itself: the native dialog reports its closing after the other one may have opened.
  const closeDialog = (which: 'invite' | 'plan') => () => {
    if (dialog === which) onDone();
  };
  return (
    <>
      <InviteDialog
        positionId={target.positionId}
        pacing={target.pacing}
        open={dialog === 'invite'}
        onClose={closeDialog('invite')}
        onInvited={() => {
          onInvited();
          void plan.mutate();
        }}
        onPlanRequired={() => {
          void plan.mutate();
          setDialog('plan');
        }}
      />
      {dialog === 'plan' && (
        <Suspense fallback={null}>
          <PlanSelectionDialog companyId={companyId} isOwner={ownership.data?.isOwner} open onClose={closeDialog('plan')} />
        </Suspense>
      )}
    </>
  );
};
