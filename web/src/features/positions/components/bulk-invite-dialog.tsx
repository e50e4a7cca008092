import {
  Alert,
  Button,
  Flex,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  TextAreaField,
  ToggleButton,
  ToggleButtonGroup,
} from '@aws-amplify/ui-react';
import { useState } from 'react';
import { inviteCandidates } from '../../../api/candidates';
import { ApiError, errorMessage } from '../../../api/client';
import { Dialog } from '../../../components/dialog';
import { FileDropZone } from '../../../components/file-drop-zone';
import { CollapsibleTimingField } from '../../../components/timing-adjustment-field';
import { isAdjusted, NO_ADJUSTMENT, type Pacing } from '../../../../../lambdas/contracts/timing';
import { commonMessages } from '../../../config/messages';
import { downloadText } from '../../../lib/download';
import { CSV_TEMPLATE, invitable, readCandidateLines, readCandidatesCsv, type CandidateRow } from '../csv';
import { messages } from '../messages';
import './bulk-invite.css';

type Source = 'file' | 'paste';
interface Loaded {
  file: { name: string; size: number };
  rows: CandidateRow[];
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const isCsv = (file: File) => /\.(csv|txt)$/i.test(file.name) || ['text/csv', 'text/plain', 'application/vnd.ms-excel'].includes(file.type);

/** The rows read, before anything is sent: who will be invited, and each row that will not and why. */
const Preview = ({ rows, source, from }: { rows: CandidateRow[]; source: Source; from: string }) => {
  const ready = invitable(rows).length;
  const problems = rows.length - ready;
  const where = source === 'file' ? 'Row' : 'Line';
  return (
    <Flex direction="column" gap="xs">
      <Text className="bulk-invite__summary" role="status">
        <strong>{plural(ready, 'candidate')} ready to invite.</strong>
        {problems > 0 &&
          ` ${plural(problems, 'row')} with a problem ${problems === 1 ? 'is' : 'are'} left out: fix ${problems === 1 ? 'it' : 'them'} to include ${problems === 1 ? 'it' : 'them'}.`}
      </Text>
      {/* A long list scrolls: focusable and named, so the keyboard can scroll it too. */}
      <div className="bulk-invite__table" tabIndex={0} role="region" aria-label="Candidates to invite">
        <Table size="small" caption={`${plural(ready, 'candidate')} from ${from}`}>
          <TableHead>
            <TableRow>
              <TableCell as="th">Name</TableCell>
              <TableCell as="th">Email</TableCell>
              {problems > 0 && <TableCell as="th">Problem</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.line} className={row.problem ? 'bulk-invite__row--problem' : undefined}>
                <TableCell>{row.candidateName || <span className="bulk-invite__missing">No name</span>}</TableCell>
                <TableCell>{row.email ?? commonMessages.notAvailable}</TableCell>
                {problems > 0 && (
                  <TableCell>
                    {row.problem && (
                      <span className="bulk-invite__problem">
                        {where} {row.line}: {row.problem}
                      </span>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </Flex>
  );
};

/**
 * Bulk invites (spec §5): a CSV of name then e-mail (dropped on the zone or chosen; the template
 * gives its header), or a pasted list, one candidate a line. A preview lists who will be invited and
 * marks each row that will not be and why; Send is enabled once a row can be invited. Refused for
 * want of credits (402), it says why (the list may just be longer than the credits left) and offers
 * plan selection (spec §6). A timing adjustment (issue 25), folded away by default, applies to
 * every candidate of the list.
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
  const [source, setSource] = useState<Source>('file');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [needsPlan, setNeedsPlan] = useState(false);
  const [busy, setBusy] = useState(false);
  const [timing, setTiming] = useState(NO_ADJUSTMENT);

  const rows = source === 'file' ? (loaded?.rows ?? []) : readCandidateLines(pasted);
  const ready = invitable(rows);

  const close = () => {
    setSource('file');
    setLoaded(null);
    setFileError(null);
    setPasted('');
    setError(null);
    setNeedsPlan(false);
    setTiming(NO_ADJUSTMENT);
    onClose();
  };
  const load = async (file: File) => {
    setError(null);
    setNeedsPlan(false);
    setFileError(null);
    setLoaded(null);
    if (!isCsv(file)) return setFileError('Choose a CSV file (.csv), like the template.');
    const read = readCandidatesCsv(await file.text());
    setLoaded({ file: { name: file.name, size: file.size }, rows: read });
    if (read.length === 0) setFileError('No candidates were found in that file. Put the name in the first column and the e-mail in the second.');
  };
  const send = async () => {
    setBusy(true);
    setError(null);
    setNeedsPlan(false);
    try {
      const { candidates } = await inviteCandidates(positionId, isAdjusted(timing) ? ready.map((row) => ({ ...row, timing })) : ready);
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
    <Dialog
      title="Invite candidates in bulk"
      open={open}
      onClose={close}
      width="760px"
      height="760px"
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variation="primary" isDisabled={ready.length === 0} isLoading={busy} loadingText="Sending..." onClick={() => void send()}>
            Send
          </Button>
        </>
      }
    >
      <Flex direction="column" gap="medium">
        <Text>
          Add candidates from a CSV file or paste a list: each candidate’s name, then their e-mail address. Candidates without an e-mail get a link
          you can send yourself.
        </Text>
        <ToggleButtonGroup
          value={source}
          isExclusive
          isSelectionRequired
          size="small"
          onChange={(value) => {
            setError(null);
            setSource(value as Source);
          }}
          aria-label="Add candidates from"
        >
          <ToggleButton value="file">Upload a CSV file</ToggleButton>
          <ToggleButton value="paste">Paste a list</ToggleButton>
        </ToggleButtonGroup>
        {source === 'file' ? (
          <Flex direction="column" gap="xs">
            <FileDropZone
              label="CSV file"
              accept=".csv,text/csv"
              hint="Two columns: the name, then the e-mail address. A header row (Name, Email) is fine."
              file={loaded?.file}
              error={fileError}
              onFile={(file) => void load(file)}
            />
            <div>
              <Button
                size="small"
                variation="link"
                className="bulk-invite__template"
                onClick={() => downloadText(CSV_TEMPLATE, 'candidates-template.csv', 'text/csv')}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path
                    d="M12 4v11m0 0l-4.5-4.5M12 15l4.5-4.5M4 19h16"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                Download template
              </Button>
            </div>
          </Flex>
        ) : (
          <TextAreaField
            label="Paste a list"
            descriptiveText="One candidate a line: “Name, email”, “Name <email>”, or a name and an e-mail copied from a spreadsheet."
            placeholder={'Ada Lovelace, ada@example.com\nGrace Hopper <grace@example.com>'}
            rows={5}
            value={pasted}
            onChange={(e) => {
              setError(null);
              setNeedsPlan(false);
              setPasted(e.target.value);
            }}
          />
        )}
        {rows.length > 0 && <Preview rows={rows} source={source} from={source === 'file' ? (loaded?.file.name ?? '') : 'the pasted list'} />}
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
      </Flex>
    </Dialog>
  );
};

export default BulkInviteDialog;
