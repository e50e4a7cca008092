import { contributionChange, candidateContribution, type Counters, type ReportCandidateView } from '../domain/reports';
import { tableName } from './client';
import { epochSeconds, keys } from './keys';
import { queryAll } from './query';
import { ConditionFailed, transact, type TransactionStep } from './transaction';
import type { CandidateStatus } from '../contracts/vocabulary';

/**
 * Reports' per-day aggregates (issue 40): a company's days and a position's days, each a partition
 * of `DAY#{yyyy-mm-dd}` items of flat counters (domain/reports.ts), ADD-ed to by the stream's
 * function (streams/aggregate-reports.ts) and the back-fill, read a range of days in one Query.
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

const addSteps = (view: ReportCandidateView, day: string, company: Counters, position: Counters) =>
  [
    Object.keys(company).length > 0 ? addStep(`company ${day}`, keys.reportCompanyDay(view.companyId, day), company, { day }) : null,
    Object.keys(position).length > 0
      ? addStep(`position ${day}`, keys.reportPositionDay(view.positionId, day), position, { day, companyId: view.companyId })
      : null,
  ].filter((step) => step !== null);

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

/** A report partition's days from `from` to `to` (inclusive): one Query (more only past 1 MB of days). */
export const readReportDays = async (partition: { PK: string }, from: string, to: string): Promise<Map<string, Counters>> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': partition.PK, ':from': `DAY#${from}`, ':to': `DAY#${to}` },
  });
  const days = new Map<string, Counters>();
  for (const { PK: _pk, SK, day: _day, companyId: _company, ...counters } of items) {
    days.set(String(SK).slice('DAY#'.length), Object.fromEntries(Object.entries(counters).map(([name, n]) => [name, Number(n)])));
  }
  return days;
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
