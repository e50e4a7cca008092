import { getCompanyLogo as contract } from '../../contracts/company';
import { companyLogoHref } from '../../app/companies/branding';
import { routes } from '../../routes';
import { notFound } from '../../shared/errors';
import { apiHandler, Reply } from '../../shared/http';

/** The logo e-mails show: a short-lived redirect to the image, so the mail's link never expires. */
export const handler = apiHandler(routes.getCompanyLogo, contract, async ({ params }) => {
  const href = await companyLogoHref(params.logoImageGroupId);
  if (!href) throw notFound('No logo here.');
  return new Reply(302, undefined, { location: href, 'cache-control': 'public, max-age=300' });
});
