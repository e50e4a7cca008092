import { describe, expect, it } from 'vitest';
import { UnexpectedSubscriptionFrequency } from '../../../lambdas/contracts/billing-catalog';
import { describePlan, describeSubscription, type PlanStatus, type Subscription } from './companies';

/** A subscription in words (the Billing tab, the company bar's hover text), and spec §8's unexpected frequency. */
describe('describing a subscription', () => {
  const subscription = (interval: string): Subscription =>
    ({ tier: 'medium', interval, currency: 'usd', cancelAtPeriodEnd: false, currentPeriodEnd: null }) as Subscription;

  it('says how often it bills', () => {
    expect(describeSubscription(subscription('month'))).toBe('Growth plan, billed monthly');
    expect(describeSubscription(subscription('year'))).toBe('Growth plan, billed yearly');
  });

  it('raises an error for an unexpected frequency, never shows it as monthly (spec §8)', () => {
    for (const interval of ['week', 'day', '', 'toString'])
      expect(() => describeSubscription(subscription(interval))).toThrow(UnexpectedSubscriptionFrequency);
    const plan: PlanStatus = {
      subscriptionStatus: 'subscribed',
      candidatePacksStatus: { allocated: 3, invited: 0, remaining: 3 },
      subscription: subscription('week'),
    };
    expect(() => describePlan(plan)).toThrow('Unexpected subscription frequency: "week"');
  });
});
