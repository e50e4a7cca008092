import { getCompany, type Company } from '../../data/companies';
import { getMembership, type Membership } from '../../data/memberships';
import { forbidden, notFound } from '../../platform/errors';
import { alongside } from './alongside';
import { callerId, type Caller } from './caller';

/**
 * Tenant check: the caller must belong to the company. Another company's object is a 404, never
 * a sign that it exists.
 */
export const requireMembership = async (companyId: string, caller: Caller): Promise<Membership> => {
  const membership = await getMembership(companyId, await callerId(caller));
  if (!membership) throw notFound('Company not found.');
  return membership;
};

/** The company, for one of its members: read alongside the membership check (and the session check, while it runs); 404 otherwise. */
export const memberCompany = async (companyId: string, caller: Caller): Promise<Company> => {
  const [, company] = await alongside(requireMembership(companyId, caller), getCompany(companyId));
  if (!company) throw notFound('Company not found.');
  return company;
};

/**
 * The company, for its owner (spec §6: settings, billing and integrations are the owner's). The
 * company is read alongside the caller's membership; another company is a 404 that reveals
 * nothing, a member who is not the owner a 403 saying so.
 */
export const ownedCompany = async (companyId: string, caller: Caller, notOwner = 'Only the company owner can do this.'): Promise<Company> => {
  const owner = requireMembership(companyId, caller).then((membership) => {
    if (membership.role !== 'owner') throw forbidden(notOwner);
    return membership;
  });
  const [, company] = await alongside(owner, getCompany(companyId));
  if (!company) throw notFound('Company not found.');
  return company;
};

/**
 * On an owner route (the handler chain checks the owner): the company, read alongside that check
 * while it runs (`defineHandlerAlongsideAuth`), handed out once it passed.
 */
export const companyOfOwner = async (companyId: string, owner: PromiseLike<Membership>): Promise<Company> => {
  const [, company] = await alongside(Promise.resolve(owner), getCompany(companyId));
  if (!company) throw notFound('Company not found.');
  return company;
};
