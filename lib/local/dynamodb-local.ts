import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '../../lambdas/data/table-definition';
import { LocalStackError } from './errors';
import { freePort, sleep } from './net';

/**
 * DynamoDB Local: the official jar (shipped inside the npm package amplify-dynamodb-simulator),
 * run with Java 17+. It supports transactions, unlike in-process emulators. Data lives in `dbPath`.
 */
const require = createRequire(import.meta.url);

const javaMajorVersion = (): number | null => {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
};

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/** How long `npm start` waits for DynamoDB Local to answer (LOCAL_START_LIMIT_SECONDS overrides it). */
export const DYNAMODB_LOCAL_START_LIMIT_MS = 180_000;

export const startDynamoDbLocal = async (options: {
  dbPath: string;
  tableName: string;
  startLimitMs?: number;
  log?: (line: string) => void;
}): Promise<DynamoDbLocal> => {
  const java = javaMajorVersion();
  if (java === null) {
    throw new LocalStackError(
      'Java was not found; DynamoDB Local needs Java 17 or newer: install it (Debian: apt-get install -y openjdk-17-jre-headless) and run the command again.',
    );
  }
  if (java < 17) throw new LocalStackError(`Java ${java} is too old for DynamoDB Local: install Java 17 or newer and run the command again.`);

  const emulatorDir = path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  mkdirSync(options.dbPath, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(
    'java',
    [
      '-Xmx512m',
      `-Djava.library.path=${path.join(emulatorDir, 'DynamoDBLocal_lib')}`,
      '-jar',
      path.join(emulatorDir, 'DynamoDBLocal.jar'),
      '-port',
      String(port),
      '-dbPath',
      options.dbPath,
      '-sharedDb',
      // A stand-in sends nothing anywhere.
      '-disableTelemetry',
    ],
    // It writes its own metadata file into its working directory: the data directory, not the repo.
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: options.dbPath },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  // A loaded machine can take a minute to start the JVM: wait for the service itself to answer, for
  // as long as the process lives, up to a limit that names what it waited for.
  const startedAt = Date.now();
  const limitMs = options.startLimitMs ?? DYNAMODB_LOCAL_START_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new LocalStackError(`DynamoDB Local exited at start: ${output.trim().split('\n').pop() ?? ''}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() - startedAt > limitMs) {
        child.kill('SIGKILL');
        const last = output.trim().split('\n').pop();
        throw new LocalStackError(
          `DynamoDB Local (java, pid ${child.pid}) did not answer ListTables at ${endpoint} within ${Math.round(limitMs / 1000)} seconds` +
            `${last ? ` (its last output: ${last})` : ''}; is the machine very loaded? LOCAL_START_LIMIT_SECONDS sets a longer limit.`,
        );
      }
      await sleep(200);
    }
  }
  await ensureTable(client, options.tableName);
  client.destroy();

  return {
    endpoint,
    stop: async () => {
      process.off('exit', killOnExit);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
};

/** Creates the table from the one table definition (the same one CDK deploys, its stream too) when it is missing. */
export const ensureTable = async (client: DynamoDBClient, tableName: string): Promise<void> => {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A table made before the stream was defined gets it (lib/local/dynamodb-streams-poller.ts reads it).
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await client.send(
        new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.streamViewType } }),
      );
    }
    // A table made before an index was defined (local data kept across versions) gets the index it lacks.
    const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    for (const index of tableDefinition.globalSecondaryIndexes.filter((i) => !present.has(i.indexName))) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [index.partitionKey, index.sortKey].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
          GlobalSecondaryIndexUpdates: [
            {
              Create: {
                IndexName: index.indexName,
                KeySchema: [
                  { AttributeName: index.partitionKey, KeyType: 'HASH' },
                  { AttributeName: index.sortKey, KeyType: 'RANGE' },
                ],
                Projection: { ProjectionType: 'ALL' },
              },
            },
          ],
        }),
      );
    }
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const { partitionKey, sortKey, globalSecondaryIndexes, timeToLiveAttribute, streamViewType } = tableDefinition;
  const attributeNames = [partitionKey, sortKey, ...globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey])];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributeNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: { StreamEnabled: true, StreamViewType: streamViewType },
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true } }),
  );
};
