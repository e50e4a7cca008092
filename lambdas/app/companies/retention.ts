import type { Retention } from '../../contracts/company';
import { setRetentionMonths } from '../../data/companies';
import type { Membership } from '../../data/memberships';
import { notFound } from '../../platform/errors';

/**
 * The company's retention policy (issue 28; owner route: the handler chain checks the owner). The
 * retention job (app/deletion/retention.ts) reads it on its next run; a candidate page shows the
 * date it gives.
 */
export const saveRetention = async (companyId: string, owner: PromiseLike<Membership>, retention: Retention): Promise<Retention> => {
  await owner;
  if (!(await setRetentionMonths(companyId, retention.retentionMonths))) throw notFound('Company not found.');
  return { retentionMonths: retention.retentionMonths };
};
