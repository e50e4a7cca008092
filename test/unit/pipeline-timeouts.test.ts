import { describe, expect, it } from 'vitest';
import { mediaPipelineDefinition, TASK_TIMEOUT_SECONDS } from '../../lambdas/pipeline/media-pipeline.asl';
import { answerPackageDefinition } from '../../lambdas/pipeline/answer-package.asl';
import { UNLIMITED_ANSWER_SECONDS } from '../../lambdas/contracts/timing';
import { pipelineTasks } from '../../lambdas/pipeline/tasks';

/**
 * Issue 43: every task state names its timeout. Without one the local runner applies the ASL's
 * default of 60 s (a 42-second 720p answer took 61 s to transcode on a loaded machine and failed
 * with States.Timeout), while Step Functions in AWS would wait for as long as the execution runs.
 */
type State = { Type: string; Resource?: string; TimeoutSeconds?: number; Parameters?: { FunctionName?: string } };
const tasks = (definition: { States: Record<string, unknown> }) =>
  Object.entries(definition.States as Record<string, State>).filter(([, state]) => state.Type === 'Task');

describe('the state machines', () => {
  it('give every task state a timeout of its own', () => {
    const all = [...tasks(mediaPipelineDefinition), ...tasks(answerPackageDefinition as never)];
    expect(all.length).toBeGreaterThanOrEqual(8);
    for (const [name, state] of all) expect({ name, timeout: state.TimeoutSeconds }).toEqual({ name, timeout: expect.any(Number) });
  });

  it("let a Lambda task outlast its function's own timeout", () => {
    const lambdaTasks = tasks(mediaPipelineDefinition).filter(([, state]) => state.Resource === 'arn:aws:states:::lambda:invoke');
    expect(lambdaTasks.length).toBeGreaterThan(0);
    for (const [name, state] of lambdaTasks) {
      const task = Object.values(pipelineTasks).find((t) => state.Parameters?.FunctionName === '${' + t.substitution + '}')!;
      expect({ name, longer: state.TimeoutSeconds! > task.timeoutSeconds }).toEqual({ name, longer: true });
    }
  });

  it('give a transcode and a transcription room for the longest answer the product takes, with time to wait in the queue', () => {
    const { Transcode, TranscodeClipped, StartTranscription } = mediaPipelineDefinition.States;
    for (const state of [Transcode, TranscodeClipped, StartTranscription] as State[]) {
      expect(state.TimeoutSeconds).toBeGreaterThanOrEqual(2 * UNLIMITED_ANSWER_SECONDS);
    }
    expect(TASK_TIMEOUT_SECONDS.transcode).toBe(Transcode.TimeoutSeconds);
  });
});
