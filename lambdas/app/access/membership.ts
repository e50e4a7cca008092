import { getCompany, type Company } from '../../shared/db/companies';
import { getMembership, type Membership } from '../../shared/db/memberships';
import { notFound } from '../../shared/errors';

/**
 * Tenant check: the caller must belong to the company. Another company's object is a 404, never
 * a sign that it exists.
 */
export const requireMembership = async (companyId: string, userId: string): Promise<Membership> => {
  const membership = await getMembership(companyId, userId);
  if (!membership) throw notFound('Company not found.');
  return membership;
};

/** The company, for one of its members (both reads in parallel); 404 otherwise. */
export const memberCompany = async (companyId: string, userId: string): Promise<Company> => {
  const [company] = await Promise.all([getCompany(companyId), requireMembership(companyId, userId)]);
  if (!company) throw notFound('Company not found.');
  return company;
};
