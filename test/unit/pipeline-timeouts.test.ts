import { describe, expect, it } from 'vitest';
import { mediaPipelineDefinition, TASK_TIMEOUT_SECONDS } from '../../lambdas/pipeline/media-pipeline.asl';
import { answerPackageDefinition } from '../../lambdas/pipeline/answer-package.asl';
import { ANSWER_GRACE_SECONDS, UNLIMITED_ANSWER_SECONDS } from '../../lambdas/contracts/timing';
import { pipelineTasks } from '../../lambdas/pipeline/tasks';
import { LOCAL_JOB_TIMEOUT_MS } from '../../lib/local/media-tasks';

/**
 * The longest answer the server keeps (time limits off: the technical cap and the grace) and what
 * a second of 720p answer took to transcode with the local stand-in's ffmpeg on this 2-core machine
 * under load (issue 43: 1.46 s for a camera's VP9, 1.5 s for a 3-minute test picture at load 15).
 */
const LONGEST_ANSWER_SECONDS = UNLIMITED_ANSWER_SECONDS + ANSWER_GRACE_SECONDS;
const LOCAL_TRANSCODE_SECONDS_PER_SECOND = 1.5;

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

  it("let the local jobs' processes run as long as their states, which fits the longest answer transcoded locally", () => {
    const { Transcode, StartTranscription } = mediaPipelineDefinition.States;
    expect(LOCAL_JOB_TIMEOUT_MS).toEqual({ transcode: Transcode.TimeoutSeconds * 1000, transcription: StartTranscription.TimeoutSeconds * 1000 });
    expect(LOCAL_JOB_TIMEOUT_MS.transcode).toBeGreaterThan(LONGEST_ANSWER_SECONDS * LOCAL_TRANSCODE_SECONDS_PER_SECOND * 1000);
  });

  it('set no heartbeat, which no task here would send', () => {
    const all = tasks(mediaPipelineDefinition);
    expect(all.length).toBeGreaterThan(0);
    for (const [name, state] of all) expect({ name, heartbeat: 'HeartbeatSeconds' in state }).toEqual({ name, heartbeat: false });
  });
});
