import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The seconds the recording timer shows, with or without a limit ("1:05 / 2:00", "1:05"); -1 while there is none. */
export const recordedSeconds = async (page: Page): Promise<number> => {
  const timer = page.getByRole('timer', { name: 'Recording time' });
  if ((await timer.count()) === 0) return -1;
  const match = /(\d+):(\d\d)/.exec((await timer.textContent()) ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
};

/** Waits until the recording clock shows at least `seconds`: a take that long is under way (however slow the machine). */
export const recordFor = (page: Page, seconds: number): Promise<void> =>
  expect.poll(() => recordedSeconds(page), { timeout: 30_000 + seconds * 1000 }).toBeGreaterThanOrEqual(seconds);
