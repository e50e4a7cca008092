import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { parseArgs } from 'node:util';
import { tableName } from '../lambdas/data/table-definition';
import { sdkClientSettings } from '../lambdas/platform/sdk-config';
import { runMigrations } from './migration-runner';
import { migrations } from './migrations';

/**
 * `npm run migrate -- --stage prod`, once after every deploy: applies the data migrations the
 * stage's table does not record yet (scripts/migrations.ts), in order, and records each. Running it
 * again applies nothing. `--dry-run` lists what would run and changes nothing. The table comes from
 * `--stage` or, without it, TABLE_NAME; the client uses the SDK's default credentials and region.
 */
const { values } = parseArgs({ options: { stage: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } } });
const table = values.stage ? tableName(values.stage) : process.env.TABLE_NAME;
if (!table) {
  console.error('Name the stage (npm run migrate -- --stage prod) or the table (TABLE_NAME=prod-interviews npm run migrate).');
  process.exit(1);
}
try {
  await runMigrations(DynamoDBDocumentClient.from(new DynamoDBClient(sdkClientSettings('dynamodb'))), table, migrations, {
    dryRun: values['dry-run'],
    log: (line) => console.log(line),
  });
} catch (error) {
  console.error(
    `Migration failed; it is not recorded, so the next run retries it: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
}
