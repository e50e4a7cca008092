import { Alert, Button, Flex, Loader, SelectField, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { SHARE_EXPIRY_DAYS, SHARE_EXPIRY_DEFAULT_DAYS } from '../../../../../lambdas/contracts/vocabulary';
import { ApiError } from '../../../api/client';
import { createSharing, deleteSharing, useSharingDetails } from '../../../api/candidates';
import { CopyButton } from '../../../components/copy-button';
import { Dialog } from '../../../components/dialog';
import { formatDateTime } from '../../../lib/format';
import { messages } from '../messages';

const NEVER = 'never';
const dayLabel = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** "Expires on 3 Dec 2026, 14:05", "Expired on …" or "Never expires". */
export const expiryText = (expiresAt: string | null, now: number): string =>
  expiresAt === null
    ? 'Never expires'
    : Date.parse(expiresAt) <= now
      ? `Expired on ${formatDateTime(expiresAt)}`
      : `Expires on ${formatDateTime(expiresAt)}`;

/** The expiry choice a link that is on was given: never, its days, or the default for a link that did not record them. */
export const linkExpiryChoice = (details: { expiresAt: string | null; expiresInDays: number | null }): string =>
  details.expiresAt === null ? NEVER : String(SHARE_EXPIRY_DAYS.find((days) => days === details.expiresInDays) ?? SHARE_EXPIRY_DEFAULT_DAYS);

/** "Last opened 26 Nov 2026, 12:05" or "Not opened yet". */
export const openedText = (lastOpenedAt: string | null): string => (lastOpenedAt ? `Last opened ${formatDateTime(lastOpenedAt)}` : 'Not opened yet');

/**
 * Share dialog (spec §4, issue 28): the toggle creates the public link, for the chosen time (1, 7
 * or 30 days, or no expiry; 7 preselected), or deletes it (it stops working at once). While on, it
 * says when the link expires (or that it has) and when it was last opened, and "Stop sharing"
 * revokes it in one click. Loading the link's details answers 404 while sharing is off. The expiry
 * shown as chosen is the link's own (issue 43: reopened after a 1-day link, it says 1 day), until
 * the member picks another.
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
  /** The member's pick; null: the link's own expiry (or the default while sharing is off). */
  const [picked, setPicked] = useState<string | null>(null);
  const off = sharing.error instanceof ApiError && sharing.error.status === 404;
  const details = off ? null : sharing.data;
  const expiry = picked ?? (details ? linkExpiryChoice(details) : String(SHARE_EXPIRY_DEFAULT_DAYS));
  const loading = !sharing.data && !sharing.error;
  // The time the dialog opened: what "expired" is judged against while it is open.
  const [now] = useState(() => Date.now());
  const expired = details?.expiresAt ? Date.parse(details.expiresAt) <= now : false;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch {
      setError(messages.sharingUpdateFailed);
    } finally {
      setBusy(false);
    }
  };
  const days = expiry === NEVER ? null : Number(expiry);
  const share = () =>
    run(async () => {
      await sharing.mutate(await createSharing(candidateId, days), { revalidate: false });
      setPicked(null);
    });
  const stop = () =>
    run(async () => {
      if (!details) return;
      await deleteSharing(details.publicCandidateId);
      await sharing.mutate();
      setPicked(null);
    });

  const expirySelect = (
    <SelectField label="Link expires after" value={expiry} onChange={(e) => setPicked(e.target.value)} isDisabled={busy}>
      {SHARE_EXPIRY_DAYS.map((d) => (
        <option key={d} value={String(d)}>
          {dayLabel(d)}
        </option>
      ))}
      <option value={NEVER}>Never</option>
    </SelectField>
  );

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
              onChange={(event) => void (event.target.checked ? share() : stop())}
            />
            <Text fontSize="small" color="font.secondary">
              {details
                ? "Anyone with the link can watch this candidate's answers and read the transcripts until it expires. Stop sharing to end it at once."
                : "Turn on to get a link anyone can open to watch this candidate's answers, without an account."}
            </Text>
            {!details && expirySelect}
            {details && (
              <>
                <Flex gap="small" alignItems="flex-end">
                  <TextField label="Public link" value={details.publicCandidateHref} isReadOnly flex="1" onFocus={(e) => e.currentTarget.select()} />
                  <CopyButton text={details.publicCandidateHref} />
                </Flex>
                <dl className="candidate-facts share-dialog__facts">
                  <div>
                    <dt>Expiry</dt>
                    <dd className={expired ? 'share-dialog__expired' : undefined}>{expiryText(details.expiresAt, now)}</dd>
                  </div>
                  <div>
                    <dt>Opened</dt>
                    <dd>{openedText(details.lastOpenedAt)}</dd>
                  </div>
                </dl>
                {expired && <Alert variation="warning">This link has expired. Choose a new expiry and renew it to share it again.</Alert>}
                <Flex gap="small" alignItems="flex-end" wrap="wrap">
                  {expirySelect}
                  <Button onClick={() => void share()} isDisabled={busy}>
                    {expired ? 'Renew link' : 'Change expiry'}
                  </Button>
                  <Button onClick={() => void stop()} isDisabled={busy} marginInlineStart="auto">
                    Stop sharing
                  </Button>
                </Flex>
              </>
            )}
          </>
        )}
        {error && <Alert variation="error">{error}</Alert>}
      </Flex>
    </Dialog>
  );
};
