import type * as z from 'zod/mini';
import type { listAuditLog } from '../../../lambdas/operations/audit';
import { apiPath, callApi } from './client';
import { usePagedApi } from './use-api';

export type AuditLogPage = z.infer<typeof listAuditLog.response>;
export interface AuditFilter {
  member?: string;
  candidate?: string;
}

const filterQuery = (filter: AuditFilter) => ({
  ...(filter.member ? { member: filter.member } : {}),
  ...(filter.candidate ? { candidate: filter.candidate } : {}),
});

/** The company's audit log (owner only, issue 28), newest first, page by page ("Load more" asks for the next). */
export const useAuditLog = (companyId: string, filter: AuditFilter) =>
  usePagedApi((previous: AuditLogPage | null) =>
    previous && !previous.cursor
      ? null
      : apiPath('listAuditLog', { companyId }, { ...filterQuery(filter), ...(previous?.cursor ? { cursor: previous.cursor } : {}) }),
  );

/** A page of the log, for the CSV download (which reads every page with the filters). */
export const auditLogPage = (companyId: string, filter: AuditFilter, cursor?: string) =>
  callApi('listAuditLog', { params: { companyId }, query: { ...filterQuery(filter), ...(cursor ? { cursor } : {}) } });

/** Records that the member started playing an answer (once per answer and page view); failures are ignored. */
export const recordAnswerPlay = (answerId: string) => callApi('recordAnswerPlay', { params: { answerId }, keepalive: true }).catch(() => undefined);
