import { Alert, Badge, Button, Flex, Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { announceTemplatesChanged, deleteMessageTemplateCall, useMessageTemplateList } from '../../../api/message-templates';
import type { MessageTemplate } from '../../../api/positions';
import { PageLoader } from '../../../components/page-loader';
import { GridPagination, useGridPages } from '../../../components/grid-pages';
import { emailsMessages } from '../emails-messages';
import { TemplateDialog } from './template-dialog';

type Templates = { messageTemplates: MessageTemplate[] };

/**
 * Emails: the message templates (5 rows a page), the standard ones read-only, the company's own
 * created, edited and deleted here (spec §2, §5). Every change revalidates the one list key, so the
 * position settings' Candidate notifications show it without a reload (spec §4).
 */
export const EmailsTab = ({ companyId }: { companyId: string }) => {
  const { data, error, mutate } = useMessageTemplateList(companyId);
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);

  const rows = data?.messageTemplates ?? [];
  const { visible, current, pages, setPage } = useGridPages(rows);

  if (error) return <Alert variation="error">{emailsMessages.templatesFailed}</Alert>;
  if (!data) return <PageLoader />;

  // Optimistic; a failed delete (a template in use, say) silently restores the row (spec §8).
  const remove = (row: MessageTemplate) =>
    mutate(
      async () => {
        await deleteMessageTemplateCall(row.templateId);
        announceTemplatesChanged(companyId);
        return undefined;
      },
      {
        optimisticData: (list?: Templates) =>
          list ? { messageTemplates: list.messageTemplates.filter((t) => t.templateId !== row.templateId) } : data,
        rollbackOnError: true,
        populateCache: false,
        revalidate: true,
      },
    ).catch(() => undefined);

  return (
    <Flex direction="column" gap="medium">
      <Flex justifyContent="flex-end">
        <Button variation="primary" onClick={() => setEditing('new')}>
          New template
        </Button>
      </Flex>
      <Table size="small" highlightOnHover caption="Message templates">
        <TableHead>
          <TableRow>
            <TableCell as="th">Name</TableCell>
            <TableCell as="th">Subject</TableCell>
            <TableCell as="th">Status</TableCell>
            <TableCell as="th">
              <span className="visually-hidden">Actions</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {visible.map((row) => (
            <TableRow key={row.templateId}>
              <TableCell>{row.templateName}</TableCell>
              <TableCell>{row.subjectLine}</TableCell>
              <TableCell>
                <Flex gap="xxs" wrap="wrap">
                  {row.isStandard && (
                    <Badge size="small" variation="info">
                      standard
                    </Badge>
                  )}
                  {row.inUse && (
                    <Badge size="small" variation="success">
                      in use
                    </Badge>
                  )}
                </Flex>
              </TableCell>
              <TableCell textAlign="end">
                <Flex gap="xs" justifyContent="flex-end">
                  <Button
                    size="small"
                    variation="link"
                    onClick={() => setEditing(row)}
                    aria-label={`${row.isStandard ? 'View' : 'Edit'} ${row.templateName}`}
                  >
                    {row.isStandard ? 'View' : 'Edit'}
                  </Button>
                  {!row.isStandard && (
                    <Button size="small" variation="link" onClick={() => void remove(row)} aria-label={`Delete ${row.templateName}`}>
                      Delete
                    </Button>
                  )}
                </Flex>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <GridPagination current={current} pages={pages} setPage={setPage} />
      {editing && (
        <TemplateDialog
          companyId={companyId}
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            announceTemplatesChanged(companyId);
            await mutate();
          }}
        />
      )}
    </Flex>
  );
};
