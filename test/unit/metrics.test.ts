import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, logger, setLogContext, withLogContext } from '../../lambdas/platform/logger';
import { count, countLine, METRICS_NAMESPACE, metricNames, seconds } from '../../lambdas/platform/metrics';

describe('metrics as Embedded Metric Format', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('describes one count in the namespace, with the stage as its one dimension', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(countLine(metricNames.atsWriteBackFailed, 2, 'prod', now)).toEqual({
      _aws: {
        Timestamp: now.getTime(),
        CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: [['Stage']], Metrics: [{ Name: 'AtsWriteBacksFailed', Unit: 'Count' }] }],
      },
      Stage: 'prod',
      AtsWriteBacksFailed: 2,
    });
  });

  it("writes it as one JSON line of the function's log, under the function's STAGE", () => {
    vi.stubEnv('STAGE', 'pr-42');
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    count(metricNames.atsWriteBackFailed);
    expect(write).toHaveBeenCalledTimes(1);
    const line = String(write.mock.calls[0]![0]);
    expect(line.endsWith('\n')).toBe(true);
    expect(JSON.parse(line)).toMatchObject({ Stage: 'pr-42', AtsWriteBacksFailed: 1 });
  });

  it('records durations in seconds, as business figures (the pipeline) need', () => {
    vi.stubEnv('STAGE', 'prod');
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    seconds(metricNames.pipelineSeconds, 42.5);
    const line = JSON.parse(String(write.mock.calls[0]![0]));
    expect(line._aws.CloudWatchMetrics[0].Metrics).toEqual([{ Name: 'MediaPipelineSeconds', Unit: 'Seconds' }]);
    expect(line.MediaPipelineSeconds).toBe(42.5);
  });
});

describe('structured logs', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    setLogContext({});
  });

  const lines = (write: { mock: { calls: unknown[][] } }): Record<string, unknown>[] => write.mock.calls.map((call) => JSON.parse(String(call[0])));

  it("puts the invocation's request id and operation on every line, the module's logger and child loggers alike", () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    setLogContext({ requestId: 'req-1', operation: 'PUT /candidates/{candidateId}/{status}' });
    logger.info('from a use case', { candidateId: 'c1' });
    createLogger({ job: 'x' }).child({ step: 2 }).info('from a child');
    expect(lines(write)).toEqual([
      expect.objectContaining({ msg: 'from a use case', requestId: 'req-1', operation: 'PUT /candidates/{candidateId}/{status}', candidateId: 'c1' }),
      expect.objectContaining({ msg: 'from a child', requestId: 'req-1', job: 'x', step: 2 }),
    ]);
  });

  it("names a task's invocation by Lambda's request id, and the next invocation replaces it", async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const task = withLogContext('finalizeMedia', async (event: { id: string }) => logger.info('done', { id: event.id }));
    await task({ id: 'a' }, { awsRequestId: 'aws-1' });
    await task({ id: 'b' }, { awsRequestId: 'aws-2' });
    expect(lines(write).map((line) => [line.requestId, line.function, line.id])).toEqual([
      ['aws-1', 'finalizeMedia', 'a'],
      ['aws-2', 'finalizeMedia', 'b'],
    ]);
  });
});
