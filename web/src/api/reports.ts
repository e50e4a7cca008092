import useSWR from 'swr';
import { POSITION_STATUSES, type PositionStatus } from '../../../lambdas/contracts/vocabulary';
import { apiPath, callApi } from './client';
import type { PositionSummary } from './positions';
import { useApi } from './use-api';
import { useSessionId } from '../lib/session';

/**
 * Reports (issue 40): the company's report (over the positions the member has access to) or one
 * position's, for the days `from`..`to` in the company's time zone.
 */
export const useReport = (companyId: string, positionId: string | null, period: { from: string; to: string } | null) =>
  useApi(
    period === null ? null : positionId ? apiPath('getPositionReport', { positionId }, period) : apiPath('getCompanyReport', { companyId }, period),
  );

export interface ReportPosition {
  positionId: string;
  jobTitle: string;
  currentStatus: PositionStatus;
}

/** Every position of one status the member can open, page after page of the positions list. */
const allPositions = async (companyId: string): Promise<ReportPosition[]> => {
  const found: ReportPosition[] = [];
  for (const status of POSITION_STATUSES) {
    let cursor: string | undefined;
    do {
      const page = await callApi('listPositions', { params: { companyId }, query: cursor ? { status, cursor } : { status } });
      found.push(...page.positions.map(({ positionId, jobTitle, currentStatus }: PositionSummary) => ({ positionId, jobTitle, currentStatus })));
      cursor = page.cursor ?? undefined;
    } while (cursor);
  }
  return found;
};

/** The positions the Reports screen's picker offers: the member's open and closed positions (the list's access rule). */
export const useReportPositions = (companyId: string) => {
  const sessionId = useSessionId();
  return useSWR(sessionId ? ['report-positions', companyId] : null, () => allPositions(companyId));
};

/** Sets the time zone the company's reports count days in (owner, issue 40). */
export const putTimeZoneCall = (companyId: string, timeZone: string) => callApi('putTimeZone', { params: { companyId }, body: { timeZone } });
