import { Alert, Button, Flex, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { inviteCandidates, type NewCandidate } from '../../../api/candidates';
import { ApiError, errorMessage } from '../../../api/client';
import { Dialog } from '../../../components/dialog';
import { CollapsibleTimingField } from '../../../components/timing-adjustment-field';
import { isAdjusted, NO_ADJUSTMENT, type Pacing } from '../../../../../lambdas/contracts/timing';
import { commonMessages } from '../../../config/messages';
import { parseCandidatesCsv } from '../csv';
import { messages } from '../messages';

/**
 * Bulk invites from a CSV of name, e-mail (spec §5): a preview table, Send enabled once a row is
 * loaded. Refused for want of credits (402), it says why (the list may just be longer than the
 * credits left) and offers plan selection (spec §6). A timing adjustment (issue 25), folded away
 * by default, applies to every candidate of the file.
 */
const BulkInviteDialog = ({
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
  onInvited: (count: number) => void;
  onPlanRequired: () => void;
}) => {
  const [rows, setRows] = useState<NewCandidate[]>([]);
  const [fileName, setFileName] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [needsPlan, setNeedsPlan] = useState(false);
  const [busy, setBusy] = useState(false);
  const [timing, setTiming] = useState(NO_ADJUSTMENT);

  const close = () => {
    setRows([]);
    setFileName(null);
    setNote(null);
    setError(null);
    setNeedsPlan(false);
    setTiming(NO_ADJUSTMENT);
    onClose();
  };
  const load = async (file: File | undefined) => {
    setError(null);
    setNeedsPlan(false);
    setNote(null);
    if (!file) return;
    const { rows: parsed, skipped } = parseCandidatesCsv(await file.text());
    setFileName(file.name);
    setRows(parsed);
    if (parsed.length === 0) setError('No candidates were found in that file. Put the name in the first column and the e-mail in the second.');
    else if (skipped > 0) setNote(`${skipped} row${skipped === 1 ? '' : 's'} without a name will be left out.`);
  };
  const send = async () => {
    setBusy(true);
    setError(null);
    setNeedsPlan(false);
    try {
      const { candidates } = await inviteCandidates(positionId, isAdjusted(timing) ? rows.map((row) => ({ ...row, timing })) : rows);
      onInvited(candidates.length);
      close();
    } catch (e) {
      setNeedsPlan(e instanceof ApiError && e.status === 402);
      setError(errorMessage(e, messages.sendInvitesFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title="Invite candidates in bulk" open={open} onClose={close} width="720px">
      <Flex direction="column" gap="medium">
        <Text>
          Choose a CSV file with two columns: the candidate’s name, then their e-mail address. Candidates without an e-mail get a link you can send
          yourself.
        </Text>
        <label className="file-picker">
          <input type="file" accept=".csv,text/csv" aria-label="CSV file" onChange={(e) => void load(e.target.files?.[0])} />
        </label>
        {fileName && rows.length > 0 && (
          // A long list scrolls: focusable and named, so the keyboard can scroll it too.
          <div style={{ maxHeight: 320, overflow: 'auto' }} tabIndex={0} role="region" aria-label="Candidates to invite">
            <Table size="small" variation="striped" caption={`${rows.length} candidate${rows.length === 1 ? '' : 's'} from ${fileName}`}>
              <TableHead>
                <TableRow>
                  <TableCell as="th">Name</TableCell>
                  <TableCell as="th">Email</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row, i) => (
                  <TableRow key={i}>
                    <TableCell>{row.candidateName}</TableCell>
                    <TableCell>{row.email ?? commonMessages.notAvailable}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        {note && <Alert variation="info">{note}</Alert>}
        <CollapsibleTimingField value={timing} onChange={setTiming} pacing={pacing} name="bulk-timing" />
        {error && (
          <Alert variation="error">
            <Flex direction="column" gap="xs" alignItems="flex-start">
              <Text as="span">{error}</Text>
              {needsPlan && (
                <Button variation="link" size="small" padding="0" onClick={onPlanRequired}>
                  Select a plan
                </Button>
              )}
            </Flex>
          </Alert>
        )}
        <Flex justifyContent="flex-end" gap="small">
          <Button onClick={close}>Cancel</Button>
          <Button variation="primary" isDisabled={rows.length === 0} isLoading={busy} loadingText="Sending..." onClick={() => void send()}>
            Send
          </Button>
        </Flex>
      </Flex>
    </Dialog>
  );
};

export default BulkInviteDialog;
