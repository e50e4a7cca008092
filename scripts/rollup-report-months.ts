import { DynamoDBDocumentClient, paginateScan } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lambdas/data/client';
import { keys } from '../lambdas/data/keys';
import { rollUpReportMonth } from '../lambdas/data/reports';
import { TransactionConflict } from '../lambdas/data/transaction';
import type { Migration } from './migration-runner';

/**
 * Migration 007-report-months (`npm run migrate`, scripts/migrations.ts), for Reports (issue 40): a
 * report reads month items and only the days of the months its periods cut (domain/report-months.ts),
 * and a month item is the sum of its days because every change ADDs to both. The days counted before
 * month items existed (by the stream, and by migration 006) have none, so this sums every month of
 * every report partition from its days. Until it has run, a report's whole months from before count
 * only the changes since.
 *
 * Each month is summed and put on the condition that it took no write since it was read
 * (data/reports.ts `rollUpReportMonth`); one that the stream changed meanwhile is summed again (a few
 * times; one that never settles fails the run, which is then not recorded, so the next run retries).
 * Safe to run again: a month's sum of its days is what it already holds. An operator's one-off, so it
 * Scans (the Lambdas never do) the report day items' keys.
 */
export interface ReportMonthsReport {
  partitions: number;
  months: number;
  /** Summed again because the stream changed them meanwhile. */
  again: number;
}

const IN_FLIGHT = 16;
const ATTEMPTS = 5;

export interface ReportMonthsOptions {
  /** Called between a month's reads and its put (a test changes a day there, as the stream might meanwhile). */
  readonly afterRead?: (partition: string, month: string, attempt: number) => Promise<void>;
}

export const rollUpReportMonths = async (client: DynamoDBDocumentClient, table: string, options: ReportMonthsOptions = {}): Promise<ReportMonthsReport> => {
  // rollUpReportMonth writes with the product's own client and table (data/client.ts).
  process.env.TABLE_NAME ??= table;
  if (tableName() !== table) throw new Error(`TABLE_NAME is ${tableName()}, the migration runs on ${table}: name one table.`);
  const monthsOf = new Map<string, Set<string>>();
  const prefixes = [keys.reportCompanyDay('', '').PK, keys.reportPositionDay('', '').PK];
  const pages = paginateScan(
    { client },
    {
      TableName: table,
      ProjectionExpression: 'PK, SK',
      FilterExpression: '(begins_with(PK, :company) OR begins_with(PK, :position)) AND begins_with(SK, :day)',
      ExpressionAttributeValues: { ':company': prefixes[0], ':position': prefixes[1], ':day': 'DAY#' },
    },
  );
  for await (const page of pages)
    for (const item of page.Items ?? []) {
      const partition = String(item.PK);
      const months = monthsOf.get(partition) ?? new Set<string>();
      months.add(String(item.SK).slice('DAY#'.length, 'DAY#'.length + 7));
      monthsOf.set(partition, months);
    }
  const report: ReportMonthsReport = { partitions: monthsOf.size, months: 0, again: 0 };
  const work = [...monthsOf].flatMap(([partition, months]) => [...months].map((month) => ({ partition, month })));
  const unsettled: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const { partition, month } = work[next++]!;
      for (let attempt = 1; ; attempt++) {
        const afterRead = options.afterRead;
        const outcome = await rollUpReportMonth(partition, month, afterRead && (() => afterRead(partition, month, attempt))).catch((error: unknown) => {
          if (error instanceof TransactionConflict) return 'changed' as const;
          throw error;
        });
        if (outcome === 'written') {
          report.months += 1;
          break;
        }
        if (attempt >= ATTEMPTS) {
          unsettled.push(`${partition} ${month}`);
          break;
        }
        report.again += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, work.length) }, worker));
  if (unsettled.length > 0)
    throw new Error(`${unsettled.length} report months kept changing while being summed (${unsettled.slice(0, 5).join(', ')}); running the migration again sums them.`);
  return report;
};

export const reportMonthsMigration: Migration = {
  id: '007-report-months',
  what: "Summing the reports' month items from their days",
  run: async (client, table) => {
    const report = await rollUpReportMonths(client, table);
    return [`${report.months} months of ${report.partitions} report partitions summed from their days; ${report.again} summed again after the stream changed them meanwhile.`];
  },
};
