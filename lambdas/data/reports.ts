import { contributionChange, candidateContribution, type Counters, type PeriodTotals, type ReportCandidateView } from '../domain/reports';
import { monthChange, monthOfDay, periodTotals, reportReadPlan } from '../domain/report-months';
import { batchGetItems, keyId } from './batch-get';
import { tableName } from './client';
import { epochSeconds, keys } from './keys';
import { queryAll } from './query';
import { ConditionFailed, transact, type TransactionStep } from './transaction';
import type { CandidateStatus } from '../contracts/vocabulary';

/**
 * Reports' aggregates (issue 40): a company's and a position's, each a partition of `DAY#{yyyy-mm-dd}`
 * items of flat counters (domain/reports.ts) and `MONTH#{yyyy-mm}` items of their sums with the days'
 * series (domain/report-months.ts), ADD-ed to together by the stream's function
 * (streams/aggregate-reports.ts) and the back-fill. A report reads the months in one Query and the
 * days of the months its periods cut in one BatchGetItem.
 */

/** The reports' view of a candidate item (a stream image unmarshalled, or an item read). */
export const reportViewOfItem = (item: Record<string, any>): ReportCandidateView => ({
  companyId: item.companyId,
  positionId: item.positionId,
  preview: item.preview === true,
  reportCounted: item.reportCounted === true,
  createdAt: item.createdAt,
  openedAt: typeof item.openedAt === 'string' ? item.openedAt : null,
  startedAt: typeof item.startedAt === 'string' ? item.startedAt : null,
  startedOn: item.startedOn === 'phone' || item.startedOn === 'desktop' ? item.startedOn : null,
  completedAt: typeof item.completedAt === 'string' ? item.completedAt : null,
  reviewedAt: typeof item.reviewedAt === 'string' ? item.reviewedAt : null,
  currentStatus: item.currentStatus as CandidateStatus,
  answeredCount: Number(item.answeredCount ?? 0),
  attempts: Object.fromEntries(Object.entries((item.attempts ?? {}) as Record<string, unknown>).map(([q, n]) => [q, Number(n)])),
  answers: (item.answers ?? {}) as ReportCandidateView['answers'],
});

/** ADD of every counter to one day's item (its key attributes set on first write). */
const addStep = (name: string, key: { PK: string; SK: string }, counters: Counters, extra: Record<string, string> = {}) => {
  const entries = Object.entries(counters);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds = entries.map(([counter, n], i) => {
    names[`#c${i}`] = counter;
    values[`:c${i}`] = n;
    return `#c${i} :c${i}`;
  });
  const sets = Object.entries(extra).map(([attribute, value], i) => {
    names[`#e${i}`] = attribute;
    values[`:e${i}`] = value;
    return `#e${i} = :e${i}`;
  });
  return {
    name,
    item: {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : ''].filter(Boolean).join(' '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  } satisfies TransactionStep;
};

/**
 * A month item's count of the writes it took (each ADD adds 1): migration 007 rolls a month up from its
 * days on the condition that it is unchanged since it read it. Not a counter of the report.
 */
export const MONTH_WRITES = 'monthWrites';
/** What a report item holds besides its counters. */
const NOT_COUNTERS = new Set(['PK', 'SK', 'day', 'month', 'companyId', MONTH_WRITES]);

/** The ADDs of one day's change: to the day's items and their months' (the company's, the position's). */
const addSteps = (view: ReportCandidateView, day: string, company: Counters, position: Counters) => {
  const month = monthOfDay(day);
  const steps = (label: string, partition: 'company' | 'position', counters: Counters, extra: Record<string, string>) =>
    Object.keys(counters).length === 0
      ? []
      : [
          addStep(`${label} ${day}`, reportKeys[partition].day(partition === 'company' ? view.companyId : view.positionId, day), counters, { day, ...extra }),
          addStep(
            `${label} ${month}`,
            reportKeys[partition].month(partition === 'company' ? view.companyId : view.positionId, month),
            { ...monthChange(day, counters), [MONTH_WRITES]: 1 },
            { month, ...extra },
          ),
        ];
  return [...steps('company', 'company', company, {}), ...steps('position', 'position', position, { companyId: view.companyId })];
};

const reportKeys = {
  company: { day: keys.reportCompanyDay, month: keys.reportCompanyMonth },
  position: { day: keys.reportPositionDay, month: keys.reportPositionMonth },
};

/** How long a counted stream record's id is kept: twice a stream's retention. */
const EVENT_KEPT_SECONDS = 2 * 24 * 60 * 60;

/**
 * Adds what one stream record changed (the candidate item before and after), once: the record's id
 * is written in the same transaction, so a record handed over again adds nothing. 'duplicate' when it
 * had been counted; 'nothing' when the change moved no counter.
 */
export const countCandidateChange = async (
  eventId: string,
  before: Record<string, any> | null,
  after: Record<string, any> | null,
  timeZone: string,
  now = new Date(),
): Promise<'counted' | 'duplicate' | 'nothing'> => {
  const afterView = after ? reportViewOfItem(after) : null;
  const changes = contributionChange(before ? reportViewOfItem(before) : null, afterView, timeZone);
  if (changes.length === 0 || !afterView) return 'nothing';
  try {
    await transact([
      {
        name: 'event',
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...keys.reportEvent(eventId), ttl: epochSeconds(now) + EVENT_KEPT_SECONDS },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
      ...changes.flatMap((change) => addSteps(afterView, change.day, change.company, change.position)),
    ]);
    return 'counted';
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'event') return 'duplicate';
    throw error;
  }
};

/**
 * The back-fill of one candidate counted before reports existed (migration 006): marks it counted
 * and adds its whole contribution in one transaction, on the condition that it was not counted yet
 * and did not change since `item` was read (the fields the contribution reads). The stream skips the
 * mark's own change (the old image was not counted), and counts each change after it.
 */
export const backfillCandidateReport = async (
  item: Record<string, any>,
  timeZone: string,
): Promise<'counted' | 'already' | 'changed' | 'gone' | 'skipped'> => {
  const view = reportViewOfItem(item);
  if (view.reportCounted) return 'already';
  const contribution = candidateContribution(view, timeZone);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':true': true };
  const same: string[] = ['attribute_exists(PK)', 'attribute_not_exists(reportCounted)'];
  const unchanged = (attribute: string, value: unknown) => {
    const name = `#u${Object.keys(names).length}`;
    names[name] = attribute;
    // (absent, or written as null: a candidate's item holds `reviewedAt: null` until a review)
    if (value === null || value === undefined) {
      values[':null'] = null;
      same.push(`(attribute_not_exists(${name}) OR ${name} = :null)`);
    } else {
      values[`:u${name.slice(2)}`] = value;
      same.push(`${name} = :u${name.slice(2)}`);
    }
  };
  unchanged('currentStatus', item.currentStatus);
  // (a renewed invite moves the day the candidate is counted on)
  unchanged('createdAt', item.createdAt);
  unchanged('answeredCount', item.answeredCount);
  for (const attribute of ['openedAt', 'startedAt', 'startedOn', 'completedAt', 'reviewedAt']) unchanged(attribute, item[attribute]);
  // Takes per question: each the same, and none on a question without one.
  names['#attempts'] = 'attempts';
  const questions = Math.max(Array.isArray(item.interview?.questions) ? item.interview.questions.length : 0, Object.keys(item.attempts ?? {}).length);
  for (let i = 0; i < questions; i++) {
    const q = `q${i}`;
    names[`#a${i}`] = q;
    const takes = item.attempts?.[q];
    if (takes === undefined) same.push(`attribute_not_exists(#attempts.#a${i})`);
    else {
      values[`:a${i}`] = takes;
      same.push(`#attempts.#a${i} = :a${i}`);
    }
  }
  const mark: TransactionStep = {
    name: 'candidate',
    item: {
      Update: {
        TableName: tableName(),
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression: 'SET reportCounted = :true',
        ConditionExpression: same.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
  try {
    await transact([mark, ...(contribution ? addSteps(view, contribution.day, contribution.company, contribution.position) : [])]);
    return contribution ? 'counted' : 'skipped';
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'candidate') return 'changed';
    throw error;
  }
};

/** An item's counters (its numbers, without its keys and labels). */
export const countersOfItem = (item: Record<string, unknown>): Counters =>
  Object.fromEntries(Object.entries(item).flatMap(([name, n]) => (NOT_COUNTERS.has(name) ? [] : [[name, Number(n)]])));

/**
 * A report partition's totals over the previous period (`previousFrom`..`from - 1`) and the current
 * (`from`..`to`), with the current period's days: its months in one Query and the days of the months
 * the periods cut in one BatchGetItem, side by side (domain/report-months.ts `reportReadPlan`).
 */
export const readReportPeriods = async (partition: { PK: string }, previousFrom: string, from: string, to: string): Promise<PeriodTotals> => {
  const plan = reportReadPlan(previousFrom, from, to);
  const dayKeys = plan.days.map((day) => ({ PK: partition.PK, SK: `DAY#${day}` }));
  const [monthItems, dayItems] = await Promise.all([
    queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': partition.PK, ':from': `MONTH#${plan.months.from}`, ':to': `MONTH#${plan.months.to}` },
    }),
    dayKeys.length > 0 ? batchGetItems(dayKeys) : Promise.resolve(new Map<string, Record<string, any>>()),
  ]);
  const months = new Map(monthItems.map((item) => [String(item.SK).slice('MONTH#'.length), countersOfItem(item)]));
  const days = new Map<string, Counters>();
  for (const [i, day] of plan.days.entries()) {
    const item = dayItems.get(keyId(dayKeys[i]!));
    if (item) days.set(day, countersOfItem(item));
  }
  return periodTotals(plan, months, days);
};

export const companyReportPartition = (companyId: string) => ({ PK: keys.reportCompanyDay(companyId, '').PK });
export const positionReportPartition = (positionId: string) => ({ PK: keys.reportPositionDay(positionId, '').PK });

/** The keys of a company's report days and of its positions' (read before the company's deletion: its reports go with it). */
export const reportItemKeys = async (companyId: string, positionIds: readonly string[]): Promise<{ PK: string; SK: string }[]> => {
  const partitions = [companyReportPartition(companyId), ...positionIds.map(positionReportPartition)];
  const read = await Promise.all(
    partitions.map((partition) =>
      queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': partition.PK },
        ProjectionExpression: 'PK, SK',
      }),
    ),
  );
  return read.flat().map((item) => ({ PK: item.PK as string, SK: item.SK as string }));
};

/**
 * Migration 007 (scripts/rollup-report-months.ts): a report partition's month made the sum of its days
 * (which a month item is by construction since months exist; the days counted before have no month
 * until this). The month is read, then its days (strongly consistent), and the sum put on the
 * condition that the month took no write since it was read: every ADD to a day ADDs to its month in
 * the same transaction (`monthWrites`), so a change counted meanwhile fails the put and the month is
 * summed again. 'changed' when it lost that race.
 */
export const rollUpReportMonth = async (
  partition: string,
  month: string,
  /** Between the reads and the put (a test changes a day there, as the stream might). */
  afterRead?: () => Promise<void>,
): Promise<'written' | 'changed'> => {
  const monthKey = { PK: partition, SK: `MONTH#${month}` };
  const [before] = [...(await batchGetItems([monthKey], { consistent: true, attributes: [MONTH_WRITES] })).values()];
  const days = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :month)',
    ExpressionAttributeValues: { ':pk': partition, ':month': `DAY#${month}-` },
    ConsistentRead: true,
  });
  const sums: Counters = {};
  for (const item of days) {
    for (const [name, n] of Object.entries(monthChange(String(item.day), countersOfItem(item)))) sums[name] = (sums[name] ?? 0) + n;
  }
  await afterRead?.();
  const writes = before?.[MONTH_WRITES] === undefined ? null : Number(before[MONTH_WRITES]);
  const companyId = days.find((item) => typeof item.companyId === 'string')?.companyId as string | undefined;
  try {
    await transact([
      {
        name: 'month',
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...monthKey, month, ...(companyId ? { companyId } : {}), ...sums, [MONTH_WRITES]: (writes ?? 0) + 1 },
            ConditionExpression: writes === null ? 'attribute_not_exists(#writes)' : '#writes = :writes',
            ExpressionAttributeNames: { '#writes': MONTH_WRITES },
            ...(writes === null ? {} : { ExpressionAttributeValues: { ':writes': writes } }),
          },
        },
      },
    ]);
    return 'written';
  } catch (error) {
    if (error instanceof ConditionFailed) return 'changed';
    throw error;
  }
};
