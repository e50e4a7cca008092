import { Alert, Button, Flex, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { inviteCandidate, type CandidateSummary } from '../../../api/candidates';
import { ApiError, errorMessage } from '../../../api/client';
import { CopyButton } from '../../../components/copy-button';
import { Dialog } from '../../../components/dialog';
import { CollapsibleTimingField } from '../../../components/timing-adjustment-field';
import { isAdjusted, NO_ADJUSTMENT, type Pacing } from '../../../../../lambdas/contracts/timing';
import { messages } from '../messages';

/**
 * Invite one candidate (spec §5): the name is required; the e-mail only with "Send email invite"
 * on. Without it a link is made and shown to copy. Refused for want of credits (402), it hands over
 * to plan selection (spec §6). An invitation whose mail was not sent (issue 37) says so and shows the
 * link to copy. Timing adjustments (issue 25) are folded away under "Adjust timing
 * (accommodations)" and sent only when they change anything.
 */
export const InviteDialog = ({
  positionId,
  pacing,
  open,
  onClose,
  onInvited,
  onPlanRequired,
}: {
  positionId: string;
  /** The position's pacing, for what an adjustment gives. */
  pacing: Pacing;
  open: boolean;
  onClose: () => void;
  onInvited: () => void;
  onPlanRequired: () => void;
}) => {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [sendEmail, setSendEmail] = useState(true);
  const [timing, setTiming] = useState(NO_ADJUSTMENT);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CandidateSummary | null>(null);

  // Empty fields (and the standard timing) after "Invite another" and on closing; the e-mail switch stays as it was chosen.
  const reset = () => {
    setName('');
    setEmail('');
    setTiming(NO_ADJUSTMENT);
    setError(null);
    setCreated(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const valid = name.trim() !== '' && (!sendEmail || email.trim() !== '');
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const candidate = await inviteCandidate(positionId, {
        candidateName: name.trim(),
        email: sendEmail ? email.trim() : null,
        ...(isAdjusted(timing) ? { timing } : {}),
      });
      setCreated(candidate);
      onInvited();
    } catch (e) {
      if (e instanceof ApiError && e.status === 402) {
        reset();
        onPlanRequired();
        return;
      }
      setError(errorMessage(e, messages.sendInviteFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title="Invite candidate" open={open} onClose={close} width="520px">
      {created ? (
        <Flex direction="column" gap="medium">
          {created.email && created.mail?.status !== 'not_sent' ? (
            <Alert variation="success">The interview invitation is on its way to {created.email}.</Alert>
          ) : (
            <>
              {/* Not sent (issue 37): said so, and the link offered as for an invite without e-mail. */}
              {created.email && <Alert variation="warning">{messages.inviteNotSent(created.email)}</Alert>}
              <Text>Send {created.candidateName} this link to their interview:</Text>
              <TextField label="Interview link" value={created.interviewHref} isReadOnly onFocus={(e) => e.target.select()} />
              <CopyButton text={created.interviewHref} />
            </>
          )}
          <Flex justifyContent="flex-end" gap="small">
            <Button onClick={reset}>Invite another</Button>
            <Button variation="primary" onClick={close}>
              Done
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Flex
          as="form"
          direction="column"
          gap="medium"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid && !busy) void submit();
          }}
        >
          <TextField
            label="Full name"
            name="candidateName"
            value={name}
            onChange={(e) => setName(e.target.value)}
            isRequired
            maxLength={100}
            autoComplete="off"
          />
          <SwitchField label="Send email invite" isChecked={sendEmail} onChange={(e) => setSendEmail(e.target.checked)} />
          {sendEmail ? (
            <TextField
              label="Email"
              name="candidateEmail"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              isRequired
              autoComplete="off"
            />
          ) : (
            <Text fontSize="small" color="font.secondary">
              A link to the interview is made for you to send yourself.
            </Text>
          )}
          <CollapsibleTimingField value={timing} onChange={setTiming} pacing={pacing} name="invite-timing" />
          {error && <Alert variation="error">{error}</Alert>}
          <Flex justifyContent="flex-end" gap="small">
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variation="primary" isDisabled={!valid} isLoading={busy} loadingText="Sending...">
              {sendEmail ? 'Send invite' : 'Create link'}
            </Button>
          </Flex>
        </Flex>
      )}
    </Dialog>
  );
};
