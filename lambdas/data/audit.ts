import { PutCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AuditAction } from '../contracts/vocabulary';
import { retentionMonthsOf, type RetentionMonths } from '../domain/retention';
import { newId, sha256 } from '../platform/crypto';
import { batchGetItems, itemRead, keyId, type BatchRead } from './batch-get';
import { db, tableName } from './client';
import { decodeCursor, encodeCursor } from './cursor';
import type { TransactionStep } from './transaction';
import { readItem } from './request-reads';
import { epochSeconds, keys } from './keys';

/**
 * The company's audit log (issue 28): one item per entry in the company's audit partition, newest
 * last by the sort key; GSI1 holds the entries about one candidate, GSI2 those of one member. Only
 * ids are stored (a candidate's name and address go with the candidate); the list names them when
 * it is read. Entries expire (TTL) with the company's retention policy.
 */
export interface StoredAuditEntry {
  entryId: string;
  companyId: string;
  at: string;
  action: AuditAction;
  /** The member who did it, null when the candidate did (a deletion on request) or the system. */
  actorUserId: string | null;
  candidateId: string | null;
  positionId: string | null;
  detail: string | null;
}

const fromItem = (item: Record<string, any>): StoredAuditEntry => ({
  entryId: item.entryId,
  companyId: item.companyId,
  at: item.at,
  action: item.action,
  actorUserId: item.actorUserId ?? null,
  candidateId: item.candidateId ?? null,
  positionId: item.positionId ?? null,
  detail: item.detail ?? null,
});

/**
 * The company's retention months, as an item to read in a check's BatchGetItem (the access checks
 * take `batch`), so recording an entry needs no read of its own; null (no expiry) when the company is gone.
 */
export const auditRetentionRead = (companyId: string): BatchRead<RetentionMonths> => {
  const read = itemRead(keys.company(companyId), (item) => retentionMonthsOf(item.retentionMonths));
  return { keys: read.keys, collect: (found) => read.collect(found) ?? null };
};

/** The company's retention months, read on their own (with the request's other reads of the moment, request-reads.ts); null when the company is gone. */
export const companyRetentionMonths = async (companyId: string): Promise<RetentionMonths> => {
  const item = await readItem(keys.company(companyId));
  return item ? retentionMonthsOf(item.retentionMonths) : null;
};

/** One entry's item, with a new entry id; `expiresAt` (the TTL) null for kept until deleted. */
const auditEntryItem = (entry: Omit<StoredAuditEntry, 'entryId'>, expiresAt: Date | null) => {
  const stored: StoredAuditEntry = { ...entry, entryId: newId() };
  const item = {
    ...keys.auditEntry(stored.companyId, stored.at, stored.entryId),
    ...(stored.candidateId ? keys.auditEntryByCandidate(stored.companyId, stored.candidateId, stored.at, stored.entryId) : {}),
    ...(stored.actorUserId ? keys.auditEntryByMember(stored.companyId, stored.actorUserId, stored.at, stored.entryId) : {}),
    type: 'audit',
    entryId: stored.entryId,
    companyId: stored.companyId,
    at: stored.at,
    action: stored.action,
    ...(stored.actorUserId ? { actorUserId: stored.actorUserId } : {}),
    ...(stored.candidateId ? { candidateId: stored.candidateId } : {}),
    ...(stored.positionId ? { positionId: stored.positionId } : {}),
    ...(stored.detail ? { detail: stored.detail } : {}),
    ...(expiresAt ? { ttl: epochSeconds(expiresAt) } : {}),
  };
  return { stored, item };
};

/** Writes one entry; `expiresAt` (the TTL) null for kept until deleted. */
export const putAuditEntry = async (entry: Omit<StoredAuditEntry, 'entryId'>, expiresAt: Date | null): Promise<StoredAuditEntry> => {
  const { stored, item } = auditEntryItem(entry, expiresAt);
  await db.send(new PutCommand({ TableName: tableName(), Item: item }));
  return stored;
};

/** The same entry as a step of someone else's transaction: written with their write, or not at all. */
export const auditEntryStep = (entry: Omit<StoredAuditEntry, 'entryId'>, expiresAt: Date | null): TransactionStep<'audit'> => ({
  name: 'audit',
  item: { Put: { TableName: tableName(), Item: auditEntryItem(entry, expiresAt).item } },
});

/** How long an opening's view is known (a page left open longer records a view again; DynamoDB removes the item some time after). */
const OPENING_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A step that marks one opening of a candidate's page (the member, the candidate, the view id the
 * page sent) as recorded, in the view entry's own transaction: it fails (ConditionFailed 'opening')
 * when that opening's view is in the log already, so the entry is not written twice.
 */
export const auditOpeningStep = (opening: { userId: string; candidateId: string; viewId: string }, now: Date): TransactionStep<'opening'> => ({
  name: 'opening',
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.auditOpening(sha256(`${opening.userId}#${opening.candidateId}#${opening.viewId}`)),
        type: 'audit-opening',
        ttl: epochSeconds(new Date(now.getTime() + OPENING_TTL_MS)),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
});

export interface AuditFilter {
  /** Only what this member did. */
  memberUserId?: string;
  /** Only what was done about this candidate. */
  candidateId?: string;
}

/**
 * A page of the company's audit log, newest first, in one Query: the candidate's index (GSI1) when
 * filtered by candidate (and by member too: a filter on the actor), else the member's (GSI2), else
 * the company's partition.
 */
export const listAuditEntries = async (
  companyId: string,
  filter: AuditFilter,
  cursor: string | undefined,
  limit: number,
): Promise<{ entries: StoredAuditEntry[]; cursor: string | null }> => {
  const base = { TableName: tableName(), ScanIndexForward: false, Limit: limit };
  let input: QueryCommandInput;
  if (filter.candidateId) {
    const pk = keys.auditEntryByCandidate(companyId, filter.candidateId, '', '').GSI1PK;
    input = {
      ...base,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ...(filter.memberUserId
        ? { FilterExpression: 'actorUserId = :member', ExpressionAttributeValues: { ':pk': pk, ':member': filter.memberUserId } }
        : { ExpressionAttributeValues: { ':pk': pk } }),
      ExclusiveStartKey: decodeCursor(
        cursor,
        ['PK', 'SK', 'GSI1PK', 'GSI1SK'],
        (key) => key.GSI1PK === pk && key.PK === keys.auditEntry(companyId, '', '').PK,
      ),
    };
  } else if (filter.memberUserId) {
    const pk = keys.auditEntryByMember(companyId, filter.memberUserId, '', '').GSI2PK;
    input = {
      ...base,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ExclusiveStartKey: decodeCursor(
        cursor,
        ['PK', 'SK', 'GSI2PK', 'GSI2SK'],
        (key) => key.GSI2PK === pk && key.PK === keys.auditEntry(companyId, '', '').PK,
      ),
    };
  } else {
    const pk = keys.auditEntry(companyId, '', '').PK;
    input = {
      ...base,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ExclusiveStartKey: decodeCursor(cursor, ['PK', 'SK'], (key) => key.PK === pk),
    };
  }
  const page = await db.send(new QueryCommand(input));
  return { entries: (page.Items ?? []).map(fromItem), cursor: encodeCursor(page.LastEvaluatedKey) };
};

/** What the log shows of the candidates and positions its entries name, read when it is listed. */
export interface AuditNames {
  candidates: Map<string, string>;
  positions: Map<string, string>;
}

/**
 * The names of a page's candidates and the titles of its positions, in one BatchGetItem (only those
 * attributes). What is gone, or belongs to another company, is left out.
 */
export const auditNamesOf = async (companyId: string, entries: readonly StoredAuditEntry[]): Promise<AuditNames> => {
  const candidateIds = [...new Set(entries.flatMap((e) => (e.candidateId ? [e.candidateId] : [])))];
  const positionIds = [...new Set(entries.flatMap((e) => (e.positionId ? [e.positionId] : [])))];
  const found = await batchGetItems([...candidateIds.map(keys.candidate), ...positionIds.map(keys.position)], {
    attributes: ['companyId', 'candidateName', 'jobTitle', 'preview'],
  });
  const names = (ids: string[], key: (id: string) => { PK: string; SK: string }, attribute: string) =>
    new Map(
      ids.flatMap((id) => {
        const item = found.get(keyId(key(id)));
        return item && item.companyId === companyId && typeof item[attribute] === 'string' ? [[id, item[attribute] as string] as const] : [];
      }),
    );
  return { candidates: names(candidateIds, keys.candidate, 'candidateName'), positions: names(positionIds, keys.position, 'jobTitle') };
};
