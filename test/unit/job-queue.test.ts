import { describe, expect, it } from 'vitest';
import { createJobQueue, localMediaJobLimit } from '../../lib/local/job-queue';

describe('the local media jobs queue', () => {
  it('runs at most its limit of jobs at once and the rest in turn, a failed job freeing its place', async () => {
    const queue = createJobQueue(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (n: number) =>
      queue(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        order.push(n);
        if (n === 1) throw new Error('job 1 failed');
        return n;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map(job));
    expect(most).toBe(2);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect([...order].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('takes its limit from LOCAL_MEDIA_JOBS, else one fewer than the cores and at least one', () => {
    expect(localMediaJobLimit('3')).toBe(3);
    expect(localMediaJobLimit('0')).toBeGreaterThanOrEqual(1);
    expect(localMediaJobLimit('many')).toBeGreaterThanOrEqual(1);
  });
});
