import type { Report } from '../../contracts/reports';
import { buildReport, PeriodRefused, reportPeriods, sumCounters, type Counters } from '../../domain/reports';
import { canAccess } from '../../domain/access';
import { companyReportPartition, positionReportPartition, readReportDays } from '../../data/reports';
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

/** The days both periods cover (the previous period's first to the current period's last), or a 400 for a period refused. */
const span = ({ from, to }: Period) => {
  try {
    return { first: reportPeriods(from, to).previousPeriod.from, last: to };
  } catch (error) {
    if (error instanceof PeriodRefused) throw badRequest(error.message, 'period_refused');
    throw error;
  }
};

/**
 * The company's report (issue 40) over the positions the member has access to: the company's days
 * in one Query; for a member whom a position is not shared with, the positions are read (one Query)
 * and each such position's days taken off (one Query each). An owner's is the one Query.
 */
export const companyReport = async (companyId: string, caller: Caller, period: Period): Promise<Report> => {
  const { first, last } = span(period);
  const [membership, company, days] = await Promise.all([
    requireMembership(companyId, caller),
    getCompany(companyId),
    readReportDays(companyReportPartition(companyId), first, last),
  ]);
  if (!company) throw notFound('Company not found.');
  if (membership.role !== 'owner') {
    const hidden = (await allPositions(companyId)).filter((position) => !canAccess(position, membership));
    const hiddenDays = await Promise.all(hidden.map((position) => readReportDays(positionReportPartition(position.positionId), first, last)));
    for (const positionDays of hiddenDays) {
      for (const [day, counters] of positionDays) {
        const companyDay = days.get(day) ?? {};
        days.set(day, sumCounters(companyDay, companyCounters(counters), -1));
      }
    }
  }
  return buildReport({ timeZone: company.timeZone ?? DEFAULT_TIME_ZONE, ...period, days, position: null });
};

/** A position's day without its per-question counters: what the company's day holds of it. */
const companyCounters = (counters: Counters): Counters => Object.fromEntries(Object.entries(counters).filter(([name]) => !/^q\d+_/.test(name)));

/** One position's report, with drop-off per question: the access of GET /positions/{id}, then its days in one Query. */
export const positionReport = async (positionId: string, caller: Caller, period: Period): Promise<Report> => {
  const { first, last } = span(period);
  const [{ position }, days] = await Promise.all([
    requirePositionAccess(positionId, caller),
    readReportDays(positionReportPartition(positionId), first, last),
  ]);
  const company = await getCompany(position.companyId);
  return buildReport({
    timeZone: company?.timeZone ?? DEFAULT_TIME_ZONE,
    ...period,
    days,
    position: { positionId, jobTitle: position.jobTitle, questionTitles: position.interview.questions.map((question) => question.title) },
  });
};
