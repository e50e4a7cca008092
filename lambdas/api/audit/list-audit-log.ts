import * as operations from '../../operations/audit';
import { auditLog } from '../../app/audit/log';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** A page of the company's audit log, for its owner; the page is read alongside the owner check. */
export const handler = defineHandlerAlongsideAuth(operations.listAuditLog, async ({ params, query, membership }) =>
  auditLog(params.companyId, membership, { memberUserId: query.member, candidateId: query.candidate }, query.cursor),
);
