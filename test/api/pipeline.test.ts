import { DescribeExecutionCommand, DescribeStateMachineCommand, ExecutionAlreadyExists, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { newId } from '../../lambdas/platform/crypto';
import { localDb, localEnv, localSfn } from '../support/aws';

/** The media pipeline's one ASL definition, run by the local Step Functions stand-in. */
const waitForEnd = async (executionArn: string) => {
  const sfn = localSfn();
  for (let i = 0; i < 100; i++) {
    const execution = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    if (execution.status !== 'RUNNING') return execution;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('execution did not finish');
};

describe('the local media pipeline', () => {
  const stateMachineArn = () => localEnv().STATE_MACHINE_ARN!;

  it('is described like the deployed state machine', async () => {
    const machine = await localSfn().send(new DescribeStateMachineCommand({ stateMachineArn: stateMachineArn() }));
    expect(machine.status).toBe('ACTIVE');
    expect(JSON.parse(machine.definition!).StartAt).toBe('MarkProcessing');
    expect(machine.definition).not.toContain('${');
  });

  it('runs the Lambda tasks in-process and records a failing step on the media item', async () => {
    const mediaId = newId();
    const db = localDb();
    await db.send(new PutCommand({ TableName: localEnv().TABLE_NAME, Item: { ...keys.media(mediaId), mediaId, uploadStatus: 'processing' } }));
    const { executionArn } = await localSfn().send(
      new StartExecutionCommand({
        stateMachineArn: stateMachineArn(),
        name: mediaId,
        input: JSON.stringify({ mediaId, key: `uploads/${mediaId}/source`, contentType: 'video/mp4' }),
      }),
    );
    const execution = await waitForEnd(executionArn!);
    expect(execution.status).toBe('FAILED');
    const { Item } = await db.send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.media(mediaId) }));
    expect(Item?.uploadStatus).toBe('failed');
    expect(Item?.processingError?.error).toBe('The upload is missing or empty.');
  });

  it('refuses to start the same execution name twice, so a re-delivered event is not processed again', async () => {
    const mediaId = newId();
    await localDb().send(new PutCommand({ TableName: localEnv().TABLE_NAME, Item: { ...keys.media(mediaId) } }));
    const input = JSON.stringify({ mediaId, bucket: 'b', key: 'k' });
    const first = await localSfn().send(new StartExecutionCommand({ stateMachineArn: stateMachineArn(), name: mediaId, input }));
    await waitForEnd(first.executionArn!);
    await expect(localSfn().send(new StartExecutionCommand({ stateMachineArn: stateMachineArn(), name: mediaId, input }))).rejects.toBeInstanceOf(
      ExecutionAlreadyExists,
    );
  });

  it('ends in an explicit failure when a task fails', async () => {
    const mediaId = newId(); // no media item: the task's condition fails, and so does the failure path
    const { executionArn } = await localSfn().send(
      new StartExecutionCommand({ stateMachineArn: stateMachineArn(), input: JSON.stringify({ mediaId, key: 'k', contentType: 'video/mp4' }) }),
    );
    const execution = await waitForEnd(executionArn!);
    expect(execution.status).toBe('FAILED');
    expect(execution.error).toBeTruthy();
  });
});
