import type { Report } from '../../contracts/reports';
import { buildReport, PeriodRefused, reportPeriods, type Counters } from '../../domain/reports';
import { subtractTotals } from '../../domain/report-months';
import { canAccess } from '../../domain/access';
import { companyReportPartition, positionReportPartition, readReportPeriods } from '../../data/reports';
import { getCompany } from '../../data/companies';
import { allPositions } from '../../data/positions';
import type { Caller } from '../access/caller';
import { requireMembership } from '../access/membership';
import { requirePositionAccess } from '../access/position';
import { badRequest, notFound } from '../../platform/errors';
import { DEFAULT_TIME_ZONE } from '../../contracts/company';

interface Period {
  from: string;
  to: string;
}

/** The days both periods cover (the previous period's first, the current's first and last), or a 400 for a period refused. */
const span = ({ from, to }: Period) => {
  try {
    return [reportPeriods(from, to).previousPeriod.from, from, to] as const;
  } catch (error) {
    if (error instanceof PeriodRefused) throw badRequest(error.message, 'period_refused');
    throw error;
  }
};

/**
 * The company's report (issue 40) over the positions the member has access to: the company's months
 * in one Query and the days of the months the periods cut in one BatchGetItem; for a member whom a
 * position is not shared with, the positions are read (one Query) and each such position's totals
 * taken off (the same two reads each). An owner's is the one Query and the one BatchGetItem.
 */
export const companyReport = async (companyId: string, caller: Caller, period: Period): Promise<Report> => {
  const days = span(period);
  const [membership, company, totals] = await Promise.all([
    requireMembership(companyId, caller),
    getCompany(companyId),
    readReportPeriods(companyReportPartition(companyId), ...days),
  ]);
  if (!company) throw notFound('Company not found.');
  if (membership.role !== 'owner') {
    const hidden = (await allPositions(companyId)).filter((position) => !canAccess(position, membership));
    const hiddenTotals = await Promise.all(hidden.map((position) => readReportPeriods(positionReportPartition(position.positionId), ...days)));
    for (const positionTotals of hiddenTotals) subtractTotals(totals, positionTotals, companyCounters);
  }
  return buildReport({ timeZone: company.timeZone ?? DEFAULT_TIME_ZONE, ...period, totals, position: null });
};

/** A position's day without its per-question counters: what the company's day holds of it. */
const companyCounters = (counters: Counters): Counters => Object.fromEntries(Object.entries(counters).filter(([name]) => !/^q\d+_/.test(name)));

/** One position's report, with drop-off per question: the access of GET /positions/{id}, beside its months and cut days. */
export const positionReport = async (positionId: string, caller: Caller, period: Period): Promise<Report> => {
  const days = span(period);
  const [{ position }, totals] = await Promise.all([requirePositionAccess(positionId, caller), readReportPeriods(positionReportPartition(positionId), ...days)]);
  const company = await getCompany(position.companyId);
  return buildReport({
    timeZone: company?.timeZone ?? DEFAULT_TIME_ZONE,
    ...period,
    totals,
    position: { positionId, jobTitle: position.jobTitle, questionTitles: position.interview.questions.map((question) => question.title) },
  });
};
