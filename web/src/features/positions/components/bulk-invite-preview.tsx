import { Badge, Flex, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { commonMessages } from '../../../config/messages';
import { rowProblems, type CandidateRow } from '../csv';

/** Where the rows come from: an uploaded file or a pasted list. */
export type Source = 'file' | 'paste';

/** What became of a row that was sent. */
export type Outcome = { invited: true } | { invited: false; message: string };

export const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** Rows left out for a reason the team need not fix: shown with a badge, not as an error. */
const SKIPPED: Partial<Record<string, string>> = {
  [rowProblems.duplicate]: 'Duplicate in file',
  [rowProblems.alreadyCandidate]: 'Already invited',
};

/** The rows read, before anything is sent and as they are: who will be invited, each row that will not be and why, and what became of each one sent. */
export const Preview = ({
  rows,
  source,
  from,
  outcomes,
  checking,
}: {
  rows: CandidateRow[];
  source: Source;
  from: string;
  outcomes: ReadonlyMap<number, Outcome>;
  checking: boolean;
}) => {
  const ready = rows.filter((row) => !row.problem && !outcomes.get(row.line)?.invited).length;
  const invited = rows.filter((row) => outcomes.get(row.line)?.invited).length;
  const refused = rows.filter((row) => outcomes.get(row.line)?.invited === false).length;
  const count = (problem: string) => rows.filter((row) => row.problem === problem).length;
  const duplicates = count(rowProblems.duplicate);
  const existing = count(rowProblems.alreadyCandidate);
  const problems = rows.filter((row) => row.problem).length - duplicates - existing;
  const where = source === 'file' ? 'Row' : 'Line';
  const skipped = [
    existing > 0 && `${plural(existing, 'already a candidate', 'already candidates')} of this position`,
    duplicates > 0 && `${plural(duplicates, 'duplicate')} in the ${source === 'file' ? 'file' : 'list'}`,
    problems > 0 && `${plural(problems, 'row')} with a problem to fix`,
  ].filter(Boolean);
  return (
    <Flex direction="column" gap="xs">
      <Text className="bulk-invite__summary" role="status">
        {invited > 0 && <strong>{plural(invited, 'candidate')} invited. </strong>}
        {(invited === 0 || ready > 0) && <strong>{plural(ready, 'candidate')} ready to invite.</strong>}
        {skipped.length > 0 && ` Left out: ${skipped.join(', ')}.`}
        {refused > 0 && ` ${plural(refused, 'row')} could not be invited: see below.`}
        {checking && ' Checking who is already a candidate…'}
      </Text>
      {/* A long list scrolls: focusable and named, so the keyboard can scroll it too. */}
      <div className="bulk-invite__table" tabIndex={0} role="region" aria-label="Candidates to invite">
        <Table size="small" caption={`${plural(ready, 'candidate')} from ${from}`}>
          <TableHead>
            <TableRow>
              <TableCell as="th">Name</TableCell>
              <TableCell as="th">Email</TableCell>
              {skipped.length > 0 && <TableCell as="th">Problem</TableCell>}
              {outcomes.size > 0 && <TableCell as="th">Result</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const badge = row.problem ? SKIPPED[row.problem] : undefined;
              const outcome = outcomes.get(row.line);
              const look = outcome?.invited === false || (row.problem && !badge) ? 'problem' : badge ? 'skipped' : outcome ? 'invited' : null;
              return (
                <TableRow key={row.line} className={look ? `bulk-invite__row--${look}` : undefined}>
                  <TableCell>{row.candidateName || <span className="bulk-invite__missing">No name</span>}</TableCell>
                  <TableCell>{row.email ?? commonMessages.notAvailable}</TableCell>
                  {skipped.length > 0 && (
                    <TableCell>
                      {row.problem && (
                        <span className={badge ? 'bulk-invite__skipped' : 'bulk-invite__problem'}>
                          {badge && (
                            <Badge size="small" variation="warning">
                              {badge}
                            </Badge>
                          )}{' '}
                          {where} {row.line}: {row.problem}
                        </span>
                      )}
                    </TableCell>
                  )}
                  {outcomes.size > 0 && (
                    <TableCell>
                      {outcome?.invited === true && (
                        <Badge size="small" variation="success">
                          Invited
                        </Badge>
                      )}
                      {outcome?.invited === false && (
                        <span className="bulk-invite__problem">
                          <Badge size="small" variation="error">
                            Not invited
                          </Badge>{' '}
                          {outcome.message}
                        </span>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </Flex>
  );
};
