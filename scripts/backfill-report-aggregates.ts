import { DynamoDBDocumentClient, GetCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIME_ZONE } from '../lambdas/contracts/company';
import { tableName } from '../lambdas/data/client';
import { keys } from '../lambdas/data/keys';
import { backfillCandidateReport } from '../lambdas/data/reports';
import { TransactionConflict } from '../lambdas/data/transaction';
import { dayIn } from '../lambdas/domain/reports';
import type { Migration } from './migration-runner';

/**
 * Migration 006-report-aggregates (`npm run migrate`, scripts/migrations.ts), for Reports (issue 40):
 * every candidate invited before reports existed is added to its company's and its position's
 * per-day aggregates (data/reports.ts), which the table's stream keeps up to date only for candidates
 * marked `reportCounted` (every invite since marks it). Until it has run, the reports leave out the
 * candidates from before.
 *
 * Each candidate is counted in one transaction (backfillCandidateReport) that marks it counted and
 * ADDs its contribution, on the condition that it is not counted yet and has not changed since it was
 * read; the stream ignores that change (its old image was not counted), so a candidate is counted
 * once whichever comes first, and a second run adds nothing. A candidate that changed between the
 * read and the write is read again and counted as it is now (a few times; one that never settles
 * fails the run, which is then not recorded, so the next run retries it and only it).
 *
 * Day = the invite's day in the company's time zone (read once per company). An operator's one-off,
 * so it Scans (the Lambdas never do) the candidate profiles not counted yet. The candidates of one
 * company's day are counted one after another (they add to the same day items, so side by side they
 * would only conflict), several days and companies at once.
 */
export interface ReportBackfillReport {
  /** Candidate profiles the Scan found not counted yet. */
  candidates: number;
  counted: number;
  /** Counted meanwhile (the stream, or another run). */
  already: number;
  /** Deleted meanwhile. */
  gone: number;
  /** Not counted by reports (previews). */
  skipped: number;
  /** Read again because they changed between the read and the write. */
  reread: number;
}

/** Groups of candidates (a company's day) in flight at once: a steady pace for the table without a long run for a big one. */
const IN_FLIGHT = 16;
/** Tries per candidate: the first read, then a read again after each change (or lost race) met on the write. */
const ATTEMPTS = 5;

export interface ReportBackfillOptions {
  /** Called with each item read, before its write (a test changes a candidate there, as the product might meanwhile). */
  readonly afterRead?: (item: Record<string, unknown>) => Promise<void>;
}

/**
 * backfillCandidateReport writes with the product's own client and table (data/client.ts: the SDK's
 * default credentials and region, the table named by TABLE_NAME), so the run names its table there
 * when the command was given a stage; a TABLE_NAME naming another table is refused rather than written.
 */
const useTable = (table: string) => {
  process.env.TABLE_NAME ??= table;
  if (tableName() !== table) throw new Error(`TABLE_NAME is ${tableName()}, the migration runs on ${table}: name one table.`);
};

/** Runs `work` on every group, `inFlight` groups at once, each group's items one after another. */
const eachGroup = async <T>(groups: readonly T[][], inFlight: number, work: (item: T) => Promise<void>) => {
  let next = 0;
  const worker = async () => {
    while (next < groups.length) for (const item of groups[next++]!) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, groups.length) }, worker));
};

export const backfillReportAggregates = async (
  client: DynamoDBDocumentClient,
  table: string,
  options: ReportBackfillOptions = {},
): Promise<ReportBackfillReport> => {
  useTable(table);
  const report: ReportBackfillReport = { candidates: 0, counted: 0, already: 0, gone: 0, skipped: 0, reread: 0 };
  const unsettled: string[] = [];
  const profile = keys.candidate('');

  const timeZones = new Map<string, Promise<string>>();
  const timeZoneOf = (companyId: string) => {
    let zone = timeZones.get(companyId);
    if (!zone) {
      zone = client
        .send(
          new GetCommand({
            TableName: table,
            Key: keys.company(companyId),
            // TIMEZONE is a DynamoDB reserved word.
            ProjectionExpression: '#zone',
            ExpressionAttributeNames: { '#zone': 'timeZone' },
          }),
        )
        .then(({ Item }) => (typeof Item?.timeZone === 'string' && Item.timeZone !== '' ? Item.timeZone : DEFAULT_TIME_ZONE));
      timeZones.set(companyId, zone);
    }
    return zone;
  };
  const readAgain = async (candidateId: string) =>
    (await client.send(new GetCommand({ TableName: table, Key: keys.candidate(candidateId), ConsistentRead: true }))).Item;

  const backfill = async (scanned: Record<string, unknown>) => {
    const candidateId = String(scanned.candidateId);
    const timeZone = await timeZoneOf(String(scanned.companyId));
    let item: Record<string, unknown> | undefined = scanned;
    for (let attempt = 1; ; attempt++) {
      if (!item) return void (report.gone += 1);
      if (item.reportCounted === true) return void (report.already += 1);
      await options.afterRead?.(item);
      const outcome = await backfillCandidateReport(item, timeZone).catch((error: unknown) => {
        // Lost the race for the day's items to other writers more times than transact tries: read it again and retry.
        if (error instanceof TransactionConflict) return 'changed' as const;
        throw error;
      });
      if (outcome !== 'changed') return void (report[outcome] += 1);
      if (attempt >= ATTEMPTS) return void unsettled.push(candidateId);
      report.reread += 1;
      item = await readAgain(candidateId);
    }
  };

  const pages = paginateScan(
    { client },
    {
      TableName: table,
      FilterExpression: 'begins_with(PK, :prefix) AND SK = :sk AND attribute_not_exists(reportCounted)',
      ExpressionAttributeValues: { ':prefix': profile.PK, ':sk': profile.SK },
    },
  );
  for await (const page of pages) {
    const items = (page.Items ?? []).filter(
      (item) => typeof item.candidateId === 'string' && typeof item.companyId === 'string' && typeof item.createdAt === 'string',
    );
    report.candidates += items.length;
    // One group per company and invite day: their candidates add to the same day items (the company's,
    // and their positions'), so they go one after another; side by side they would only conflict.
    const groups = new Map<string, Record<string, unknown>[]>();
    for (const item of items) {
      const group = `${String(item.companyId)} ${dayIn(String(item.createdAt), await timeZoneOf(String(item.companyId)))}`;
      groups.set(group, [...(groups.get(group) ?? []), item]);
    }
    await eachGroup([...groups.values()], IN_FLIGHT, backfill);
  }
  if (unsettled.length > 0)
    throw new Error(
      `${unsettled.length} candidates kept changing while being counted (${unsettled.slice(0, 10).join(', ')}${unsettled.length > 10 ? ', …' : ''}); ` +
        'the others are counted, and running the migration again counts these.',
    );
  return report;
};

export const reportAggregatesMigration: Migration = {
  id: '006-report-aggregates',
  what: "Backfilling the reports' per-day aggregates from existing candidates",
  run: async (client, table) => {
    const report = await backfillReportAggregates(client, table);
    return [
      `${report.candidates} candidates not counted yet: ${report.counted} counted in their company's and position's day, ` +
        `${report.already} counted meanwhile, ${report.gone} deleted meanwhile, ${report.skipped} not counted (previews); ` +
        `${report.reread} read again after changing meanwhile.`,
    ];
  },
};
