import { getApplyLink as contract } from '../../contracts/interview';
import { routes } from '../../routes';
import { branding } from '../../app/companies/branding';
import { getCompany } from '../../shared/db/companies';
import { getPositionByApplyLink } from '../../shared/db/positions';
import { notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';
import { APPLY_LINK_NOT_FOUND } from '../../app/access/interview';

/** The public apply page: the company's branding, the position's title, and whether it takes applications. */
export const handler = apiHandler(routes.getApplyLink, contract, async ({ params }) => {
  const position = await getPositionByApplyLink(params.linkId);
  const company = position ? await getCompany(position.companyId) : null;
  if (!position || !company) throw notFound(APPLY_LINK_NOT_FOUND, 'apply_link_not_found');
  return { ...(await branding(company, position.jobTitle)), open: position.currentStatus === 'open' };
});
