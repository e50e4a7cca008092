import * as operations from '../../operations/companies';
import { requireMembership } from '../../app/access/membership';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.getOwnershipStatus, async ({ params, session }) => {
  const membership = await requireMembership(params.companyId, session.userId);
  return { isOwner: membership.role === 'owner' };
});
