import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { clock, countDown, stopWithRetries } from './take';

describe('stopping a live recording', () => {
  it('tries a failed stop again, up to three times, but not a refusal', async () => {
    let calls = 0;
    const flaky = () => (++calls < 3 ? Promise.reject(new ApiError(0, 'offline', 'network_error')) : Promise.resolve('stopped'));
    await expect(stopWithRetries(flaky, 3, 0)).resolves.toBe('stopped');
    expect(calls).toBe(3);

    calls = 0;
    const down = () => (++calls, Promise.reject(new ApiError(503, undefined, undefined)));
    await expect(stopWithRetries(down, 3, 0)).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(3);

    calls = 0;
    const refused = () => (++calls, Promise.reject(new ApiError(404, 'Recording not found.', 'recording_not_found')));
    await expect(stopWithRetries(refused, 3, 0)).rejects.toThrow('Recording not found.');
    expect(calls).toBe(1);
  });
});

describe("a take's clock", () => {
  it('shows minutes and seconds', () => {
    expect([0, 5, 59.9, 60, 65.7, 600].map(clock)).toEqual(['0:00', '0:05', '0:59', '1:00', '1:05', '10:00']);
  });
});

describe('the countdown', () => {
  it('ticks each second left after the first, then is done once', () => {
    vi.useFakeTimers();
    // The unit tests run in Node: its timers stand in for the page's.
    vi.stubGlobal('window', globalThis);
    const ticks: number[] = [];
    let done = 0;
    countDown(
      3,
      (left) => ticks.push(left),
      () => done++,
    );
    vi.advanceTimersByTime(5000);
    expect(ticks).toEqual([2, 1]);
    expect(done).toBe(1);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
});
