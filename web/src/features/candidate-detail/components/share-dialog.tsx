import { Alert, Flex, Loader, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { createSharing, deleteSharing, useSharingDetails } from '../../../api/candidates';
import { CopyButton } from '../../../components/copy-button';
import { Dialog } from '../../../components/dialog';
import { messages } from '../messages';

/**
 * Share dialog (spec §4): the toggle creates the public link or deletes it (it stops working at
 * once). Loading the link's details answers 404 while sharing is off.
 */
export const ShareDialog = ({
  candidateId,
  candidateName,
  open,
  onClose,
}: {
  candidateId: string;
  candidateName: string;
  open: boolean;
  onClose: () => void;
}) => {
  const sharing = useSharingDetails(candidateId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const off = sharing.error instanceof ApiError && sharing.error.status === 404;
  const details = off ? null : sharing.data;
  const loading = !sharing.data && !sharing.error;

  const toggle = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if (on) {
        await sharing.mutate(await createSharing(candidateId), { revalidate: false });
      } else if (details) {
        await deleteSharing(details.publicCandidateId);
        await sharing.mutate();
      }
    } catch {
      setError(messages.sharingUpdateFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Share ${candidateName}`} open={open} onClose={onClose} width="520px">
      <Flex direction="column" gap="medium">
        {loading ? (
          <Loader variation="linear" />
        ) : sharing.error && !off ? (
          <Alert variation="error">{messages.sharingRetrieveFailed}</Alert>
        ) : (
          <>
            <SwitchField
              label="Share with a public link"
              isChecked={Boolean(details)}
              isDisabled={busy}
              onChange={(event) => void toggle(event.target.checked)}
            />
            <Text fontSize="small" color="font.secondary">
              {details
                ? "Anyone with the link can watch this candidate's answers and read the transcripts. Turn sharing off to stop the link working."
                : "Turn on to get a link anyone can open to watch this candidate's answers, without an account."}
            </Text>
            {details && (
              <Flex gap="small" alignItems="flex-end">
                <TextField label="Public link" value={details.publicCandidateHref} isReadOnly flex="1" onFocus={(e) => e.currentTarget.select()} />
                <CopyButton text={details.publicCandidateHref} />
              </Flex>
            )}
          </>
        )}
        {error && <Alert variation="error">{error}</Alert>}
      </Flex>
    </Dialog>
  );
};
