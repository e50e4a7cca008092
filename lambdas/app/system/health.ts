import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { DescribeStateMachineCommand } from '@aws-sdk/client-sfn';
import { s3, ses, sfn } from '../../adapters/aws';
import { dynamodb } from '../../data/client';

/** The health of every backing service: describe-only calls, cheap and side-effect free (the health:check grant). */
const CHECK_TIMEOUT_MS = 3000;

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

/** Checks the table, the media bucket, the SES account and the state machine, all at once. */
export const checkServices = async (resources: { tableName: string; mediaBucket: string; stateMachineArn: string }) => {
  const [database, storage, email, workflow] = await Promise.all([
    timed((abortSignal) => dynamodb.send(new DescribeTableCommand({ TableName: resources.tableName }), { abortSignal })),
    timed((abortSignal) => s3.send(new HeadBucketCommand({ Bucket: resources.mediaBucket }), { abortSignal })),
    timed((abortSignal) => ses.send(new GetAccountCommand({}), { abortSignal })),
    timed((abortSignal) => sfn.send(new DescribeStateMachineCommand({ stateMachineArn: resources.stateMachineArn }), { abortSignal })),
  ]);
  return { database, storage, email, workflow };
};
