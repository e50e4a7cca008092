import * as z from 'zod/mini';
import { companyIdParams } from '../contracts/account';
import { idSchema } from '../contracts/common';
import { reportQuery, reportSchema } from '../contracts/reports';
import { defineOperation } from './operation';

export const getCompanyReport = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/report',
  auth: 'session',
  grants: ['table:read'],
  summary:
    "The company's report for the days `from`..`to` (inclusive, at most 366, in the company's time zone) beside the period of the same length before it: the funnel of the candidates invited on those days (invited, opened, started, completed, reviewed, shortlisted, rejected), the completion rate, the median and 90th percentile of time to complete and to first review, devices, recorder paths, and the period day by day. Over the positions the member has access to (an owner: all). From the aggregates: one Query of the company's months and one BatchGetItem of the days of the months the periods cut, and the same again per position the member may not see.",
  params: companyIdParams,
  query: reportQuery,
  response: reportSchema,
});

export const getPositionReport = defineOperation({
  method: 'GET',
  path: '/positions/{positionId}/report',
  auth: 'session',
  grants: ['table:read'],
  summary:
    "One position's report for the days `from`..`to` (as the company's), with drop-off per question: how many candidates reached each question, answered it, and the retakes they used. The access of GET /positions/{positionId}. One Query of the position's months and one BatchGetItem of the days of the months the periods cut.",
  params: z.object({ positionId: idSchema }),
  query: reportQuery,
  response: reportSchema,
});
