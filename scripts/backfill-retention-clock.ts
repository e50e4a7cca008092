import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../lambdas/data/keys';
import type { Migration } from './migration-runner';

/**
 * Migration 005-retention-clock (`npm run migrate`, scripts/migrations.ts), for the retention policy
 * (issue 28):
 * - every listed candidate gets their place on GSI5 (`keys.candidateRetention`) from their
 *   completion, else their invite: the start of their retention clock as far as is known;
 * - every company gets its place in the retention job's shards (GSI3, `keys.companyRetention`);
 * - every closed position gets a `closedAt`: the time of this run, since when it closed was never
 *   recorded (so its candidates are kept at least the policy's months from now, never less).
 * Until it has run, the job does not see the candidates or companies from before. Safe to run again
 * (what has its keys already is left alone; each write is conditioned on that and on the item existing).
 *
 * An operator's one-off, so it Scans (the Lambdas never do), projecting only the fields it needs.
 */
export interface RetentionBackfillReport {
  candidates: number;
  companies: number;
  closedPositions: number;
  /** Had them already, or were deleted meanwhile. */
  unchanged: number;
}

const IN_FLIGHT = 16;

export const backfillRetentionClock = async (client: DynamoDBDocumentClient, table: string, now = new Date()): Promise<RetentionBackfillReport> => {
  const report: RetentionBackfillReport = { candidates: 0, companies: 0, closedPositions: 0, unchanged: 0 };
  const update = async (input: ConstructorParameters<typeof UpdateCommand>[0], counted: 'candidates' | 'companies' | 'closedPositions') => {
    try {
      await client.send(new UpdateCommand({ ...input, TableName: table }));
      report[counted] += 1;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      report.unchanged += 1;
    }
  };
  /** Sets an item's keys on one index (`GSI5` → GSI5PK, GSI5SK) unless it has them, and the item still exists. */
  const setIndexKeysOnce = (
    item: Record<string, any>,
    index: 'GSI3' | 'GSI5',
    indexKeys: Record<string, string>,
    counted: 'candidates' | 'companies',
  ) => {
    const [partition, sort] = [`${index}PK`, `${index}SK`];
    return update(
      {
        TableName: table,
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression: 'SET #pk = :pk, #sk = :sk',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': partition, '#sk': sort },
        ExpressionAttributeValues: { ':pk': indexKeys[partition], ':sk': indexKeys[sort] },
      },
      counted,
    );
  };
  const work = (item: Record<string, any>): Promise<void> | null => {
    if (item.SK === keys.candidate('').SK && String(item.PK).startsWith(keys.candidate('').PK)) {
      if (item.preview === true || item.GSI5PK || typeof item.companyId !== 'string') return null;
      const since = typeof item.completedAt === 'string' ? item.completedAt : String(item.createdAt);
      return setIndexKeysOnce(item, 'GSI5', keys.candidateRetention(item.companyId, since, String(item.candidateId)), 'candidates');
    }
    if (item.SK === keys.company('').SK && String(item.PK).startsWith(keys.company('').PK)) {
      if (item.GSI3PK || typeof item.companyId !== 'string') return null;
      return setIndexKeysOnce(item, 'GSI3', keys.companyRetention(item.companyId), 'companies');
    }
    if (item.SK === keys.position('').SK && String(item.PK).startsWith(keys.position('').PK)) {
      if (item.currentStatus !== 'closed' || typeof item.closedAt === 'string') return null;
      return update(
        {
          TableName: table,
          Key: { PK: item.PK, SK: item.SK },
          UpdateExpression: 'SET closedAt = :now',
          ConditionExpression: 'currentStatus = :closed AND attribute_not_exists(closedAt)',
          ExpressionAttributeValues: { ':now': now.toISOString(), ':closed': 'closed' },
        },
        'closedPositions',
      );
    }
    return null;
  };
  const pages = paginateScan(
    { client },
    {
      TableName: table,
      FilterExpression: 'SK IN (:candidate, :company, :position)',
      ProjectionExpression: 'PK, SK, candidateId, companyId, preview, completedAt, createdAt, currentStatus, closedAt, GSI3PK, GSI5PK',
      ExpressionAttributeValues: { ':candidate': keys.candidate('').SK, ':company': keys.company('').SK, ':position': keys.position('').SK },
    },
  );
  for await (const page of pages) {
    const items = page.Items ?? [];
    for (let i = 0; i < items.length; i += IN_FLIGHT) await Promise.all(items.slice(i, i + IN_FLIGHT).map(work));
  }
  return report;
};

export const retentionClockMigration: Migration = {
  id: '005-retention-clock',
  what: "Backfilling candidates' retention clocks, companies' retention shards and closed positions' closing times",
  run: async (client, table) => {
    const report = await backfillRetentionClock(client, table);
    return [
      `${report.candidates} candidates given their retention clock, ${report.companies} companies their retention shard, ` +
        `${report.closedPositions} closed positions their closing time (now); ${report.unchanged} had them already or were deleted meanwhile.`,
    ];
  },
};
