import type { Company } from '../../data/companies';
import type { Caller } from '../access/caller';
import { ownedCompany as ownerOnly } from '../access/membership';

/** Billing is the owner's (spec §6): another company is a 404, a member who is not the owner a 403. */
export const ownedCompany = (companyId: string, caller: Caller): Promise<Company> =>
  ownerOnly(companyId, caller, 'Only the company owner can manage billing.');
