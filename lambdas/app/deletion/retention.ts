import { CandidateGone, readCandidatePartition, type Candidate } from '../../data/candidates/candidate';
import { dueForRetention, moveRetentionClock, retentionCompanies, retentionKeyOf, type DueCandidate } from '../../data/candidates/retention';
import { keys, SCHEDULE_SHARDS } from '../../data/keys';
import { getPosition, type Position } from '../../data/positions';
import { retentionClock, retentionCutoff, retentionMonthsOf } from '../../domain/retention';
import { describeError, type Logger } from '../../platform/logger';
import { deleteCandidateCascade } from './cascade';
import { webhookEvent } from '../../adapters/events';
import { candidateDeletedData } from '../../domain/webhook-payloads';
import { publishEvents } from '../webhooks/publish-events';

/**
 * The retention policy (issue 28): a company's candidates are deleted with everything of theirs
 * (videos, transcripts, captions, packages, personal data: deleteCandidateCascade) once the later
 * of their last activity and their position's closing is the company's months ago. Every company
 * is visited (its profile is in a retention shard); its due candidates are read from GSI5 a page
 * (one Query) at a time, oldest first, up to a bounded number a run; the next run goes on.
 */

/** Candidates a page reads (one Query of GSI5). */
export const RETENTION_PAGE_SIZE = 100;
/**
 * Due candidates one run takes at most (over all companies), and pages of one company: a backlog
 * is worked off over a few runs. A company with nothing due costs one Query.
 */
export const RETENTION_CANDIDATES_PER_RUN = 4000;
export const RETENTION_PAGES_PER_COMPANY = 10;
/** Candidates of a page deleted side by side. */
const AT_ONCE = 8;

export interface RetentionReport {
  companies: number;
  pages: number;
  deleted: number;
  /** Not due after all: their position closed later than they were last active, so their clock moved to the closing. */
  deferred: number;
  /** Changed meanwhile (active again, or deleted by someone else). */
  skipped: number;
  failed: number;
}

type Outcome = 'deleted' | 'deferred' | 'skipped' | 'failed';
type Applied = { outcome: Outcome; candidate?: Candidate };

/**
 * One due candidate: read again (their partition, strongly consistent, which the deletion takes along
 * anyway), their clock recomputed with their position's closing; deleted when still due, else
 * moved on GSI5 to when they will be.
 */
const applyTo = async (due: DueCandidate, cutoff: string, positionOf: (id: string) => Promise<Position | null>, log: Logger): Promise<Applied> => {
  try {
    const partition = await readCandidatePartition(due.candidateId);
    const { candidate } = partition;
    const profile = partition.items.find((item) => item.SK === keys.candidate(due.candidateId).SK);
    const retentionKey = retentionKeyOf(profile);
    if (!candidate || candidate.preview || retentionKey === null) return { outcome: 'skipped' };
    const position = await positionOf(candidate.positionId);
    const clock = retentionClock(candidate.lastActiveAt, position?.closedAt ?? null);
    if (clock > cutoff) return { outcome: (await moveRetentionClock(candidate, retentionKey, clock)) ? 'deferred' : 'skipped' };
    await deleteCandidateCascade(candidate, { partition });
    return { outcome: 'deleted', candidate };
  } catch (error) {
    if (error instanceof CandidateGone) return { outcome: 'skipped' };
    log.error('candidate not deleted by the retention policy', { candidateId: due.candidateId, ...describeError(error) });
    return { outcome: 'failed' };
  }
};

/** The companies' shards in an order that starts at a random one, so no company is always last in a run's budget. */
const shardOrder = (first: number) => Array.from({ length: SCHEDULE_SHARDS }, (_, i) => (first + i) % SCHEDULE_SHARDS);

export const applyRetention = async (now: Date, log: Logger, first = Math.floor(Math.random() * SCHEDULE_SHARDS)): Promise<RetentionReport> => {
  const report: RetentionReport = { companies: 0, pages: 0, deleted: 0, deferred: 0, skipped: 0, failed: 0 };
  const positions = new Map<string, Promise<Position | null>>();
  const positionOf = (positionId: string) => {
    if (!positions.has(positionId)) positions.set(positionId, getPosition(positionId));
    return positions.get(positionId)!;
  };
  visit: for (const shard of shardOrder(first)) {
    for (const company of await retentionCompanies(shard)) {
      const cutoff = retentionCutoff(now, retentionMonthsOf(company.retentionMonths));
      if (cutoff === null) continue;
      report.companies += 1;
      let after: Record<string, unknown> | undefined;
      for (let page = 0; page < RETENTION_PAGES_PER_COMPANY; page++) {
        const taken = report.deleted + report.deferred + report.skipped + report.failed;
        if (taken >= RETENTION_CANDIDATES_PER_RUN) break visit;
        const { candidates, next } = await dueForRetention(
          company.companyId,
          cutoff,
          Math.min(RETENTION_PAGE_SIZE, RETENTION_CANDIDATES_PER_RUN - taken),
          after,
        );
        report.pages += 1;
        for (let i = 0; i < candidates.length; i += AT_ONCE) {
          const outcomes = await Promise.all(candidates.slice(i, i + AT_ONCE).map((due) => applyTo(due, cutoff, positionOf, log)));
          for (const { outcome } of outcomes) report[outcome] += 1;
          // Receivers erase their copies (issue 38): these deletions in one PutEvents call.
          await publishEvents(
            outcomes.flatMap(({ candidate }) =>
              candidate ? [webhookEvent('candidate.deleted', candidate.companyId, candidateDeletedData(candidate, 'retention'))] : [],
            ),
            log,
          );
        }
        if (!next) break;
        after = next;
      }
    }
  }
  log.info('retention applied', { ...report });
  // A deletion that failed fails the run, so the job's error alarm tells someone (the rest went ahead).
  if (report.failed > 0) throw new Error(`${report.failed} candidates due under the retention policy were not deleted`);
  return report;
};
