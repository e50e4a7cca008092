import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { keys, retentionPartition } from '../keys';
import { queryAll } from '../query';
import type { Candidate } from './candidate';
import { writeIf } from '../conditional-write';

/**
 * The retention job's reads and writes (issue 28). Every company's profile sits in one of the
 * retention shards (GSI3, keys.companyRetention), and every listed candidate on GSI5 in their
 * company's partition by the start of their retention clock (keys.candidateRetention), so the job
 * reads what is due with one Query a page, oldest first, however many candidates are kept.
 */

/** A company the job visits, with its policy as stored (domain/retention.ts retentionMonthsOf reads it). */
export interface RetentionCompany {
  companyId: string;
  retentionMonths: unknown;
}

/** The companies of one retention shard (one Query, paged past 1 MB), only their id and policy. */
export const retentionCompanies = async (shard: number): Promise<RetentionCompany[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      ExpressionAttributeValues: { ':pk': retentionPartition(shard) },
      ProjectionExpression: 'companyId, retentionMonths',
    })
  ).map((item) => ({ companyId: String(item.companyId), retentionMonths: item.retentionMonths }));

/** Where a page of due candidates ends (GSI5's LastEvaluatedKey), to read the next one after it. */
export type RetentionCursor = Record<string, unknown>;

/** A candidate on GSI5: their id and their place there (the job reads the candidate again, strongly consistent, before it acts). */
export interface DueCandidate {
  candidateId: string;
  retentionKey: string;
}

/** A candidate's place on GSI5 as their profile item records it, or null (a preview, or not backfilled yet). */
export const retentionKeyOf = (profile: Record<string, any> | undefined): string | null =>
  typeof profile?.GSI5SK === 'string' ? profile.GSI5SK : null;

/**
 * Up to `limit` candidates of the company whose retention clock started at or before `cutoff` (ISO),
 * oldest first: one Query of GSI5. `after`: the previous page's cursor.
 */
export const dueForRetention = async (
  companyId: string,
  cutoff: string,
  limit: number,
  after?: RetentionCursor,
): Promise<{ candidates: DueCandidate[]; next?: RetentionCursor }> => {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI5',
      KeyConditionExpression: 'GSI5PK = :pk AND GSI5SK < :bound',
      // A clock that started exactly at the cutoff is due too: its key is `{cutoff}#{candidateId}`.
      ExpressionAttributeValues: { ':pk': keys.candidateRetention(companyId, '', '').GSI5PK, ':bound': `${cutoff}#\uffff` },
      // Only the keys: the job reads each candidate's partition (strongly consistent) before it acts.
      ProjectionExpression: 'candidateId, GSI5SK, GSI5PK, PK, SK',
      Limit: limit,
      ExclusiveStartKey: after,
    }),
  );
  return {
    candidates: (page.Items ?? []).map((item) => ({ candidateId: String(item.candidateId), retentionKey: String(item.GSI5SK) })),
    ...(page.LastEvaluatedKey ? { next: page.LastEvaluatedKey } : {}),
  };
};

/**
 * Moves a candidate's place on GSI5 from `currentKey` to `clock` (their position closed after they were last active),
 * so the job reads them again only once that is due. False when they changed meanwhile (active
 * again, or deleted): their key moved already.
 */
export const moveRetentionClock = async (candidate: Candidate, currentKey: string, clock: string): Promise<boolean> => {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.candidate(candidate.candidateId),
      UpdateExpression: 'SET GSI5SK = :next',
      ConditionExpression: 'GSI5SK = :current',
      ExpressionAttributeValues: {
        ':next': keys.candidateRetention(candidate.companyId, clock, candidate.candidateId).GSI5SK,
        ':current': currentKey,
      },
    }),
  );
};
