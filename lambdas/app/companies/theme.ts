import type { Theme } from '../../contracts/company';
import { IMAGE_CONTENT_TYPES } from '../../contracts/media-types';
import { setTheme } from '../../data/companies';
import { getGroupCompany, latestMediaOfGroup } from '../../data/media';
import type { Membership } from '../../data/memberships';
import { badRequest, notFound } from '../../platform/errors';
import { alongside } from '../access/alongside';

/** The company's branding theme (owner route: the handler chain checks the owner). */

/** A logo is a media group of this company whose latest upload is a finished image. */
const checkLogo = async (companyId: string, logoImageGroupId: string) => {
  const [owner, media] = await Promise.all([getGroupCompany(logoImageGroupId), latestMediaOfGroup(logoImageGroupId)]);
  if (owner !== companyId || !media || media.companyId !== companyId) {
    throw badRequest('The logo is not an upload of this company.', 'invalid_logo');
  }
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(media.contentType)) throw badRequest('Must upload an image', 'logo_not_image');
  if (media.uploadStatus !== 'ready') throw badRequest('The logo has not finished uploading.', 'logo_not_ready');
};

/** Saves the theme after checking its logo (read alongside the chain's owner check); returns the theme as stored. */
export const saveTheme = async (companyId: string, owner: PromiseLike<Membership>, theme: Theme): Promise<Theme> => {
  await alongside(Promise.resolve(owner), theme.logoImageGroupId ? checkLogo(companyId, theme.logoImageGroupId) : Promise.resolve());
  const company = await setTheme(companyId, theme);
  if (!company) throw notFound('Company not found.');
  return company.theme;
};
