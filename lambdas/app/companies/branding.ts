import type { Company } from '../../shared/db/companies';
import { latestMediaOfGroup } from '../../shared/db/media';
import { presignDownload } from '../../shared/clients/storage';

/** What a candidate-facing page shows of the company: name, theme, logo link. */
export const branding = async (company: Company, jobTitle: string) => {
  const logoGroup = company.theme.themeEnabled ? company.theme.logoImageGroupId : null;
  const logo = logoGroup ? await latestMediaOfGroup(logoGroup) : null;
  const logoVariant = logo?.uploadStatus === 'ready' && logo.companyId === company.companyId ? logo.variants[0] : undefined;
  return {
    companyName: company.companyName,
    jobTitle,
    theme: company.theme,
    logoHref: logoVariant ? await presignDownload(logoVariant.key) : null,
  };
};
