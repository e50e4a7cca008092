import { getCompany, type Company } from '../../shared/db/companies';
import { getMembership, type Membership } from '../../shared/db/memberships';
import { forbidden, notFound } from '../../shared/errors';

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

/**
 * The company, for its owner (spec §6: settings, billing and integrations are the owner's). The
 * company and the caller's membership are read together; another company is a 404 that reveals
 * nothing, a member who is not the owner a 403 saying so.
 */
export const ownedCompany = async (companyId: string, userId: string, notOwner = 'Only the company owner can do this.'): Promise<Company> => {
  const [company, membership] = await Promise.all([getCompany(companyId), getMembership(companyId, userId)]);
  if (!company || !membership) throw notFound('Company not found.');
  if (membership.role !== 'owner') throw forbidden(notOwner);
  return company;
};
