import { Alert, Button, Flex, Menu, MenuItem, Tabs } from '@aws-amplify/ui-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { sendPreview } from '../../../api/candidates';
import { errorMessage } from '../../../api/client';
import { useOwnershipStatus, usePlanStatus } from '../../../api/companies';
import type { Position } from '../../../api/positions';
import { Snackbar, type Notice } from '../../../components/snackbar';
import { CandidateList } from '../../candidates/components/candidate-list';
import { InviteDialog } from '../../candidates/components/invite-dialog';
import { PlanRequiredDialog } from '../../candidates/components/plan-required-dialog';
import { messages as candidateMessages } from '../../candidates/messages';
import { messages } from '../messages';

const BulkInviteDialog = lazy(() => import('../../candidates/components/bulk-invite-dialog'));

const tabs = {
  invited: { label: 'Invited', empty: 'Sent an interview to complete' },
  responded: { label: 'Responded', empty: 'Completed the interview' },
  shortlisted: { label: 'Shortlisted', empty: 'Promising to move forward' },
  rejected: { label: 'Rejected', empty: 'Not a good fit' },
} as const;
type Tab = keyof typeof tabs;

/**
 * Candidates view (spec §2): the "Invite candidate" split button and its menu, the closed-position
 * and plan banners, tabs with counts (shortlisted and rejected only with evaluation), and each
 * tab's cards or empty state.
 */
export const CandidatesView = ({ position, evaluation, onChanged }: { position: Position; evaluation: boolean; onChanged: () => void }) => {
  const [params, setParams] = useSearchParams();
  const plan = usePlanStatus(position.companyId);
  const ownership = useOwnershipStatus(position.companyId);
  const [dialog, setDialog] = useState<'invite' | 'bulk' | 'plan' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const clearNotice = useCallback(() => setNotice(null), []);

  const visible: Tab[] = evaluation ? ['invited', 'responded', 'shortlisted', 'rejected'] : ['invited', 'responded'];
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && visible.includes(requested) ? requested : 'invited';
  const count = (t: Tab) =>
    !evaluation && t === 'responded'
      ? position.candidates.responded + position.candidates.shortlisted + position.candidates.rejected
      : position.candidates[t];

  const open = position.currentStatus === 'open';
  const subscribed = plan.data && ['subscribed', 'complimentary'].includes(plan.data.subscriptionStatus);
  const needsPlan = Boolean(plan.data && !subscribed && plan.data.candidatePacksStatus.remaining === 0);
  const usedUp = needsPlan && (plan.data?.candidatePacksStatus.allocated ?? 0) > 0;
  const changed = () => {
    onChanged();
    void plan.mutate();
  };
  const startInvite = (kind: 'invite' | 'bulk') => setDialog(needsPlan ? 'plan' : kind);
  const preview = async () => {
    try {
      await sendPreview(position.positionId);
      setNotice({ message: candidateMessages.previewSent, variation: 'success' });
    } catch (e) {
      setNotice({ message: errorMessage(e, candidateMessages.previewFailed), variation: 'error' });
    }
  };

  return (
    <Flex direction="column" gap="medium">
      {!open && <Alert variation="warning">{messages.closedBanner}</Alert>}
      {usedUp && (
        <Alert variation="warning">
          {candidateMessages.creditsUsedUp} To invite more candidates,{' '}
          <Button variation="link" size="small" padding="0" onClick={() => setDialog('plan')}>
            select a plan
          </Button>
          .
        </Alert>
      )}
      <Flex justifyContent="flex-end">
        <Flex gap="0" role="group" aria-label="Invite candidates">
          <Button
            variation="primary"
            isDisabled={!open}
            onClick={() => startInvite('invite')}
            style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
          >
            Invite candidate
          </Button>
          <Menu
            menuAlign="end"
            trigger={
              <Button
                variation="primary"
                aria-label="More ways to invite"
                style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: '1px solid rgba(255,255,255,.4)' }}
              >
                ▾
              </Button>
            }
          >
            <MenuItem isDisabled={!open} onClick={() => startInvite('bulk')}>
              Invite candidates in bulk
            </MenuItem>
            <MenuItem isDisabled={!open} onClick={() => void preview()}>
              Send yourself a preview
            </MenuItem>
          </Menu>
        </Flex>
      </Flex>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(params);
          next.set('tab', value);
          setParams(next, { replace: true });
        }}
        items={visible.map((t) => ({
          label: `${tabs[t].label} (${count(t)})`,
          value: t,
          content:
            t === tab ? (
              <CandidateList
                positionId={position.positionId}
                tab={t}
                label={tabs[t].label}
                empty={tabs[t].empty}
                revision={count(t)}
                onChanged={changed}
                notify={setNotice}
              />
            ) : null,
        }))}
      />
      <InviteDialog positionId={position.positionId} open={dialog === 'invite'} onClose={() => setDialog(null)} onInvited={changed} />
      {dialog === 'bulk' && (
        <Suspense fallback={null}>
          <BulkInviteDialog
            positionId={position.positionId}
            open
            onClose={() => setDialog(null)}
            onInvited={(n) => {
              changed();
              setNotice({ message: `${n} candidate${n === 1 ? '' : 's'} invited.`, variation: 'success' });
            }}
          />
        </Suspense>
      )}
      <PlanRequiredDialog open={dialog === 'plan'} isOwner={ownership.data?.isOwner ?? false} onClose={() => setDialog(null)} />
      <Snackbar notice={notice} onClose={clearNotice} />
    </Flex>
  );
};
