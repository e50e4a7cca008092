import { AUDIT_PAGE_SIZE, DELETED_API_KEY, DELETED_CANDIDATE, DELETED_POSITION, FORMER_MEMBER } from '../../contracts/audit';
import { listApiKeys } from '../../data/api-keys';
import { parseKeyPrincipal } from '../../domain/api-keys';
import { auditNamesOf, listAuditEntries, type AuditFilter } from '../../data/audit';
import { listMembers } from '../../data/members';
import { alongside } from '../access/alongside';

/**
 * A page of the company's audit log for its owner, newest first. The page (one Query) and the
 * company's members are read alongside the owner check; then the page's candidates and positions
 * are named in one BatchGetItem (entries keep ids only: a deleted candidate shows as such). What an
 * API key did names the key (its principal is the entry's actor), from the company's keys, read with the members.
 */
export const auditLog = async (companyId: string, owner: Promise<unknown>, filter: AuditFilter, cursor: string | undefined) => {
  const [, [page, { members }, apiKeys]] = await alongside(
    owner,
    Promise.all([listAuditEntries(companyId, filter, cursor, AUDIT_PAGE_SIZE), listMembers(companyId), listApiKeys(companyId)]),
  );
  const keyNames = new Map(apiKeys.map((key) => [key.keyId, key.name]));
  const names = await auditNamesOf(companyId, page.entries);
  const emails = new Map(members.map((m) => [m.userId, m.email]));
  return {
    entries: page.entries.map((entry) => {
      const candidateName = entry.candidateId ? names.candidates.get(entry.candidateId) : undefined;
      const key = entry.actorUserId ? parseKeyPrincipal(entry.actorUserId) : null;
      return {
        entryId: entry.entryId,
        at: entry.at,
        action: entry.action,
        member: entry.actorUserId && !key ? { userId: entry.actorUserId, email: emails.get(entry.actorUserId) ?? FORMER_MEMBER } : null,
        apiKey: key ? { keyId: key.keyId, name: keyNames.get(key.keyId) ?? DELETED_API_KEY } : null,
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
