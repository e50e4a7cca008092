import { PutCommand, paginateQuery, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../lambdas/data/keys';

/**
 * A data migration: a change to what the table holds that a deploy alone does not make (items
 * written before a change lack what the code now reads). Each is safe to run again; the runner
 * records the ones that finished so `npm run migrate` after every deploy runs only the new ones.
 */
export interface Migration {
  /** Stable and sortable: `NNN-what` (the record's sort key, never renamed once released). */
  readonly id: string;
  /** What it does, as the command prints it. */
  readonly what: string;
  /** Runs it on the table; the lines are its report. */
  readonly run: (client: DynamoDBDocumentClient, table: string) => Promise<string[]>;
}

export interface MigrationRecord {
  readonly migrationId: string;
  readonly what: string;
  readonly appliedAt: string;
  readonly report: readonly string[];
}

/** The ids the table records as applied. */
export const appliedMigrationIds = async (client: DynamoDBDocumentClient, table: string): Promise<Set<string>> => {
  const applied = new Set<string>();
  const pages = paginateQuery(
    { client },
    {
      TableName: table,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.migration('').PK },
      ProjectionExpression: 'SK',
      ConsistentRead: true,
    },
  );
  for await (const page of pages) for (const item of page.Items ?? []) applied.add(String(item.SK));
  return applied;
};

/** The migrations not applied yet, in the list's order. */
export const pendingMigrations = (migrations: readonly Migration[], applied: ReadonlySet<string>): Migration[] =>
  migrations.filter((migration) => !applied.has(migration.id));

/** The list is the order they run in: ids unique and ascending, so a new one goes at the end. */
export const checkMigrationList = (migrations: readonly Migration[]): void => {
  migrations.forEach((migration, i) => {
    if (!/^\d{3}-[a-z0-9-]+$/.test(migration.id)) throw new Error(`Migration id "${migration.id}" is not NNN-kebab-case`);
    const previous = migrations[i - 1];
    if (previous && previous.id >= migration.id) throw new Error(`Migration "${migration.id}" is listed after "${previous.id}": ids must ascend`);
  });
};

export interface MigrationRun {
  /** Applied by this run, in order (with dryRun: what would be). */
  readonly applied: readonly string[];
  /** Recorded as applied before this run. */
  readonly alreadyApplied: readonly string[];
}

/**
 * Applies the pending migrations in order, recording each when it has finished; the first one that
 * fails stops the run (later ones may build on it) and is not recorded, so the next run retries it.
 * A record written meanwhile by another run is kept (every migration is safe to run twice).
 */
export const runMigrations = async (
  client: DynamoDBDocumentClient,
  table: string,
  migrations: readonly Migration[],
  options: { readonly dryRun?: boolean; readonly log?: (line: string) => void; readonly now?: () => Date } = {},
): Promise<MigrationRun> => {
  checkMigrationList(migrations);
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const applied = await appliedMigrationIds(client, table);
  const pending = pendingMigrations(migrations, applied);
  const alreadyApplied = migrations.filter((migration) => applied.has(migration.id)).map((migration) => migration.id);
  if (pending.length === 0) {
    log(`Nothing to migrate in ${table}: all ${migrations.length} migrations applied.`);
    return { applied: [], alreadyApplied };
  }
  if (options.dryRun) {
    log(`${pending.length} of ${migrations.length} migrations would run in ${table}, in this order:`);
    for (const migration of pending) log(`  ${migration.id}: ${migration.what}`);
    return { applied: pending.map((migration) => migration.id), alreadyApplied };
  }
  const done: string[] = [];
  for (const migration of pending) {
    log(`${migration.id}: ${migration.what} in ${table}…`);
    const report = await migration.run(client, table);
    for (const line of report) log(`  ${line}`);
    const record: MigrationRecord = { migrationId: migration.id, what: migration.what, appliedAt: now().toISOString(), report };
    try {
      await client.send(
        new PutCommand({ TableName: table, Item: { ...keys.migration(migration.id), ...record }, ConditionExpression: 'attribute_not_exists(PK)' }),
      );
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
    done.push(migration.id);
  }
  log(`${done.length} migrations applied.`);
  return { applied: done, alreadyApplied };
};
