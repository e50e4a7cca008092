import { Alert, Button, Flex, Loader, Text, TextAreaField, ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { findExistingCandidates, inviteCandidates } from '../../../api/candidates';
import { ApiError, errorMessage } from '../../../api/client';
import { Dialog } from '../../../components/dialog';
import { FileDropZone } from '../../../components/file-drop-zone';
import { CollapsibleTimingField } from '../../../components/timing-adjustment-field';
import { isAdjusted, NO_ADJUSTMENT, type Pacing } from '../../../../../lambdas/contracts/timing';
import { BATCH_INVITE_MAX } from '../../../../../lambdas/contracts/candidate';
import { downloadText } from '../../../lib/download';
import { checked, CSV_TEMPLATE, readCandidateLines } from '../csv';
import { candidateRows, guessMapping, ImportFileError, readImportFile, type ColumnMapping, type ImportTable } from '../import';
import { messages } from '../messages';
import { plural, Preview, type Outcome, type Source } from './bulk-invite-preview';
import { ColumnMappingFields } from './column-mapping-fields';
import './bulk-invite.css';

interface Loaded {
  file: { name: string; size: number };
  table: ImportTable;
}

/** What the file picker offers: CSV (and tab-separated text) and Excel workbooks. */
const FILE_TYPES = '.csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Candidates a request invites: progress shows between requests, and a refusal holds back no more than these. */
const INVITES_PER_REQUEST = Math.min(100, BATCH_INVITE_MAX);

/**
 * Bulk invites (spec §5, issue 28): a CSV (comma, semicolon or tab) or an Excel workbook from an
 * ATS or a spreadsheet (dropped on the zone or chosen; the template gives a header), or a pasted
 * list, one candidate a line. The file's header row is mapped to full name, or first and last
 * name, and e-mail, and the team may change the mapping. A preview lists who will be invited and
 * marks each row that will not be and why: a problem to fix, a duplicate in the file, or an
 * address the position already has (asked of the server before anything is sent). Send invites the
 * rest, up to 1,000, in requests of 100 with progress and each row's result; refused for want of
 * credits (402), it says why and offers plan selection (spec §6), and Send again sends only what
 * was not invited. A timing adjustment (issue 25), folded away by default, applies to every
 * candidate of the list. A file read brings its preview into view (issue 43): it lies below the
 * drop zone and the mapping, and Send, enabled at once, sends what it lists.
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
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [needsPlan, setNeedsPlan] = useState(false);
  const [busy, setBusy] = useState(false);
  const [timing, setTiming] = useState(NO_ADJUSTMENT);
  /** The position's addresses among the list's, as last asked (`key`: the addresses asked). */
  const [existing, setExisting] = useState<{ key: string; emails: ReadonlySet<string> } | null>(null);
  /** Addresses found taken while sending (invited meanwhile, elsewhere). */
  const [takenMeanwhile, setTakenMeanwhile] = useState<ReadonlySet<string>>(new Set());
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, Outcome>>(new Map());
  const [invitedSoFar, setInvitedSoFar] = useState(0);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const preview = useRef<HTMLDivElement>(null);
  /** A file was just read: its preview is scrolled into view once it shows. */
  const reveal = useRef(false);

  const read = useMemo(
    () => (source === 'file' ? (loaded && mapping ? candidateRows(loaded.table, mapping) : []) : readCandidateLines(pasted)),
    [source, loaded, mapping, pasted],
  );
  // The addresses to ask the server about: the ones that would be invited (valid, within the limit, each once).
  const checkKey = useMemo(() => [...new Set(read.flatMap((row) => (!row.problem && row.email ? [row.email] : [])))].sort().join('\n'), [read]);
  useEffect(() => {
    if (!checkKey) return;
    let live = true;
    // Typing a pasted list asks once it pauses; a file at once.
    const timer = setTimeout(
      () => {
        const done = (emails: string[]) => live && setExisting({ key: checkKey, emails: new Set(emails) });
        // Not known: each invite request still refuses a taken address, and sending says which.
        findExistingCandidates(positionId, checkKey.split('\n')).then(done, () => done([]));
      },
      source === 'paste' ? 400 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [checkKey, positionId, source]);
  const checking = checkKey !== '' && existing?.key !== checkKey;
  const rows = useMemo(() => {
    const known = new Set([...(existing?.key === checkKey ? existing.emails : []), ...takenMeanwhile]);
    return known.size > 0 ? checked(read, known) : read;
  }, [read, existing, checkKey, takenMeanwhile]);
  const ready = rows.filter((row) => !row.problem && !outcomes.get(row.line)?.invited);
  // A file's rows show once it is read (the list empties while it is read, so each file's rows show anew).
  useEffect(() => {
    if (!reveal.current || rows.length === 0) return;
    reveal.current = false;
    preview.current?.scrollIntoView({ block: 'start' });
  }, [rows.length]);

  /** A new list: nothing sent of it yet. */
  const restart = () => {
    reveal.current = false;
    setError(null);
    setNeedsPlan(false);
    setOutcomes(new Map());
    setTakenMeanwhile(new Set());
  };
  /** Back to an empty dialog. */
  const reset = () => {
    setSource('file');
    setLoaded(null);
    setMapping(null);
    setFileError(null);
    setPasted('');
    setTiming(NO_ADJUSTMENT);
    setInvitedSoFar(0);
    setProgress(null);
    restart();
  };
  /** Closing after some were invited (and others not) still reports those. */
  const close = () => {
    if (invitedSoFar > 0) onInvited(invitedSoFar);
    reset();
    onClose();
  };
  const load = async (file: File) => {
    restart();
    setFileError(null);
    setLoaded(null);
    setMapping(null);
    setReading(true);
    try {
      const table = await readImportFile(file);
      setLoaded({ file: { name: file.name, size: file.size }, table });
      setMapping(guessMapping(table));
      reveal.current = true;
      if (table.rows.length <= (table.hasHeader ? 1 : 0))
        setFileError('No candidates were found in that file. Put each candidate on a row, with their name and e-mail address in columns.');
    } catch (e) {
      setFileError(
        e instanceof ImportFileError
          ? e.message
          : 'That file couldn’t be read. Choose a CSV file (.csv) or an Excel workbook (.xlsx), like the template.',
      );
    } finally {
      setReading(false);
    }
  };
  const headerChanged = (hasHeader: boolean) => {
    if (!loaded) return;
    const table = { ...loaded.table, hasHeader };
    restart();
    setLoaded({ ...loaded, table });
    setMapping(guessMapping(table));
  };

  const send = async () => {
    setBusy(true);
    setError(null);
    setNeedsPlan(false);
    const taken = new Set(takenMeanwhile);
    // Sent before the check answered (Send stays enabled meanwhile): ask now, and leave out what it finds.
    let current = rows;
    if (checking) {
      const found = await findExistingCandidates(positionId, checkKey.split('\n')).catch(() => []);
      setExisting({ key: checkKey, emails: new Set(found) });
      current = checked(read, new Set([...found, ...taken]));
    }
    const queue = current.filter((row) => !row.problem && !outcomes.get(row.line)?.invited);
    const results = new Map(outcomes);
    let invited = 0;
    let done = 0;
    /** A refusal of the whole list (no credits, a closed position, no connection): the rest is not sent. */
    let stopped: string | null = null;
    setProgress({ done, total: queue.length });
    for (let i = 0; i < queue.length; i += INVITES_PER_REQUEST) {
      let chunk = queue.slice(i, i + INVITES_PER_REQUEST);
      for (let attempt = 0; chunk.length > 0 && !stopped; attempt++) {
        try {
          const people = chunk.map(({ candidateName, email }) => ({ candidateName, email, ...(isAdjusted(timing) ? { timing } : {}) }));
          const { candidates } = await inviteCandidates(positionId, people);
          for (const row of chunk) results.set(row.line, { invited: true });
          invited += candidates.length;
          break;
        } catch (e) {
          // Invited meanwhile (another tab, a colleague): mark those, and send the rest once more.
          if (e instanceof ApiError && e.code === 'already_invited' && attempt === 0) {
            const emails = chunk.flatMap((row) => (row.email ? [row.email] : []));
            const found = await findExistingCandidates(positionId, emails).catch(() => []);
            if (found.length > 0) {
              found.forEach((email) => taken.add(email));
              chunk = chunk.filter((row) => !row.email || !taken.has(row.email));
              continue;
            }
          }
          const message = errorMessage(e, messages.sendInvitesFailed);
          if (e instanceof ApiError && (e.status === 400 || e.code === 'already_invited')) {
            for (const row of chunk) results.set(row.line, { invited: false, message });
            break;
          }
          setNeedsPlan(e instanceof ApiError && e.status === 402);
          setError(message);
          stopped = e instanceof ApiError && e.status === 402 ? 'Not enough interview credits.' : 'Not sent: see the message below.';
        }
      }
      if (stopped) for (const row of chunk) results.set(row.line, { invited: false, message: stopped });
      done += Math.min(INVITES_PER_REQUEST, queue.length - i);
      setProgress({ done, total: queue.length });
      setOutcomes(new Map(results));
      setTakenMeanwhile(new Set(taken));
    }
    setBusy(false);
    setProgress(null);
    const total = invitedSoFar + invited;
    if (queue.every((row) => results.get(row.line)?.invited) && total > 0) {
      onInvited(total);
      reset();
      onClose();
    } else setInvitedSoFar(total);
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
          <Button onClick={close} isDisabled={busy}>
            {invitedSoFar > 0 ? 'Close' : 'Cancel'}
          </Button>
          <Button
            variation="primary"
            isDisabled={ready.length === 0 || reading}
            isLoading={busy}
            loadingText="Sending..."
            onClick={() => void send()}
          >
            Send
          </Button>
        </>
      }
    >
      <Flex direction="column" gap="medium">
        <Text>
          Add candidates from a file exported from your ATS or a spreadsheet (CSV or Excel), or paste a list. You’ll see who will be invited before
          anything is sent. Candidates without an e-mail get a link you can send yourself.
        </Text>
        <ToggleButtonGroup
          value={source}
          isExclusive
          isSelectionRequired
          size="small"
          onChange={(value) => {
            restart();
            setSource(value as Source);
          }}
          aria-label="Add candidates from"
        >
          <ToggleButton value="file">Upload a file</ToggleButton>
          <ToggleButton value="paste">Paste a list</ToggleButton>
        </ToggleButtonGroup>
        {source === 'file' ? (
          <Flex direction="column" gap="xs">
            <FileDropZone
              label="CSV file or Excel workbook"
              accept={FILE_TYPES}
              hint="A CSV (comma, semicolon or tab) or an Excel workbook (.xlsx), up to 1,000 rows: with column headings such as Name or First name, Last name and Email, or simply the name, then the e-mail address."
              file={loaded?.file}
              error={fileError}
              status={reading ? 'Reading the file…' : null}
              disabled={busy}
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
            {loaded && mapping && loaded.table.rows.length > 0 && (
              <ColumnMappingFields
                table={loaded.table}
                mapping={mapping}
                onMapping={(next) => {
                  restart();
                  setMapping(next);
                }}
                onHeader={headerChanged}
              />
            )}
          </Flex>
        ) : (
          <TextAreaField
            label="Paste a list"
            descriptiveText="One candidate a line: “Name, email”, “Name <email>”, or a name and an e-mail copied from a spreadsheet."
            placeholder={'Ada Lovelace, ada@example.com\nGrace Hopper <grace@example.com>'}
            rows={5}
            value={pasted}
            onChange={(e) => {
              restart();
              setPasted(e.target.value);
            }}
          />
        )}
        {rows.length > 0 && (
          <div ref={preview} className="bulk-invite__preview">
            <Preview
              rows={rows}
              source={source}
              from={source === 'file' ? (loaded?.file.name ?? '') : 'the pasted list'}
              outcomes={outcomes}
              checking={checking}
            />
          </div>
        )}
        {progress && (
          <div className="bulk-invite__progress">
            <Loader
              variation="linear"
              isDeterminate
              percentage={Math.round((progress.done / Math.max(progress.total, 1)) * 100)}
              isPercentageTextHidden
            />
            <Text className="bulk-invite__summary" role="status">
              Inviting… {progress.done.toLocaleString('en')} of {plural(progress.total, 'candidate')} done.
            </Text>
          </div>
        )}
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
