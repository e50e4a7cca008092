import { afterEach, describe, expect, it, vi } from 'vitest';
import { count, countLine, METRICS_NAMESPACE, metricNames } from '../../lambdas/platform/metrics';

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
});
