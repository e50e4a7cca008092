import { getCompany } from '../../data/companies';
import { countCandidateChange } from '../../data/reports';
import { DEFAULT_TIME_ZONE } from '../../contracts/company';
import { metricNames, count, seconds } from '../../platform/metrics';
import { describeError, type Logger } from '../../platform/logger';

/** One change of a candidate item, as the table's stream hands it over (images unmarshalled). */
export interface CandidateChange {
  /** The stream record's id: unique per change, the same when handed over again. */
  eventId: string;
  sequenceNumber: string;
  before: Record<string, any> | null;
  after: Record<string, any> | null;
  /** When DynamoDB wrote the change (the stream's ApproximateCreationDateTime). */
  changedAt: Date | null;
}

/**
 * Counts a batch of candidate changes into the reports (issue 40), in stream order: each change
 * once (countCandidateChange), with its company's time zone (read once a batch per company). A change
 * that fails stops the batch there: it and the ones after it are handed over again, in order (the
 * mapping's ReportBatchItemFailures takes the first failed sequence number). Returns that one.
 */
export const countCandidateChanges = async (changes: readonly CandidateChange[], log: Logger): Promise<string | null> => {
  const zones = new Map<string, Promise<string>>();
  const zoneOf = (companyId: string) => {
    let zone = zones.get(companyId);
    if (!zone) {
      zone = getCompany(companyId).then((company) => company?.timeZone ?? DEFAULT_TIME_ZONE);
      zones.set(companyId, zone);
    }
    return zone;
  };
  for (const change of changes) {
    const item = change.after ?? change.before;
    if (!item?.companyId) continue;
    try {
      const outcome = await countCandidateChange(change.eventId, change.before, change.after, await zoneOf(item.companyId));
      if (outcome === 'duplicate') count(metricNames.reportDuplicates);
      if (outcome === 'counted' && change.changedAt)
        seconds(metricNames.reportLagSeconds, Math.max(0, (Date.now() - change.changedAt.getTime()) / 1000));
    } catch (error) {
      zones.delete(item.companyId);
      log.error('report change not counted', { eventId: change.eventId, ...describeError(error) });
      return change.sequenceNumber;
    }
  }
  return null;
};
