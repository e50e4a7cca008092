import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tableName } from '../lambdas/data/table-definition';

/**
 * The command-line end of the data migrations (`npm run migrate:*`): when the module is the script
 * Node was started with, the table comes from `--stage prod` or TABLE_NAME, the client uses the
 * SDK's default credentials, and the migration's report is printed. Imported (by the tests), it
 * does nothing.
 */
export const runMigrationScript = async (
  moduleUrl: string,
  migration: { what: string; run: (client: DynamoDBDocumentClient, table: string) => Promise<string[]> },
): Promise<void> => {
  const entry = process.argv[1];
  if (entry === undefined || realpathSync(entry) !== realpathSync(fileURLToPath(moduleUrl))) return;
  const { values } = parseArgs({ options: { stage: { type: 'string' } } });
  const table = values.stage ? tableName(values.stage) : process.env.TABLE_NAME;
  if (!table) {
    console.error('Name the stage (--stage prod) or the table (TABLE_NAME=prod-interviews).');
    process.exit(1);
  }
  console.log(`${migration.what} in ${table}…`);
  for (const line of await migration.run(DynamoDBDocumentClient.from(new DynamoDBClient({})), table)) console.log(line);
};
