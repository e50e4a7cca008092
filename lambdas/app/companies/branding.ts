import type { EmailBrand } from '../../domain/emails/layout';
import { appOrigin } from '../../platform/app-origin';
import { getCompany, type Company } from '../../data/companies';
import { getGroupCompany, latestMediaOfGroup } from '../../data/media';
import { presignDownload } from '../../adapters/storage';
import { getCompanyLogo } from '../../operations/public';
import { API_PREFIX, fillPath } from '../../operations/path';

/** A link to the company's logo while its theme is on and the logo is a ready upload of its own; null otherwise. */
const logoHrefOf = async (company: Pick<Company, 'companyId' | 'theme'>) => {
  const logoGroup = company.theme.themeEnabled ? company.theme.logoImageGroupId : null;
  const logo = logoGroup ? await latestMediaOfGroup(logoGroup) : null;
  const logoVariant = logo?.uploadStatus === 'ready' && logo.companyId === company.companyId ? logo.variants[0] : undefined;
  return logoVariant ? presignDownload(logoVariant.key) : null;
};

/**
 * The company's branding in its e-mails' layout: null while its theme is off. A mail is read days
 * later, so its logo links to the API's logo route (a redirect to a fresh presigned URL), not to
 * a presigned URL that expires within the hour.
 */
export const emailBrand = async (company: Pick<Company, 'companyId' | 'companyName' | 'theme'>): Promise<EmailBrand | null> => {
  if (!company.theme.themeEnabled) return null;
  const logoImageGroupId = company.theme.logoImageGroupId;
  return {
    companyName: company.companyName,
    primary: company.theme.themeDefinition.palette.primary.main,
    secondary: company.theme.themeDefinition.palette.secondary.main,
    logoHref: logoImageGroupId ? `${await appOrigin()}${API_PREFIX}${fillPath(getCompanyLogo.path, { logoImageGroupId })}` : null,
  };
};

/** Where the logo behind an e-mail's link is now: a presigned URL while it is its company's logo and the theme is on. */
export const companyLogoHref = async (logoImageGroupId: string): Promise<string | null> => {
  const companyId = await getGroupCompany(logoImageGroupId);
  const company = companyId ? await getCompany(companyId) : null;
  if (!company || company.theme.logoImageGroupId !== logoImageGroupId) return null;
  return logoHrefOf(company);
};

/** What a candidate-facing page shows of the company: name, theme, logo link. */
export const branding = async (company: Company, jobTitle: string) => {
  return {
    companyName: company.companyName,
    jobTitle,
    theme: company.theme,
    logoHref: await logoHrefOf(company),
  };
};
