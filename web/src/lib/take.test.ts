import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { clock, countDown, takeLength, inFinalSeconds, recordingTimerText, startStopwatch, stopWithRetries, timeAnnouncement } from './take';

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

describe("a take's length", () => {
  it('is counted as the player counts a duration: whole seconds, never rounded up', () => {
    expect([6.6, 6.4, 6, 59.5, 60.2, 125.99].map(takeLength)).toEqual(['0:06', '0:06', '0:06', '0:59', '1:00', '2:05']);
  });

  it('is 0:00 for a length not known or below zero', () => {
    expect([-0.3, Number.NaN, Number.POSITIVE_INFINITY].map(takeLength)).toEqual(['0:00', '0:00', '0:00']);
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

describe('the recording timer', () => {
  it('shows the limit, or the time recorded alone when there is none', () => {
    expect(recordingTimerText(65, 120)).toBe('1:05 / 2:00');
    expect(recordingTimerText(65, null)).toBe('1:05');
  });

  it('warns in the last 20 seconds of a limit longer than that, never without one', () => {
    expect([9, 10, 29, 30].map((s) => inFinalSeconds(s, 30))).toEqual([false, true, true, true]);
    expect(inFinalSeconds(0, 15)).toBe(false);
    expect(inFinalSeconds(3599, null)).toBe(false);
  });
});

describe("what a screen reader hears of a take's time", () => {
  /** Every announcement of a take timed second by second from `from` to `to`. */
  const said = (phase: 'thinking' | 'recording', seconds: number[], limit: number | null) =>
    seconds.slice(1).flatMap((now, i) => timeAnnouncement(phase, seconds[i]!, now, limit) ?? []);
  const range = (from: number, to: number) => Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from < to ? from + i : from - i));

  it('each full minute recorded and once the 20-second warning, never every second', () => {
    expect(said('recording', range(0, 150), 150)).toEqual(['1 minute recorded.', '2 minutes recorded.', '20 seconds left.']);
    expect(said('recording', range(0, 30), 30)).toEqual(['20 seconds left.']);
    expect(said('recording', range(0, 130), null)).toEqual(['1 minute recorded.', '2 minutes recorded.']);
  });

  it('catches up when the clock jumps', () => {
    expect(timeAnnouncement('recording', 5, 12, 30)).toBe('20 seconds left.');
    expect(timeAnnouncement('recording', 58, 63, null)).toBe('1 minute recorded.');
  });

  it('while thinking, each full minute left and 10 seconds before recording', () => {
    expect(said('thinking', range(150, 0), null)).toEqual(['2 minutes left to think.', '1 minute left to think.', 'Recording starts in 10 seconds.']);
    expect(said('thinking', range(30, 0), null)).toEqual(['Recording starts in 10 seconds.']);
  });
});

describe('the stopwatch', () => {
  it('tells each new whole second from the wall clock, catching up after a jump', () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', globalThis);
    try {
      const seen: number[] = [];
      const stop = startStopwatch((elapsed) => seen.push(elapsed));
      vi.advanceTimersByTime(2100);
      vi.setSystemTime(Date.now() + 10_000); // a background tab's timers slept
      vi.advanceTimersByTime(250);
      stop();
      vi.advanceTimersByTime(5000);
      expect(seen).toEqual([1, 2, 12]);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
