import { Alert, Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { fixCandidateEmail, type CandidateSummary } from '../../../api/candidates';
import { errorMessage } from '../../../api/client';
import { Dialog } from '../../../components/dialog';
import { emailProblem } from '../email-problem';
import { messages } from '../messages';

const text = messages.mailDelivery;

/**
 * The form inside the dialog: mounted when the dialog opens, so it always starts from the address
 * that bounced, selected for typing over. A problem with the field shows once the user has tried
 * to send (then as they type); the server's refusal (409: already invited to the position, no
 * longer invited) shows above the buttons, the typed address kept.
 */
const FixEmailForm = ({
  candidate,
  notSent,
  onCancel,
  onFixed,
}: {
  candidate: Pick<CandidateSummary, 'candidateId' | 'candidateName' | 'email'>;
  notSent: boolean;
  onCancel: () => void;
  onFixed: (summary: CandidateSummary) => Promise<unknown>;
}) => {
  const [email, setEmail] = useState(candidate.email ?? '');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Into the field once the dialog is shown (the native dialog first focuses its Close button).
  useEffect(() => {
    const frame = requestAnimationFrame(() => input.current?.select());
    return () => cancelAnimationFrame(frame);
  }, []);
  const problem = emailProblem(email, candidate.email, notSent ? text.emailNotChanged : text.emailUnchanged);

  const submit = async () => {
    setTried(true);
    if (problem || busy) {
      if (problem) input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onFixed(await fixCandidateEmail(candidate.candidateId, email.trim()));
    } catch (e) {
      setError(errorMessage(e, text.fixFailed));
      setBusy(false);
    }
  };

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Text>{text.fixExplainer(candidate.candidateName)}</Text>
      <TextField
        ref={input}
        label="E-mail address"
        name="candidateEmail"
        type="email"
        autoComplete="off"
        spellCheck={false}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        hasError={tried && problem !== null}
        errorMessage={tried ? (problem ?? undefined) : undefined}
        isRequired
      />
      {error && <Alert variation="error">{error}</Alert>}
      <Flex justifyContent="flex-end" gap="small" wrap="wrap">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variation="primary" isLoading={busy} loadingText="Sending...">
          Resend invitation
        </Button>
      </Flex>
    </Flex>
  );
};

/**
 * "Fix e-mail and resend" (issue 26): the corrected address, and the invitation sent to it with a
 * fresh deadline. `notSent`: the invitation was not sent at all (issue 37), not bounced.
 */
export const FixEmailDialog = ({
  candidate,
  notSent = false,
  open,
  onClose,
  onFixed,
}: {
  candidate: Pick<CandidateSummary, 'candidateId' | 'candidateName' | 'email'>;
  notSent?: boolean;
  open: boolean;
  onClose: () => void;
  onFixed: (summary: CandidateSummary) => Promise<unknown>;
}) => (
  <Dialog title={text.fixTitle(candidate.candidateName)} open={open} onClose={onClose} width="480px">
    <FixEmailForm candidate={candidate} notSent={notSent} onCancel={onClose} onFixed={onFixed} />
  </Dialog>
);
