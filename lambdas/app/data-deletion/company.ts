import { getCompany } from '../../data/companies';
import { notFound } from '../../platform/errors';

/**
 * The company a "Delete my data" page is about, by name (issue 43): a candidate who applied to
 * several companies sees which one they ask. Its name only (one GetItem); an unknown id is a 404.
 */
export const dataDeletionCompany = async (companyId: string) => {
  const company = await getCompany(companyId);
  if (!company) throw notFound('This company is not known.', 'company_not_found');
  return { companyName: company.companyName };
};
