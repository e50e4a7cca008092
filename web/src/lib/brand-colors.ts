import { readableTextOn } from '../../../lambdas/contracts/contrast';
import type { Theme } from '../../../lambdas/contracts/company';
import { DEFAULT_BRAND_COLORS } from '../../../lambdas/contracts/vocabulary';

/**
 * The spec's default theme colours, in a module of their own: the hiring app's Amplify UI theme
 * (lib/theme.ts) and the candidate's light pages both start from them, and a company's branding
 * swaps them.
 */
export const DEFAULT_PRIMARY = DEFAULT_BRAND_COLORS.primary;
export const DEFAULT_SECONDARY = DEFAULT_BRAND_COLORS.secondary;

/**
 * The colours of a candidate's page: the company's theme while it is on, otherwise the product's
 * own, with readable text on the primary (black or white by WCAG contrast). Plain code (no SWR, no
 * UI library), for the candidate's light app.
 */
export const brandColors = (theme: Theme | null | undefined) => {
  const palette = theme?.themeEnabled ? theme.themeDefinition.palette : null;
  const primary = palette?.primary.main ?? DEFAULT_PRIMARY;
  return { themed: palette !== null, primary, onPrimary: readableTextOn(primary), secondary: palette?.secondary.main ?? DEFAULT_SECONDARY };
};
