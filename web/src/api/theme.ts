import useSWR from 'swr';
import type * as z from 'zod/mini';
import type { themeSchema } from '../../../lambdas/contracts/company';
import { readableTextOn } from '../../../lambdas/contracts/contrast';
import { apiPath, callApi } from './client';
import { brandColors } from '../lib/brand-colors';
import { getMediaUploadGroupsCall } from './media';
import { useApi } from './use-api';

/** The company's branding theme (spec §2 Theme tab, §3 Company theme). */
export type Theme = z.infer<typeof themeSchema>;

export const themePath = (companyId: string) => apiPath('getTheme', { companyId });
export const useTheme = (companyId: string | undefined) => useApi(companyId ? themePath(companyId) : null);
export const putThemeCall = (companyId: string, theme: Theme) => callApi('putTheme', { params: { companyId }, body: theme });

/** Whether two themes are the same (Save is enabled only when the edited theme differs from the saved one). */
export const sameTheme = (a: Theme, b: Theme) =>
  a.themeEnabled === b.themeEnabled &&
  a.logoImageGroupId === b.logoImageGroupId &&
  a.themeDefinition.palette.primary.main.toLowerCase() === b.themeDefinition.palette.primary.main.toLowerCase() &&
  a.themeDefinition.palette.secondary.main.toLowerCase() === b.themeDefinition.palette.secondary.main.toLowerCase();

/** A link to the image a logo group holds (its latest upload), for the team's own screens; null while there is none. */
export const useLogoHref = (groupId: string | null | undefined) =>
  useSWR(groupId ? ['theme-logo', groupId] : null, async () => (await getMediaUploadGroupsCall([groupId!]))[0]?.variants[0]?.contentHref ?? null);

/** A theme's colours with readable text on each (black or white by WCAG contrast); null while the theme is off. */
export const themeColors = (theme: Theme | null | undefined) => {
  if (!theme?.themeEnabled) return null;
  const { primary, onPrimary, secondary } = brandColors(theme);
  return { primary, onPrimary, secondary, onSecondary: readableTextOn(secondary) };
};
