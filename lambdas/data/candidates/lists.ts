import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { sortTimeOf, type CandidateStatus } from '../../domain/candidates';
import { batchGetItems, keyId, KEYS_PER_BATCH } from '../batch-get';
import { db, tableName } from '../client';
import { keys, schedulePartitions } from '../keys';
import { queryAll } from '../query';
import { readShards } from '../schedule-shards';
import { fromItem, type Candidate, type SubmittedAnswer } from './candidate';
import { storedInterview, type StoredQuestion } from '../interview';
import { isRecordedAnswer, type KnockoutRecord } from '../../contracts/answer-types';
import type { StoredAnswerSummary } from '../../contracts/summaries';
import { storedAnswerSummaryOf } from '../../domain/summary-views';
import { candidateIdsMatching } from './search';
import { scoreSortKey } from '../../domain/scorecards';
import { storedScore, type CandidateScore } from './scorecards';

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

/**
 * Scored candidates of one status tab (or of several, `done`), highest mean score first (issue 27):
 * one Query on the sparse GSI4 per status, side by side, merged. `after` continues below that
 * candidate's place (a key condition, so it works across the statuses' partitions).
 */
export const listByScore = async (positionId: string, statuses: readonly CandidateStatus[], pageSize: number, after?: Candidate) => {
  const below = after?.score?.mean != null ? scoreSortKey(after.score.mean, after.candidateId) : null;
  const pages = await Promise.all(
    statuses.map((status) =>
      db.send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'GSI4',
          KeyConditionExpression: `GSI4PK = :pk${below ? ' AND GSI4SK < :below' : ''}`,
          ExpressionAttributeValues: { ':pk': keys.candidateByScore(positionId, status, '').GSI4PK, ...(below ? { ':below': below } : {}) },
          ScanIndexForward: false,
          Limit: pageSize + 1,
        }),
      ),
    ),
  );
  const items = pages.flatMap((page) => page.Items ?? []).sort((a, b) => (a.GSI4SK < b.GSI4SK ? 1 : a.GSI4SK > b.GSI4SK ? -1 : 0));
  return pageOf(items, pageSize);
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
  /** The means of their scorecards (issue 27), or null. */
  score: CandidateScore | null;
  /** Issue 39: their id (a text answer's item is keyed by it), what they answered and were asked, and their knockout. */
  candidateId: string;
  answers: Record<string, SubmittedAnswer>;
  questions: StoredQuestion[];
  knockout: KnockoutRecord | null;
}

const exportedAttributes = [
  'candidateId',
  'candidateName',
  'email',
  'currentStatus',
  'createdAt',
  'completedAt',
  'interviewToken',
  'answers',
  'score',
  'interview',
  'knockout',
];

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
    score: storedScore(item.score),
    candidateId: item.candidateId,
    answers: (item.answers ?? {}) as Record<string, SubmittedAnswer>,
    questions: item.interview ? storedInterview(item.interview).questions : [],
    knockout: item.knockout ?? null,
  }));
};

/**
 * The texts of the exported candidates' text answers (issue 39), by candidate id and question
 * index: their answer items (the text is kept there only), only their `text`, in BatchGetItems of
 * 100 in parallel (none when nobody wrote an answer).
 */
export const exportedAnswerTexts = async (candidates: readonly Pick<ExportedCandidate, 'candidateId' | 'answers'>[]) => {
  const wanted = candidates.flatMap((c) =>
    Object.entries(c.answers)
      .filter(([, answer]) => answer.answerType === 'text')
      .map(([q]) => ({ candidateId: c.candidateId, questionIndex: Number(q.slice(1)) })),
  );
  const texts = new Map<string, Map<number, string>>();
  if (wanted.length === 0) return texts;
  const found = await batchGetItems(
    wanted.map((w) => keys.answer(w.candidateId, w.questionIndex)),
    { attributes: ['text'] },
  );
  for (const w of wanted) {
    const text = found.get(keyId(keys.answer(w.candidateId, w.questionIndex)))?.text;
    if (typeof text !== 'string') continue;
    if (!texts.has(w.candidateId)) texts.set(w.candidateId, new Map());
    texts.get(w.candidateId)!.set(w.questionIndex, text);
  }
  return texts;
};

/**
 * The stored summaries of the candidates' recorded answers (issue 41, the answer items' `summary`),
 * by candidate and question index, in BatchGetItems of 100 reading that attribute only.
 */
export const exportedAnswerSummaries = async (candidates: readonly Pick<ExportedCandidate, 'candidateId' | 'answers'>[]) => {
  const wanted = candidates.flatMap((c) =>
    Object.entries(c.answers)
      .filter(([, answer]) => isRecordedAnswer(answer.answerType ?? 'video'))
      .map(([q]) => ({ candidateId: c.candidateId, questionIndex: Number(q.slice(1)) })),
  );
  const summaries = new Map<string, Map<number, StoredAnswerSummary>>();
  if (wanted.length === 0) return summaries;
  const found = await batchGetItems(
    wanted.map((w) => keys.answer(w.candidateId, w.questionIndex)),
    { attributes: ['summary'] },
  );
  for (const w of wanted) {
    const summary = storedAnswerSummaryOf(found.get(keyId(keys.answer(w.candidateId, w.questionIndex)))?.summary);
    if (!summary) continue;
    if (!summaries.has(w.candidateId)) summaries.set(w.candidateId, new Map());
    summaries.get(w.candidateId)!.set(w.questionIndex, summary);
  }
  return summaries;
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

/** What the search order needs of a candidate, when there are too many matches to read whole. */
const ORDER_FIELDS = ['candidateId', 'positionId', 'preview', 'currentStatus', 'createdAt', 'completedAt'];

/** Candidate profiles by id: BatchGetItem, 100 a request (in parallel), unprocessed keys asked again. */
const readProfiles = async (candidateIds: readonly string[], fields?: readonly string[]): Promise<Record<string, any>[]> => [
  ...(
    await batchGetItems(
      candidateIds.map((id) => keys.candidate(id)),
      fields ? { attributes: fields } : {},
    )
  ).values(),
];

type Ranked = Pick<Candidate, 'candidateId' | 'currentStatus' | 'createdAt' | 'completedAt'>;
/** Code-unit order (not the locale's), so equal times fall to the ids the same way everywhere. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Responded, shortlisted and rejected first by newest completion, then invited by newest invite (then by id). */
const searchOrder = (a: Ranked, b: Ranked) => {
  if ((a.currentStatus === 'invited') !== (b.currentStatus === 'invited')) return a.currentStatus === 'invited' ? 1 : -1;
  return compare(sortTimeOf(b), sortTimeOf(a)) || compare(b.candidateId, a.candidateId);
};

/** A page of an ordered list: after `after`, `pageSize` long or, with `through`, down to it. */
const windowOf = (ids: readonly string[], pageSize: number, after?: string, through?: string) => {
  const start = after ? ids.indexOf(after) + 1 : 0;
  const throughIndex = through ? ids.indexOf(through) : -1;
  const end = throughIndex >= start ? Math.max(throughIndex + 1, start + pageSize) : start + pageSize;
  return { ids: ids.slice(start, end), hasMore: ids.length > end };
};

/**
 * Search (spec §2): the position's candidates whose name or e-mail the words begin (search.ts),
 * case- and accent-insensitive, across all statuses; responded first (newest completion), invited
 * last (newest invite). A page is one Query of the search items and one BatchGetItem of the
 * candidates found (up to 100 matches; beyond, their order fields in parallel batches, then the
 * page's candidates). `after` continues after that candidate; `through` returns every page down to it.
 */
export const searchCandidates = async (positionId: string, text: string, page: { pageSize: number; after?: string; through?: string }) => {
  const ids = await candidateIdsMatching(positionId, text);
  // A search item outliving its candidate (or naming a candidate of another position) is no match.
  const listed = (item: Record<string, any>) => item.positionId === positionId && item.preview !== true;
  const paged = async <T extends Ranked>(found: T[], read: (ids: string[]) => Promise<Candidate[]>) => {
    const window = windowOf(
      found.sort(searchOrder).map((c) => c.candidateId),
      page.pageSize,
      page.after,
      page.through,
    );
    const byId = new Map((await read(window.ids)).map((c) => [c.candidateId, c]));
    return { candidates: window.ids.flatMap((id) => byId.get(id) ?? []), hasMore: window.hasMore };
  };
  if (ids.length <= KEYS_PER_BATCH) {
    const found = (await readProfiles(ids)).filter(listed).map(fromItem);
    return paged(found, async () => found);
  }
  const ranked = (await readProfiles(ids, ORDER_FIELDS)).filter(listed).map((item): Ranked => ({
    candidateId: item.candidateId,
    currentStatus: item.currentStatus,
    createdAt: item.createdAt,
    completedAt: item.completedAt ?? null,
  }));
  return paged(ranked, async (window) => (await readProfiles(window)).map(fromItem));
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
