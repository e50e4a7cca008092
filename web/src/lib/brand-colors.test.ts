import { describe, expect, it } from 'vitest';
import { brandColors, DEFAULT_PRIMARY, DEFAULT_SECONDARY } from './brand-colors';

const theme = (themeEnabled: boolean) => ({
  themeEnabled,
  logoImageGroupId: null,
  themeDefinition: { palette: { primary: { main: '#ffeb3b' }, secondary: { main: '#112233' } } },
});

describe('brandColors', () => {
  it("is the company's theme while it is on, with readable text on its primary", () => {
    expect(brandColors(theme(true))).toEqual({ themed: true, primary: '#ffeb3b', onPrimary: '#000000', secondary: '#112233' });
  });

  it("is the product's own colours while the theme is off or unknown", () => {
    const own = { themed: false, primary: DEFAULT_PRIMARY, onPrimary: '#ffffff', secondary: DEFAULT_SECONDARY };
    expect(brandColors(theme(false))).toEqual(own);
    expect(brandColors(null)).toEqual(own);
  });
});
