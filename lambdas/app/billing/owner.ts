import { getCompany, type Company } from '../../shared/db/companies';
import { getMembership } from '../../shared/db/memberships';
import { forbidden, notFound } from '../../shared/errors';

/**
 * Billing is the owner's (spec §6). The company and the caller's membership are read together;
 * another company is a 404 that reveals nothing, a member who is not the owner a 403.
 */
export const ownedCompany = async (companyId: string, userId: string): Promise<Company> => {
  const [company, membership] = await Promise.all([getCompany(companyId), getMembership(companyId, userId)]);
  if (!company || !membership) throw notFound('Company not found.');
  if (membership.role !== 'owner') throw forbidden('Only the company owner can manage billing.');
  return company;
};
