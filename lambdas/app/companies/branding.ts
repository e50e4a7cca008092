import type { EmailBrand } from '../../domain/emails/layout';
import type { Company } from '../../shared/db/companies';
import { latestMediaOfGroup } from '../../shared/db/media';
import { presignDownload } from '../../shared/clients/storage';

/** A link to the company's logo while its theme is on and the logo is a ready upload of its own; null otherwise. */
const logoHrefOf = async (company: Pick<Company, 'companyId' | 'theme'>) => {
  const logoGroup = company.theme.themeEnabled ? company.theme.logoImageGroupId : null;
  const logo = logoGroup ? await latestMediaOfGroup(logoGroup) : null;
  const logoVariant = logo?.uploadStatus === 'ready' && logo.companyId === company.companyId ? logo.variants[0] : undefined;
  return logoVariant ? presignDownload(logoVariant.key) : null;
};

/** The company's branding in its e-mails' layout: null while its theme is off. */
export const emailBrand = async (company: Pick<Company, 'companyId' | 'companyName' | 'theme'>): Promise<EmailBrand | null> =>
  company.theme.themeEnabled
    ? {
        companyName: company.companyName,
        primary: company.theme.themeDefinition.palette.primary.main,
        secondary: company.theme.themeDefinition.palette.secondary.main,
        logoHref: await logoHrefOf(company),
      }
    : null;

/** What a candidate-facing page shows of the company: name, theme, logo link. */
export const branding = async (company: Company, jobTitle: string) => {
  return {
    companyName: company.companyName,
    jobTitle,
    theme: company.theme,
    logoHref: await logoHrefOf(company),
  };
};
