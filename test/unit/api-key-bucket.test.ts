import { describe, expect, it } from 'vitest';
import { API_KEY_BURST, API_KEY_REFILL_PER_SECOND } from '../../lambdas/contracts/api-keys';
import { type Bucket, takeToken } from '../../lambdas/domain/api-keys';

/** Takes tokens one after another, each from the bucket the one before left, at the given times. */
const takeAt = (bucket: Bucket | null, times: number[]) => {
  let admitted = 0;
  for (const now of times) {
    const taken = takeToken(bucket, now);
    if (!taken.ok) continue;
    admitted++;
    bucket = taken.bucket;
  }
  return { admitted, bucket };
};

describe("an API key's token bucket", () => {
  it('starts full, admits the burst, then refuses with the wait until the next token', () => {
    const { admitted, bucket } = takeAt(null, Array(API_KEY_BURST + 5).fill(1_000));
    expect(admitted).toBe(API_KEY_BURST);
    const refused = takeToken(bucket, 1_000);
    expect(refused).toEqual({ ok: false, retryAfterMs: Math.ceil(1000 / API_KEY_REFILL_PER_SECOND) });
    expect(takeToken(bucket, 1_000 + 1000 / API_KEY_REFILL_PER_SECOND).ok).toBe(true);
  });

  it('never refills past the burst', () => {
    const taken = takeToken({ tokens: 0, at: 0 }, 3_600_000);
    expect(taken).toEqual({ ok: true, bucket: { tokens: API_KEY_BURST - 1, at: 3_600_000 } });
  });

  it('keeps its time when a request read the clock before the bucket it took from was stored', () => {
    // Request B stored its bucket at 2000; request A read the clock at 1500, lost the race, read
    // B's bucket again and takes from it: the stored time stays 2000, so 1500..2000 is refilled once.
    const stored: Bucket = { tokens: 3, at: 2_000 };
    const late = takeToken(stored, 1_500);
    expect(late).toEqual({ ok: true, bucket: { tokens: 2, at: 2_000 } });
    if (!late.ok) return;
    const next = takeToken(late.bucket, 2_200);
    expect(next).toEqual({ ok: true, bucket: { tokens: 2 + 0.2 * API_KEY_REFILL_PER_SECOND - 1, at: 2_200 } });
  });

  it('admits no more than the burst and the refill over an interval, whatever order the clocks come in', () => {
    const times = Array.from({ length: 400 }, (_, i) => ((i * 7919) % 1000) + 10_000);
    const { admitted } = takeAt(null, times);
    expect(admitted).toBeLessThanOrEqual(API_KEY_BURST + Math.ceil(API_KEY_REFILL_PER_SECOND * 1) + 1);
  });
});
