import * as operations from '../../operations/public';
import { companyLogoHref } from '../../app/companies/branding';
import { notFound } from '../../platform/errors';
import { defineHandler, Reply } from '../../platform/http';

/** The logo e-mails show: a short-lived redirect to the image, so the mail's link never expires. */
export const handler = defineHandler(operations.getCompanyLogo, async ({ params }) => {
  const href = await companyLogoHref(params.logoImageGroupId);
  if (!href) throw notFound('No logo here.');
  return new Reply(302, undefined, { location: href, 'cache-control': 'public, max-age=300' });
});
