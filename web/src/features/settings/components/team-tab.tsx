import { Alert, Badge, Button, Flex, Table, TableBody, TableCell, TableHead, TableRow, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api/client';
import { inviteMemberCall, removeMemberCall, useMembers, type Members } from '../../../api/members';
import { MAIL_PROBLEMS, MailStatusBadge, type MailDelivery } from '../../../components/mail-status-badge';
import { PageLoader } from '../../../components/page-loader';
import { GridPagination, useGridPages } from '../../../components/grid-pages';
import { messages } from '../messages';

interface Row {
  userId: string;
  email: string;
  status: 'active' | 'invited';
  isOwner: boolean;
  /** An invitation's mail (issue 26): a bounce or spam complaint shows beside its status. */
  mail: MailDelivery | null;
}

const rowsOf = (data: Members): Row[] => [
  ...data.members.map((m) => ({ userId: m.userId, email: m.email, status: m.status, isOwner: m.userRole === 'owner', mail: null })),
  ...data.invitedMembers.map((m) => ({ userId: m.userId, email: m.email, status: m.status, isOwner: false, mail: m.mail })),
];

/**
 * Team: members and invitations (5 rows a page; a bounced invitation says so, with the reason, and
 * one not sent at all, issue 37, with a Resend), invite by e-mail, remove (spec §2, §5).
 */
export const TeamTab = ({ companyId }: { companyId: string }) => {
  const { data, error, mutate } = useMembers(companyId);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [resending, setResending] = useState<string | null>(null);

  const { visible, current, pages, setPage } = useGridPages(data ? rowsOf(data) : []);

  if (error) return <Alert variation="error">{messages.membersFailed}</Alert>;
  if (!data) return <PageLoader />;

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || busy) return;
    setBusy(true);
    setInviteError(null);
    try {
      await inviteMemberCall(companyId, email.trim());
      setEmail('');
      await mutate();
    } catch (e) {
      setInviteError(errorMessage(e, messages.inviteFailed));
    } finally {
      setBusy(false);
    }
  };

  // An invitation not sent (issue 37): the address invited again, which replaces the invitation and sends it anew.
  const resend = async (row: Row) => {
    if (resending) return;
    setResending(row.userId);
    setInviteError(null);
    try {
      await inviteMemberCall(companyId, row.email);
      await mutate();
    } catch (e) {
      setInviteError(errorMessage(e, messages.inviteFailed));
    } finally {
      setResending(null);
    }
  };

  // Optimistic; a failed removal silently restores the row (spec §8).
  const remove = (row: Row) =>
    mutate(
      async () => {
        await removeMemberCall(companyId, row.userId);
        return undefined;
      },
      {
        optimisticData: (current?: Members) =>
          current
            ? {
                members: current.members.filter((m) => m.userId !== row.userId),
                invitedMembers: current.invitedMembers.filter((m) => m.userId !== row.userId),
              }
            : data,
        rollbackOnError: true,
        populateCache: false,
        revalidate: true,
      },
    ).catch(() => undefined);

  return (
    <Flex direction="column" gap="medium">
      <form onSubmit={invite}>
        <Flex gap="small" alignItems="flex-end">
          <TextField label="Invite by e-mail" type="email" name="inviteEmail" value={email} onChange={(e) => setEmail(e.target.value)} flex="1" />
          <Button type="submit" variation="primary" isDisabled={!email.trim()} isLoading={busy} loadingText="Inviting...">
            Invite
          </Button>
        </Flex>
      </form>
      {inviteError && <Alert variation="error">{inviteError}</Alert>}
      <Table className="team-table" size="small" highlightOnHover caption="Team members">
        <TableHead>
          <TableRow>
            <TableCell as="th">E-mail</TableCell>
            <TableCell as="th">Status</TableCell>
            <TableCell as="th">
              <span className="visually-hidden">Actions</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {visible.map((row) => (
            <TableRow key={row.userId}>
              <TableCell>
                {row.email}
                {row.isOwner && ' (owner)'}
              </TableCell>
              <TableCell>
                <Flex direction="column" alignItems="flex-start" gap="xxxs">
                  <Badge size="small" variation={row.status === 'active' ? 'success' : 'info'}>
                    {row.status}
                  </Badge>
                  <MailStatusBadge mail={row.mail} />
                  {row.mail?.reason && MAIL_PROBLEMS[row.mail.status] && (
                    <Text as="span" fontSize="xs" color="font.secondary">
                      {row.mail.reason}
                    </Text>
                  )}
                </Flex>
              </TableCell>
              <TableCell textAlign="end">
                {row.mail?.status === 'not_sent' && (
                  <Button
                    size="small"
                    variation="link"
                    onClick={() => void resend(row)}
                    isLoading={resending === row.userId}
                    loadingText="Sending..."
                    aria-label={`Resend the invitation to ${row.email}`}
                  >
                    Resend
                  </Button>
                )}
                {!row.isOwner && (
                  <Button size="small" variation="link" onClick={() => void remove(row)} aria-label={`Remove ${row.email}`}>
                    Remove
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <GridPagination current={current} pages={pages} setPage={setPage} />
    </Flex>
  );
};
