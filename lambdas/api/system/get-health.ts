import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { DescribeStateMachineCommand } from '@aws-sdk/client-sfn';
import { getHealth } from '../../contracts/system';
import { routes } from '../../routes';
import { s3, ses, sfn } from '../../shared/clients/aws';
import { dynamodb } from '../../shared/db/client';
import { readEnv } from '../../shared/env';
import { apiHandler, Reply } from '../../shared/http';

const env = readEnv('STAGE', 'TABLE_NAME', 'MEDIA_BUCKET', 'STATE_MACHINE_ARN');
const CHECK_TIMEOUT_MS = 3000;

type ServiceName = keyof Awaited<ReturnType<typeof runChecks>>;

const timed = async (check: (signal: AbortSignal) => Promise<unknown>) => {
  const startedAt = Date.now();
  try {
    await check(AbortSignal.timeout(CHECK_TIMEOUT_MS));
    return { status: 'up' as const, latencyMs: Date.now() - startedAt };
  } catch (error) {
    const detail = error instanceof Error ? error.name : 'Unavailable';
    return { status: 'down' as const, latencyMs: Date.now() - startedAt, detail };
  }
};

/** Describe-only calls: cheap, side-effect free, and covered by the health:check grant. */
const runChecks = async () => {
  const [database, storage, email, workflow] = await Promise.all([
    timed((abortSignal) => dynamodb.send(new DescribeTableCommand({ TableName: env.TABLE_NAME }), { abortSignal })),
    timed((abortSignal) => s3.send(new HeadBucketCommand({ Bucket: env.MEDIA_BUCKET }), { abortSignal })),
    timed((abortSignal) => ses.send(new GetAccountCommand({}), { abortSignal })),
    timed((abortSignal) => sfn.send(new DescribeStateMachineCommand({ stateMachineArn: env.STATE_MACHINE_ARN }), { abortSignal })),
  ]);
  return { database, storage, email, workflow };
};

export const handler = apiHandler(routes.getHealth, getHealth, async () => {
  const services = await runChecks();
  const allUp = (Object.keys(services) as ServiceName[]).every((name) => services[name].status === 'up');
  const body = { status: allUp ? ('ok' as const) : ('degraded' as const), stage: env.STAGE, services };
  return new Reply(allUp ? 200 : 503, body);
});
