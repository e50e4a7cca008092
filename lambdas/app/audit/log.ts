import { AUDIT_PAGE_SIZE, DELETED_CANDIDATE, DELETED_POSITION, FORMER_MEMBER } from '../../contracts/audit';
import { auditNamesOf, listAuditEntries, type AuditFilter } from '../../data/audit';
import { listMembers } from '../../data/members';
import { alongside } from '../access/alongside';

/**
 * A page of the company's audit log for its owner, newest first. The page (one Query) and the
 * company's members are read alongside the owner check; then the page's candidates and positions
 * are named in one BatchGetItem (entries keep ids only: a deleted candidate shows as such).
 */
export const auditLog = async (companyId: string, owner: Promise<unknown>, filter: AuditFilter, cursor: string | undefined) => {
  const [, [page, { members }]] = await alongside(
    owner,
    Promise.all([listAuditEntries(companyId, filter, cursor, AUDIT_PAGE_SIZE), listMembers(companyId)]),
  );
  const names = await auditNamesOf(companyId, page.entries);
  const emails = new Map(members.map((m) => [m.userId, m.email]));
  return {
    entries: page.entries.map((entry) => {
      const candidateName = entry.candidateId ? names.candidates.get(entry.candidateId) : undefined;
      return {
        entryId: entry.entryId,
        at: entry.at,
        action: entry.action,
        member: entry.actorUserId ? { userId: entry.actorUserId, email: emails.get(entry.actorUserId) ?? FORMER_MEMBER } : null,
        candidate: entry.candidateId
          ? { candidateId: entry.candidateId, candidateName: candidateName ?? DELETED_CANDIDATE, isDeleted: candidateName === undefined }
          : null,
        position: entry.positionId ? { positionId: entry.positionId, jobTitle: names.positions.get(entry.positionId) ?? DELETED_POSITION } : null,
        detail: entry.detail,
      };
    }),
    cursor: page.cursor,
    members: members.map((m) => ({ userId: m.userId, email: m.email })).sort((a, b) => a.email.localeCompare(b.email)),
  };
};
