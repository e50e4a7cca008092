import { DEFAULT_BRAND_COLORS } from '../../../../lambdas/contracts/vocabulary';
/** Texts of the Theme tab (spec §2, §8), word for word where the spec gives them. */
export const themeMessages = {
  loadFailed: 'Unable to retrieve theme at this time. Please contact us.',
  saveFailed: 'Unable to update theme at this time. Please contact us.',
  notImage: 'Must upload an image',
  uploadFailed: 'Unable to upload logo',
  uploadError: 'Error uploading logo',
  logoHelp: 'Recommended: 400px by 400px, transparent background (PNG, JPEG or WebP).',
  badColor: `Use a color like ${DEFAULT_BRAND_COLORS.primary}.`,
  saved: 'Theme saved.',
} as const;
