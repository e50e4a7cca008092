import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutReturns } from './checkout-returns';

const DAY = 24 * 60 * 60 * 1000;

describe('checkoutReturns', () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the path a checkout started from until it is removed', () => {
    checkoutReturns.save('ref-1', '/companies/c1/positions/p1?view=candidates');
    checkoutReturns.save('ref-2', '/companies/c1/positions');
    expect(checkoutReturns.path('ref-1')).toBe('/companies/c1/positions/p1?view=candidates');
    checkoutReturns.remove('ref-1');
    expect(checkoutReturns.path('ref-1')).toBeNull();
    expect(checkoutReturns.path('ref-2')).toBe('/companies/c1/positions');
  });

  it('follows only paths of the app, and forgets entries older than a week', () => {
    checkoutReturns.save('outside', '//evil.example.com/x', 0);
    expect(checkoutReturns.path('outside')).toBeNull();
    checkoutReturns.save('old', '/companies/c1', 0);
    checkoutReturns.save('new', '/companies/c2', 8 * DAY);
    expect(checkoutReturns.path('old')).toBeNull();
    expect(checkoutReturns.path('new')).toBe('/companies/c2');
  });
});
