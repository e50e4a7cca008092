import { answerRatingsMigration } from './backfill-answer-ratings';
import { candidateEmailsMigration } from './backfill-candidate-emails';
import { reportAggregatesMigration } from './backfill-report-aggregates';
import { retentionClockMigration } from './backfill-retention-clock';
import { reportMonthsMigration } from './rollup-report-months';
import { searchTokensMigration } from './backfill-search-tokens';
import type { Migration } from './migration-runner';
import { scheduleShardsMigration } from './migrate-schedule-shards';

/**
 * Every data migration, in the order they run (and were released): `npm run migrate` applies the
 * ones the table does not record yet. A new one goes at the end with the next id; a released one
 * is never renamed, reordered or removed (its id is what the table records).
 */
export const migrations: readonly Migration[] = [
  candidateEmailsMigration,
  scheduleShardsMigration,
  answerRatingsMigration,
  searchTokensMigration,
  retentionClockMigration,
  reportAggregatesMigration,
  reportMonthsMigration,
];
