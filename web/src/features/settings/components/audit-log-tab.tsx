import { Alert, Badge, Button, Flex, Heading, SelectField, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { auditLogPage, useAuditLog, type AuditFilter } from '../../../api/audit';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { downloadText } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { auditCsv, auditFileName, auditWhat, auditWho, type AuditEntry } from '../audit-log';

const ALL = '';

/**
 * Audit log (owner, issue 28): who viewed a candidate, played or downloaded answers, exported,
 * shared, changed a status or deleted, newest first, 25 at a time with "Load more". Filters: a
 * member (select) and a candidate (set by a candidate page's "Audit log" link, removable as a
 * chip). "Download CSV" reads every page with the filters.
 */
export const AuditLogTab = ({ companyId, candidateId }: { companyId: string; candidateId?: string }) => {
  const [member, setMember] = useState(ALL);
  const [candidate, setCandidate] = useState(candidateId ?? ALL);
  const filter: AuditFilter = { member: member || undefined, candidate: candidate || undefined };
  const pages = useAuditLog(companyId, filter);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState(false);

  const entries = pages.data?.flatMap((page) => page.entries) ?? [];
  const members = pages.data?.[0]?.members ?? [];
  const hasMore = Boolean(pages.data?.[pages.data.length - 1]?.cursor);
  const candidateName = entries.find((e) => e.candidate?.candidateId === candidate)?.candidate?.candidateName;

  const download = async () => {
    setDownloading(true);
    setDownloadError(false);
    try {
      const all: AuditEntry[] = [];
      let cursor: string | undefined;
      do {
        const page = await auditLogPage(companyId, filter, cursor);
        all.push(...page.entries);
        cursor = page.cursor ?? undefined;
      } while (cursor);
      downloadText(auditCsv(all), auditFileName(), 'text/csv;charset=utf-8');
    } catch {
      setDownloadError(true);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Flex as="section" direction="column" gap="medium" aria-labelledby="audit-log-heading">
      <Heading level={3} id="audit-log-heading">
        Audit log
      </Heading>
      <Text>
        Who viewed candidates, played or downloaded their answers, exported, shared, changed a status or deleted, and when. Entries are deleted with
        your retention policy.
      </Text>
      <Flex gap="medium" alignItems="flex-end" wrap="wrap">
        <SelectField label="Member" value={member} onChange={(e) => setMember(e.target.value)} minWidth="16rem">
          <option value={ALL}>All members</option>
          {members.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.email}
            </option>
          ))}
        </SelectField>
        {candidate && (
          <Flex className="audit-log__chip" alignItems="center" gap="xs">
            <Text as="span">Candidate: {candidateName ?? 'this candidate'}</Text>
            <Button size="small" variation="link" onClick={() => setCandidate(ALL)} aria-label="Remove the candidate filter">
              ✕
            </Button>
          </Flex>
        )}
        <Button
          marginInlineStart="auto"
          onClick={() => void download()}
          isLoading={downloading}
          loadingText="Preparing CSV…"
          isDisabled={!pages.data}
        >
          Download CSV
        </Button>
      </Flex>
      {downloadError && <Alert variation="error">The CSV could not be prepared. Please try again.</Alert>}
      {pages.error ? (
        <Alert variation="error">Unable to load the audit log at this time. Please try again.</Alert>
      ) : !pages.data ? (
        <PageLoader />
      ) : entries.length === 0 ? (
        <Text color="font.secondary">{member || candidate ? 'Nothing recorded for this filter yet.' : 'Nothing recorded yet.'}</Text>
      ) : (
        <>
          <Table size="small" highlightOnHover caption="Audit log entries, newest first" className="audit-log__table">
            <TableHead>
              <TableRow>
                <TableCell as="th">Time</TableCell>
                <TableCell as="th">Member</TableCell>
                <TableCell as="th">Action</TableCell>
                <TableCell as="th">Candidate</TableCell>
                <TableCell as="th">Position</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.entryId}>
                  <TableCell>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </TableCell>
                  <TableCell>{auditWho(entry)}</TableCell>
                  <TableCell>{auditWhat(entry, formatDateTime)}</TableCell>
                  <TableCell>
                    {entry.candidate && !entry.candidate.isDeleted && entry.position ? (
                      <Link to={paths.candidate.to(companyId, entry.position.positionId, entry.candidate.candidateId)}>
                        {entry.candidate.candidateName}
                      </Link>
                    ) : entry.candidate ? (
                      <Badge size="small">{entry.candidate.candidateName}</Badge>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell>{entry.position?.jobTitle ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {hasMore && (
            <Flex justifyContent="center">
              <Button variation="link" isLoading={pages.isValidating} onClick={() => void pages.setSize(pages.size + 1)}>
                Load more
              </Button>
            </Flex>
          )}
        </>
      )}
    </Flex>
  );
};
