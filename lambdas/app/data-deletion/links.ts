import { paths } from '../../contracts/app-paths';
import { appLink } from '../../platform/app-origin';

/** The "Delete my data" link under every mail a candidate receives (issue 28): the company's page, their address prefilled. */
export const deleteMyDataHref = (companyId: string, email: string | null) => appLink(paths.deleteMyData.to(companyId, { email }));
