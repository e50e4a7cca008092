import * as z from 'zod/mini';
import { companyIdParams } from '../contracts/account';
import { auditLogQuery, auditLogSchema } from '../contracts/audit';
import { idSchema } from '../contracts/common';
import { defineOperation } from './operation';

export const listAuditLog = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/audit-log',
  auth: 'owner',
  grants: ['table:read'],
  summary:
    "A page of the company's audit log (25 a page), newest first: who viewed a candidate, played or downloaded answers, exported, shared, changed a status or deleted, and when. `member` and `candidate` filter (both: one member's entries about one candidate); `cursor` continues after the page that returned it. One Query a page; candidates and positions are named at read time. Owners only.",
  params: companyIdParams,
  query: auditLogQuery,
  response: auditLogSchema,
});

export const recordAnswerPlay = defineOperation({
  method: 'POST',
  path: '/answers/{answerId}/plays',
  auth: 'session',
  grants: ['table:write'],
  summary:
    "Records in the company's audit log that the member started playing an answer (the page calls it the first time each answer plays in a page view). The same access as rating the answer.",
  params: z.object({ answerId: idSchema }),
  response: z.undefined(),
  successStatus: 204,
});
