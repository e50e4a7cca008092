import { describe, expect, it } from 'vitest';
import { accessibleTo, opens, type Membership, type Position } from '../../lambdas/app/access/position';

/**
 * The position access rule (spec §6) as requirePositionAccess and the candidate checks apply it:
 * a membership opens a position of its own company only, and then as the sharing allows. The api
 * isolation matrix reads memberships under the position's company, so only this test would see the
 * company comparison go.
 */
const position = (companyId: string, sharing: { userIds: string[] } | null = null) =>
  ({ positionId: 'p1', companyId, sharing }) as unknown as Position;
const member = (companyId: string, userId: string, role: Membership['role'] = 'member'): Membership => ({ companyId, userId, role });

describe('opens (position access)', () => {
  it("opens a position of the membership's own company to its owner and members", () => {
    expect(opens(position('A'), member('A', 'u1', 'owner'))).toBe(true);
    expect(opens(position('A'), member('A', 'u2'))).toBe(true);
  });

  it('never opens a position of another company, whatever the role or the sharing', () => {
    expect(opens(position('A'), member('B', 'u1'))).toBe(false);
    expect(opens(position('A'), member('B', 'u1', 'owner'))).toBe(false);
    // Shared with a user id that happens to be the caller's, but the caller's membership is of B.
    expect(opens(position('A', { userIds: ['u1'] }), member('B', 'u1'))).toBe(false);
  });

  it('limits a position shared with named members to them (and the owner)', () => {
    const shared = position('A', { userIds: ['u2'] });
    expect(opens(shared, member('A', 'u2'))).toBe(true);
    expect(opens(shared, member('A', 'u3'))).toBe(false);
    expect(opens(shared, member('A', 'u1', 'owner'))).toBe(true);
  });

  it('opens nothing without a position or a membership', () => {
    expect(opens(null, member('A', 'u1', 'owner'))).toBe(false);
    expect(opens(position('A'), null)).toBe(false);
  });

  it('filters lists by the same sharing rule', () => {
    const shared = position('A', { userIds: ['u2'] });
    expect([position('A'), shared].filter(accessibleTo(member('A', 'u3')))).toHaveLength(1);
    expect([position('A'), shared].filter(accessibleTo(member('A', 'u2')))).toHaveLength(2);
  });
});
