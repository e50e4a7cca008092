import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { sortTimeOf, type CandidateStatus } from '../../../domain/candidates';
import { db, tableName } from '../client';
import { keys, schedulePartitions } from '../keys';
import { queryAll } from '../query';
import { readShards } from '../schedule-shards';
import { fromItem, type Candidate } from './candidate';

/** One page of a status tab: one Query on GSI2, newest first; `after` continues after that candidate. */
export const listCandidates = async (positionId: string, status: CandidateStatus, pageSize: number, after?: Candidate) => {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.candidateByStatus(positionId, status, '', '').GSI2PK },
      ScanIndexForward: false,
      Limit: pageSize + 1,
      ExclusiveStartKey:
        after && after.positionId === positionId && after.currentStatus === status
          ? { ...keys.candidate(after.candidateId), ...keys.candidateByStatus(positionId, status, sortTimeOf(after), after.candidateId) }
          : undefined,
    }),
  );
  const items = page.Items ?? [];
  return { candidates: items.slice(0, pageSize).map(fromItem), hasMore: items.length > pageSize };
};

/** Every candidate of a position (position deletion): GSI1, paged past 1 MB. */
export const allCandidatesOfPosition = async (positionId: string): Promise<Candidate[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.candidateByPosition(positionId, '', '').GSI1PK },
    })
  ).map(fromItem);

/** What a row of the CSV export shows of a candidate, with the ratings their answers have (null: not rated). */
export interface ExportedCandidate {
  candidateName: string;
  email: string | null;
  currentStatus: CandidateStatus;
  createdAt: string;
  completedAt: string | null;
  interviewToken: string;
  ratings: (number | null)[];
}

const exportedAttributes = ['candidateName', 'email', 'currentStatus', 'createdAt', 'completedAt', 'interviewToken', 'answers'];

/** Ranges of invite time the export reads at once. */
const EXPORT_SEGMENTS = 8;

/**
 * Every candidate of a position for the CSV export, oldest invite first, with only the attributes
 * the rows need; the ratings come from the candidate item's answers map, which rateAnswer keeps in
 * step with the answer items. GSI1 (sorted by invite time) is read in EXPORT_SEGMENTS ranges of
 * invite time between the position's creation and `now` at once (the first and the last range open,
 * so none is missed), each paged past 1 MB: a few Queries for 10,000 candidates, none per candidate,
 * and the pages of a long-open position read side by side rather than one after another.
 */
export const candidatesForExport = async (position: { positionId: string; createdAt: string }, now = new Date()): Promise<ExportedCandidate[]> => {
  const from = Date.parse(position.createdAt);
  const span = Number.isFinite(from) ? Math.max(0, now.getTime() - from) : 0;
  const bounds = Array.from({ length: EXPORT_SEGMENTS - 1 }, (_, i) => new Date(from + (span * (i + 1)) / EXPORT_SEGMENTS).toISOString());
  // GSI1SK is `{createdAt}#{candidateId}`: a bare time sorts before every key of that time.
  const ranges: { condition: string; values: Record<string, string> }[] =
    span === 0
      ? [{ condition: '', values: {} }]
      : [
          { condition: ' AND GSI1SK < :hi', values: { ':hi': bounds[0]! } },
          ...bounds.slice(1).map((hi, i) => ({ condition: ' AND GSI1SK BETWEEN :lo AND :hi', values: { ':lo': bounds[i]!, ':hi': hi } })),
          { condition: ' AND GSI1SK >= :lo', values: { ':lo': bounds[bounds.length - 1]! } },
        ];
  const segments = await Promise.all(
    ranges.map(({ condition, values }) =>
      queryAll({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: `GSI1PK = :pk${condition}`,
        ExpressionAttributeValues: { ':pk': keys.candidateByPosition(position.positionId, '', '').GSI1PK, ...values },
        ProjectionExpression: exportedAttributes.map((_, i) => `#a${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(exportedAttributes.map((name, i) => [`#a${i}`, name])),
      }),
    ),
  );
  return segments.flat().map((item) => ({
    candidateName: item.candidateName,
    email: item.email ?? null,
    currentStatus: item.currentStatus,
    createdAt: item.createdAt,
    completedAt: item.completedAt ?? null,
    interviewToken: item.interviewToken,
    ratings: Object.values((item.answers ?? {}) as Record<string, { rating?: unknown }>).map((answer) =>
      typeof answer.rating === 'number' ? answer.rating : null,
    ),
  }));
};

/**
 * Invited candidates whose deadline has passed: up to `limit` from the shards of the sparse GSI3's
 * expiry partition (db/schedule-shards.ts: at most one Query a shard, plus one per further page).
 */
export const expiredInvites = async (now: Date, limit = 100): Promise<Candidate[]> =>
  (
    await readShards(
      (shard) => ({
        TableName: tableName(),
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK < :now',
        ExpressionAttributeValues: { ':pk': schedulePartitions.inviteExpiry(shard), ':now': now.toISOString() },
      }),
      limit,
    )
  ).map(fromItem);

const pageOf = (items: Record<string, any>[], pageSize: number) => ({
  candidates: items.slice(0, pageSize).map(fromItem),
  hasMore: items.length > pageSize,
});

/** Responded, shortlisted and rejected together, newest completion first (companies without evaluation): one Query on GSI3. */
export const listDone = async (positionId: string, pageSize: number, after?: Candidate) => {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.candidateDone(positionId, '', '').GSI3PK },
      ScanIndexForward: false,
      Limit: pageSize + 1,
      ExclusiveStartKey:
        after?.completedAt && after.currentStatus !== 'invited' && after.positionId === positionId
          ? { ...keys.candidate(after.candidateId), ...keys.candidateDone(positionId, after.completedAt, after.candidateId) }
          : undefined,
    }),
  );
  return pageOf(page.Items ?? [], pageSize);
};

/**
 * Search (spec §2): names and e-mails containing the text, case-insensitive, across all statuses,
 * responded first (newest completion), invited last (newest invite). The position's candidates are
 * one GSI1 partition read with a filter: read page by page until enough match.
 */
export const searchCandidates = async (positionId: string, text: string) => {
  const found = (
    await queryAll(
      {
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        FilterExpression: 'contains(searchText, :text)',
        ExpressionAttributeValues: { ':pk': keys.candidateByPosition(positionId, '', '').GSI1PK, ':text': text.toLowerCase() },
        ScanIndexForward: false,
      },
      (items) => items.length >= 500,
    )
  ).map(fromItem);
  return found.sort((a, b) => {
    if ((a.currentStatus === 'invited') !== (b.currentStatus === 'invited')) return a.currentStatus === 'invited' ? 1 : -1;
    return sortTimeOf(b).localeCompare(sortTimeOf(a));
  });
};

/** The neighbours of a completed candidate by completion time (Previous = newer, Next = older) and the oldest still responded. */
export const neighboursOf = async (candidate: Candidate) => {
  if (!candidate.completedAt || candidate.currentStatus === 'invited')
    return { previousCandidateId: null, nextCandidateId: null, nextToReviewCandidateId: null };
  const done = keys.candidateDone(candidate.positionId, candidate.completedAt, candidate.candidateId);
  const one = async (index: string, pk: string, pkValue: string, sk: string, condition: string, skValue: string, forward: boolean) => {
    const { Items } = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index,
        KeyConditionExpression: `${pk} = :pk AND ${sk} ${condition} :sk`,
        ExpressionAttributeValues: { ':pk': pkValue, ':sk': skValue },
        ScanIndexForward: forward,
        Limit: 2,
        ProjectionExpression: 'candidateId',
      }),
    );
    return (Items ?? []).map((i) => i.candidateId as string).find((id) => id !== candidate.candidateId) ?? null;
  };
  const responded = keys.candidateByStatus(candidate.positionId, 'responded', '', '').GSI2PK;
  const [previousCandidateId, nextCandidateId, nextToReviewCandidateId] = await Promise.all([
    one('GSI3', 'GSI3PK', done.GSI3PK, 'GSI3SK', '>', done.GSI3SK, true),
    one('GSI3', 'GSI3PK', done.GSI3PK, 'GSI3SK', '<', done.GSI3SK, false),
    one('GSI2', 'GSI2PK', responded, 'GSI2SK', '>=', '0', true),
  ]);
  return { previousCandidateId, nextCandidateId, nextToReviewCandidateId };
};
