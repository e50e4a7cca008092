import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Criterion, GivenScore } from '../../contracts/scorecard';
import { scoreSortKey, type ScoreSummary } from '../../domain/scorecards';
import { batchGetItems, keyId } from '../batch-get';
import { db, tableName } from '../client';
import { keys, sortKeyPrefixes } from '../keys';
import { ConditionFailed, transact } from '../transaction';

/**
 * Scorecards (issue 27). A position's criteria are one item beside the position
 * (`POSITION#{id}` / `SCORECARD`); a reviewer's scorecard of a candidate is one item in the
 * candidate's partition (`SCORECARD#{userId}`), so it goes with the candidate; the candidate item
 * carries the means over all scorecards (`score`, for the export and the list order) and, while
 * scored, the sparse GSI4 keys of its status tab by score. A scorecard and the means change in one
 * transaction, conditioned on the means' version the writer read.
 */

/** The means kept on the candidate item. `version` goes up with every scorecard written. */
export interface CandidateScore extends ScoreSummary {
  version: number;
}

const criteriaOf = (value: unknown): Criterion[] =>
  Array.isArray(value)
    ? value.map((c: Record<string, any>) => ({
        criterionId: String(c.criterionId),
        name: String(c.name),
        guide1: typeof c.guide1 === 'string' ? c.guide1 : null,
        guide3: typeof c.guide3 === 'string' ? c.guide3 : null,
        guide5: typeof c.guide5 === 'string' ? c.guide5 : null,
      }))
    : [];

/** A candidate item's `score` attribute, or null while nobody has scored them. */
export const storedScore = (value: unknown): CandidateScore | null => {
  if (!value || typeof value !== 'object') return null;
  const score = value as Record<string, any>;
  return {
    count: Number(score.count ?? 0),
    mean: typeof score.mean === 'number' ? score.mean : null,
    version: Number(score.version ?? 0),
    criteria: Array.isArray(score.criteria)
      ? score.criteria.map((c: Record<string, any>) => ({
          criterionId: String(c.criterionId),
          name: String(c.name),
          mean: Number(c.mean),
          count: Number(c.count ?? 0),
          current: c.current !== false,
        }))
      : [],
  };
};

/** The criteria item as a BatchGetItem read parses it (the access check's round). */
export const criteriaFromItem = (item: Record<string, any>): Criterion[] => criteriaOf(item.criteria);

/** A position's criteria (none: the position has no scorecard). */
export const getCriteria = async (positionId: string): Promise<Criterion[]> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.positionScorecard(positionId), ConsistentRead: true }));
  return Item ? criteriaFromItem(Item) : [];
};

export const putCriteria = async (position: { positionId: string; companyId: string }, criteria: Criterion[], now = new Date()) => {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.positionScorecard(position.positionId),
        type: 'scorecardCriteria',
        positionId: position.positionId,
        companyId: position.companyId,
        criteria,
        updatedAt: now.toISOString(),
      },
    }),
  );
};

export interface StoredScorecard {
  reviewerId: string;
  /** The reviewer's e-mail when they submitted (members are named by their address). */
  reviewerName: string;
  scores: GivenScore[];
  note: string | null;
  submittedAt: string;
}

const scorecardFromItem = (item: Record<string, any>): StoredScorecard => ({
  reviewerId: String(item.reviewerId),
  reviewerName: String(item.reviewerName ?? ''),
  scores: Array.isArray(item.scores)
    ? item.scores.map((s: Record<string, any>) => ({ criterionId: String(s.criterionId), name: String(s.name), score: Number(s.score) }))
    : [],
  note: typeof item.note === 'string' ? item.note : null,
  submittedAt: String(item.submittedAt),
});

/** Every scorecard of a candidate: one Query of the partition's `SCORECARD#` items, strongly consistent (a reviewer sees their submission at once). */
export const scorecardsOf = async (candidateId: string): Promise<StoredScorecard[]> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.candidate(candidateId).PK, ':prefix': sortKeyPrefixes.scorecard },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map(scorecardFromItem);
};

/** Which of these candidates the member has submitted a scorecard of: one BatchGetItem of their scorecard items' keys. */
export const scoredByMember = async (candidateIds: readonly string[], userId: string): Promise<Set<string>> => {
  if (candidateIds.length === 0) return new Set();
  const found = await batchGetItems(
    candidateIds.map((id) => keys.scorecard(id, userId)),
    { attributes: ['candidateId'] },
  );
  return new Set(candidateIds.filter((id) => found.has(keyId(keys.scorecard(id, userId)))));
};

/** Another scorecard (or a status change) came between the read and the write. */
export class ScoresChanged extends Error {}

/**
 * Writes a reviewer's scorecard and the candidate's new means in one transaction: the scorecard on
 * the condition that it is still the one read (`previous`), the candidate on the condition that
 * its status and the means' version are still the ones read. The candidate's GSI4 keys put them in
 * their status tab's order by score.
 */
/** What a scorecard's write needs of its candidate (candidate.ts's Candidate has it; not imported, as candidate.ts reads `score` with storedScore here). */
export interface ScoredCandidate {
  candidateId: string;
  positionId: string;
  companyId: string;
  currentStatus: string;
  score: CandidateScore | null;
}

export const writeScorecard = async (candidate: ScoredCandidate, previous: StoredScorecard | null, card: StoredScorecard, summary: ScoreSummary) => {
  const version = candidate.score?.version ?? 0;
  const score: CandidateScore = { ...summary, version: version + 1 };
  const byScore =
    summary.mean === null
      ? null
      : keys.candidateByScore(candidate.positionId, candidate.currentStatus, scoreSortKey(summary.mean, candidate.candidateId));
  try {
    await transact([
      {
        name: 'scorecard',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.scorecard(candidate.candidateId, card.reviewerId),
              type: 'scorecard',
              candidateId: candidate.candidateId,
              positionId: candidate.positionId,
              companyId: candidate.companyId,
              reviewerId: card.reviewerId,
              reviewerName: card.reviewerName,
              scores: card.scores,
              note: card.note,
              submittedAt: card.submittedAt,
            },
            ConditionExpression: previous ? 'submittedAt = :previous' : 'attribute_not_exists(PK)',
            ...(previous ? { ExpressionAttributeValues: { ':previous': previous.submittedAt } } : {}),
          },
        },
      },
      {
        name: 'candidate',
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.candidate(candidate.candidateId),
            UpdateExpression: byScore ? 'SET score = :score, GSI4PK = :gsi4pk, GSI4SK = :gsi4sk' : 'SET score = :score',
            ConditionExpression: `currentStatus = :status AND ${candidate.score ? 'score.version = :version' : 'attribute_not_exists(score.version)'}`,
            ExpressionAttributeValues: {
              ':score': score,
              ':status': candidate.currentStatus,
              ...(candidate.score ? { ':version': version } : {}),
              ...(byScore ? { ':gsi4pk': byScore.GSI4PK, ':gsi4sk': byScore.GSI4SK } : {}),
            },
          },
        },
      },
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed) throw new ScoresChanged();
    throw error;
  }
  return score;
};
